internal import Foundation
internal import WaveNotificationsTesting

/// The words the app timeline prints for the machine names of the JSON Lines format (reasons, link checks, levels).
///
/// Each table is keyed by the raw value printed in JSON, so a name added later (a new reason, a new platform) still
/// prints: as its raw value with underscores read as spaces.
enum AppTextWords {
    /// Why a notification was not shown, was cancelled or was withdrawn, keyed by `NotificationReason` raw value,
    /// and why a device lost one (`LossReason`'s own words: `docs/scenario-format.md`, Platforms).
    static let reasons = notificationReasons.merging(
        LossReason.allCases.map { ($0.rawValue, $0.words) }, uniquingKeysWith: { own, _ in own })

    /// The words of each `NotificationReason` raw value.
    private static let notificationReasons: [String: String] = [
        "quiet_hours": "quiet hours",
        "daily_cap": "daily cap reached",
        "already_notified": "already notified",
        "missed": "missed its time",
        "expired": "expired",
        "permission_denied": "permission denied",
        "user_disabled": "turned off by the user",
        "category_disabled": "category turned off",
        "stale_data": "data too old",
        "window_passed": "window passed",
        "reschedule": "not needed any more",
        "responded": "answered",
        "snoozed": "snoozed",
        "collapsed": "replaced by a newer one",
        "android_notification_cap": "50 already on screen (Android's cap)",
    ]

    /// Why a notification reached the user late, keyed by a `delay`'s `cause` (`docs/scenario-format.md`, Device
    /// conditions): the device model's own words.
    static let delayCauses = Dictionary(uniqueKeysWithValues: DelayCause.allCases.map { ($0.rawValue, $0.words) })

    /// What kept a notification quiet on iOS, keyed by a delivery's `quiet`.
    static let quietReasons = Dictionary(uniqueKeysWithValues: QuietReason.allCases.map { ($0.rawValue, $0.words) })

    /// Why the system did not run the app, keyed by a `skipped` line's `cause`.
    static let skipCauses = Dictionary(
        uniqueKeysWithValues: DeviceSkipCause.allCases.map { ($0.rawValue, $0.words) })

    /// Why GrowBro refused to open a link, keyed by the `rejected` value of a `link` line (the spec's checks).
    static let linkRejections: [String: String] = [
        "encoding": "unsafe characters or encoding",
        "scheme": "scheme not allowed",
        "userinfo": "user name in the address",
        "port": "port in the address",
        "host": "host not allowed",
        "path": "unknown route",
        "id": "invalid id",
        "redirect": "redirect parameter",
    ]

    /// Why a push has no payload, keyed by the `rejected` value of a `payload` line.
    static let payloadRejections: [String: String] = [
        "too_large": "too large"
    ]

    /// How a delivery interrupts, keyed by interruption level; `active`, the default, is not worth a word.
    static let interruptionLevels: [String: String] = [
        "passive": "passive (silent)",
        "timeSensitive": "time-sensitive",
        "critical": "critical",
    ]

    /// Why the app ran, keyed by a `run` line's `cause`.
    static let runCauses = Dictionary(uniqueKeysWithValues: DeviceRunCause.allCases.map { ($0.rawValue, $0.words) })

    /// The device platforms' names, keyed by `--platform` value.
    static let platforms: [String: String] = [
        "ios": "iOS",
        "android": "Android",
        "linux": "Linux",
    ]

    /// The push platforms' names, keyed by `--payloads` value.
    static let payloadPlatforms: [String: String] = [
        "apns": "APNs",
        "fcm": "FCM",
    ]

    /// The words for a name in a table, or the name itself with underscores read as spaces.
    ///
    /// - Parameters:
    ///   - name: The machine name, as printed in JSON.
    ///   - table: One of the tables above.
    /// - Returns: Words for people.
    static func words(for name: String, in table: [String: String]) -> String {
        table[name] ?? name.replacingOccurrences(of: "_", with: " ")
    }
}
