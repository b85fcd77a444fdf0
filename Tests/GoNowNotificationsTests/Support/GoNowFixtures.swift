import Foundation
import GoNowNotifications
import WaveNotifications

/// Builders for GoNow tests: local times in Asia/Jerusalem, forecasts from score lists, planning in one call.
enum GoNowFixtures {
    static let zone = TimeZone(identifier: "Asia/Jerusalem")!

    /// The instant of a local `YYYY-MM-DDTHH:MM` in Jerusalem (core gap/overlap rules).
    static func local(_ text: String) -> Date {
        zone.instant(for: try! LocalDateTime(parsing: text))
    }

    /// An instant written with an offset or `Z`, e.g. `2026-03-27T03:30:00Z`.
    static func instant(_ text: String) -> Date {
        try! Date(text, strategy: .iso8601)
    }

    /// Consecutive hours (one hour apart in absolute time) from a local start, one per score, for one mode.
    static func hours(
        from start: String, _ scores: [Int], mode: GoNowMode = .swimSolo, reasons: [Int: String] = [:],
        heatGated: Set<Int> = []
    ) -> [GoNowForecastHour] {
        let first = local(start)
        return scores.enumerated().map { index, score in
            GoNowForecastHour(
                start: first.addingTimeInterval(Double(index) * 3600), scores: [mode: score],
                heatGated: heatGated.contains(index) ? [mode] : [], reasons: reasons[index].map { [mode: $0] } ?? [:])
        }
    }

    /// Merges hour lists of several modes that start at the same instants into one list.
    static func merge(_ lists: [GoNowForecastHour]...) -> [GoNowForecastHour] {
        var byStart: [Date: GoNowForecastHour] = [:]
        for hour in lists.joined() {
            var merged = byStart[hour.start] ?? GoNowForecastHour(start: hour.start, scores: [:])
            merged.scores.merge(hour.scores) { $1 }
            merged.heatGated.formUnion(hour.heatGated)
            merged.reasons.merge(hour.reasons) { $1 }
            byStart[hour.start] = merged
        }
        return byStart.values.sorted { $0.start < $1.start }
    }

    static func settings(
        _ modes: Set<GoNowMode> = [.swimSolo], enabled: Bool = true, quiet: (String, String)? = nil,
        dogName: String? = nil
    ) -> GoNowSettings {
        var quietHours = QuietHoursSetting()
        if let quiet {
            quietHours = QuietHoursSetting(
                enabled: true, start: try! LocalTime(parsing: quiet.0), end: try! LocalTime(parsing: quiet.1))
        }
        return GoNowSettings(enabled: enabled, enabledModes: modes, quietHours: quietHours, dogName: dogName)
    }

    static func plan(
        _ settings: GoNowSettings, hours: [GoNowForecastHour], now: String, fetchedAt: String? = nil,
        moment: GoNowPlanner.Moment = .foreground, permission: PermissionStatus = .authorized,
        history: [GoNowShownNotification] = [], pending: [NotificationRequest] = []
    ) -> NotificationPlan {
        GoNowPlanner.plan(
            settings: settings, forecast: GoNowForecast(fetchedAt: local(fetchedAt ?? now), hours: hours),
            now: local(now), moment: moment, timeZone: zone, permission: permission, history: history,
            pending: pending)
    }
}

extension NotificationPlan {
    var desiredIDs: [String] { desired.map(\.identifier) }

    func desired(_ identifier: String) -> NotificationRequest? { desired.first { $0.identifier == identifier } }

    func reason(_ identifier: String) -> NotificationReason? {
        suppressed.first { $0.identifier == identifier }?.reason
    }
}
