internal import WaveCommandLine
internal import WaveJSON
internal import WaveNotifications
internal import WaveNotificationsTesting

extension ValueDecoder where Value == DeviceConditions {
    /// The envelope's `device` object, or a `device` action's merged value (`docs/scenario-format.md`, Device
    /// conditions): `idle`, `android` and `ios`, every key optional. Unknown keys are problems in every scenario,
    /// WorldWideWaves' included, since a misspelt condition would replay an ideal phone without a word.
    static var deviceConditions: ValueDecoder<DeviceConditions> {
        strictObject(keys: ["idle", "android", "ios"], named: "an object of device conditions") { object, diagnostics in
            let idle = object.decode(
                .optional("idle", .array(of: .idleWindow, named: "an array of windows"), default: []), &diagnostics)
            let android = object.decode(.optional("android", .androidConditions, default: .init()), &diagnostics)
            let ios = object.decode(.optional("ios", .iosConditions, default: .init()), &diagnostics)
            guard let idle, let android, let ios else { return nil }
            return DeviceConditions(idle: idle, android: android, ios: ios)
        }
    }

    /// An object whose unknown keys are problems whatever the scenario's own rule.
    fileprivate static func strictObject<Built>(
        keys: [String], named name: String,
        build: @escaping @Sendable (ObjectDecoder, inout DecodingDiagnostics) -> Built?
    ) -> ValueDecoder<Built> {
        ValueDecoder<Built> { value, path, diagnostics in
            let lenient = diagnostics.unknownKeysAreProblems
            diagnostics.unknownKeysAreProblems = true
            defer { diagnostics.unknownKeysAreProblems = lenient }
            guard let object = ObjectDecoder(value, at: path, keys: keys, named: name, diagnostics: &diagnostics)
            else { return nil }
            return build(object, &diagnostics)
        }
    }
}

extension ValueDecoder where Value == DeviceConditions.Android {
    /// `android`: `exactAlarms` (`allowed`, `denied`), `bucket`, `scheduleMode`.
    fileprivate static var androidConditions: ValueDecoder<DeviceConditions.Android> {
        ValueDecoder<DeviceConditions>.strictObject(
            keys: ["exactAlarms", "bucket", "scheduleMode"], named: "an object of Android conditions"
        ) { object, diagnostics in
            let exact = object.decode(
                .optional("exactAlarms", .oneOf(["allowed", "denied"]), default: "allowed"), &diagnostics)
            let bucket = object.decode(.optional("bucket", .enumeration(), default: StandbyBucket.active), &diagnostics)
            let mode = object.decode(
                .optional("scheduleMode", .enumeration()) as Field<AndroidScheduleMode>, &diagnostics)
            let modeIsBad = object.contains("scheduleMode") && mode == nil
            guard let exact, let bucket, !modeIsBad else { return nil }
            return DeviceConditions.Android(exactAlarmsAllowed: exact == "allowed", bucket: bucket, scheduleMode: mode)
        }
    }
}

extension ValueDecoder where Value == DeviceConditions.IOS {
    /// `ios`: `focus` windows, `scheduledSummary` times (or `null`), `lowPower` windows.
    fileprivate static var iosConditions: ValueDecoder<DeviceConditions.IOS> {
        ValueDecoder<DeviceConditions>.strictObject(
            keys: ["focus", "scheduledSummary", "lowPower"], named: "an object of iOS conditions"
        ) { object, diagnostics in
            let focus = object.decode(
                .optional("focus", .array(of: .focusWindow, named: "an array of windows"), default: []), &diagnostics)
            let summary = object.decode(.optional("scheduledSummary", .summaryTimes, default: nil), &diagnostics)
            let lowPower = object.decode(
                .optional("lowPower", .array(of: .plainWindow, named: "an array of windows"), default: []), &diagnostics
            )
            guard let focus, let summary, let lowPower else { return nil }
            return DeviceConditions.IOS(focus: focus, scheduledSummary: summary, lowPower: lowPower)
        }
    }
}

extension ValueDecoder where Value == [LocalTime]? {
    /// `scheduledSummary`: `null`, or a non-empty array of `HH:MM`.
    fileprivate static var summaryTimes: ValueDecoder<[LocalTime]?> {
        ValueDecoder<[LocalTime]?> { value, path, diagnostics in
            if case .null = value { return .some(nil) }
            let times = ValueDecoder<[LocalTime]>.array(
                of: .localTime, named: "an array of times or null", emptyMessage: "expected at least one time, or null"
            ).decode(value, path, &diagnostics)
            return times.map { .some($0) }
        }
    }
}

/// A daily window read from `{"from": "HH:MM", "to": "HH:MM", …}` with the keys of its kind.
private struct DecodedWindow<Extra: Sendable>: Sendable {
    var window: LocalTimeWindow
    var extra: Extra
}

extension ValueDecoder {
    /// A window object: `from` and `to` (`HH:MM`, required, not equal), and the kind's own keys read by `extra`.
    fileprivate static func window<Extra: Sendable>(
        keys: [String], extra: @escaping @Sendable (ObjectDecoder, inout DecodingDiagnostics) -> Extra?
    ) -> ValueDecoder<DecodedWindow<Extra>> where Value == DecodedWindow<Extra> {
        ValueDecoder<DeviceConditions>.strictObject(keys: keys, named: "a window object") { object, diagnostics in
            let from = object.decode(.required("from", .localTime), &diagnostics)
            let to = object.decode(.required("to", .localTime), &diagnostics)
            let extraValue = extra(object, &diagnostics)
            if let from, let to, from == to {
                diagnostics.problem(
                    object.path.appending(key: "to"), "equals 'from'; a window from \(from) to \(to) would be empty")
                return nil
            }
            guard let from, let to, let extraValue else { return nil }
            return DecodedWindow(window: LocalTimeWindow(start: from, end: to), extra: extraValue)
        }
    }
}

extension ValueDecoder where Value == LocalTimeWindow {
    /// A `lowPower` window: `from` and `to` only.
    fileprivate static var plainWindow: ValueDecoder<LocalTimeWindow> {
        let window: ValueDecoder<DecodedWindow<Bool>> = .window(keys: ["from", "to"]) { _, _ in true }
        return window.map { $0.window }
    }
}

extension ValueDecoder where Value == DeviceConditions.IdleWindow {
    /// An `idle` window: `from`, `to`, `charging` (default `false`).
    fileprivate static var idleWindow: ValueDecoder<DeviceConditions.IdleWindow> {
        ValueDecoder<DecodedWindow<Bool>>.window(keys: ["from", "to", "charging"]) { object, diagnostics in
            object.decode(.optional("charging", .bool, default: false), &diagnostics)
        }.map { DeviceConditions.IdleWindow($0.window, isCharging: $0.extra) }
    }
}

extension ValueDecoder where Value == DeviceConditions.FocusWindow {
    /// A `focus` window: `from`, `to`, `timeSensitive` (default `true`: time-sensitive ones break through).
    fileprivate static var focusWindow: ValueDecoder<DeviceConditions.FocusWindow> {
        ValueDecoder<DecodedWindow<Bool>>.window(keys: ["from", "to", "timeSensitive"]) { object, diagnostics in
            object.decode(.optional("timeSensitive", .bool, default: true), &diagnostics)
        }.map { DeviceConditions.FocusWindow($0.window, allowsTimeSensitive: $0.extra) }
    }
}
