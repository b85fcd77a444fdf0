internal import WaveCommandLine
internal import WaveNotifications

extension ValueDecoder where Value == QuietHoursSetting {
    /// A quiet hours object, GoNow's and GrowBro's: `enabled` (default false), `start` and `end` (`HH:MM`, default
    /// 22:00 and 07:00).
    static var quietHours: ValueDecoder<QuietHoursSetting> {
        ValueDecoder.object(keys: ["enabled", "start", "end"]) { object, diagnostics in
            let defaults = QuietHoursSetting()
            let enabled = object.decode(.optional("enabled", .bool, default: defaults.enabled), &diagnostics)
            let start = object.decode(.optional("start", .localTime, default: defaults.start), &diagnostics)
            let end = object.decode(.optional("end", .localTime, default: defaults.end), &diagnostics)
            guard let enabled, let start, let end else { return nil }
            return QuietHoursSetting(enabled: enabled, start: start, end: end)
        }
    }
}
