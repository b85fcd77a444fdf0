/// How an app hands its requests (and its own moments) to Android: an `AlarmManager` call or WorkManager work.
///
/// Android decides when a held request is shown by the way it was handed over: a phone in Doze, in a low standby
/// bucket or without the exact-alarm permission shows the same request at different instants in each mode
/// (`docs/scenario-format.md`, Device conditions). An app states its modes once (``AppNotificationService/androidScheduling``),
/// from what its Android code calls.
public enum AndroidScheduleMode: String, Hashable, Sendable, Codable, CaseIterable {
    /// `AlarmManager.setAlarmClock`: shown at its instant, always; the system leaves Doze for it. Needs exact alarms.
    case alarmClock
    /// `AlarmManager.setExactAndAllowWhileIdle`: shown at its instant within the allow-while-idle quota. Needs exact
    /// alarms.
    case exactAllowWhileIdle
    /// `AlarmManager.setAndAllowWhileIdle`: shown within a window after its instant, spaced in deep Doze.
    case inexactAllowWhileIdle
    /// WorkManager one-time work with an initial delay: held by Doze until a maintenance window.
    case work

    /// Whether the mode needs the exact-alarm permission (`SCHEDULE_EXACT_ALARM`).
    public var needsExactAlarms: Bool {
        switch self {
        case .alarmClock, .exactAllowWhileIdle: true
        case .inexactAllowWhileIdle, .work: false
        }
    }
}

/// The modes an app uses on Android: one while exact alarms are allowed, and the fallback while they are denied.
public struct AndroidScheduling: Hashable, Sendable, Codable {
    /// The mode while the exact-alarm permission is granted.
    public var whileExactAllowed: AndroidScheduleMode
    /// The mode while it is denied; never one that needs exact alarms.
    public var whileExactDenied: AndroidScheduleMode

    /// Creates the app's modes.
    ///
    /// - Parameters:
    ///   - whileExactAllowed: The mode while exact alarms are allowed.
    ///   - whileExactDenied: The fallback while they are denied; a mode that needs exact alarms is read as
    ///     ``AndroidScheduleMode/inexactAllowWhileIdle``, which is what Android leaves such an app.
    public init(whileExactAllowed: AndroidScheduleMode, whileExactDenied: AndroidScheduleMode) {
        self.whileExactAllowed = whileExactAllowed
        self.whileExactDenied = whileExactDenied.needsExactAlarms ? .inexactAllowWhileIdle : whileExactDenied
    }

    /// flutter_local_notifications' default, and most apps': exact while allowed, inexact while idle otherwise.
    public static let exactWithInexactFallback = AndroidScheduling(
        whileExactAllowed: .exactAllowWhileIdle, whileExactDenied: .inexactAllowWhileIdle)

    /// WorkManager one-time work in every case.
    public static let work = AndroidScheduling(whileExactAllowed: .work, whileExactDenied: .work)

    /// The mode of a request handed over now.
    ///
    /// - Parameter exactAlarmsAllowed: Whether the exact-alarm permission is granted now.
    /// - Returns: The mode Android schedules it in.
    public func mode(exactAlarmsAllowed: Bool) -> AndroidScheduleMode {
        exactAlarmsAllowed ? whileExactAllowed : whileExactDenied
    }
}
