public import Foundation
public import WaveNotifications

/// What a platform decides under a device's conditions, as a value (`docs/scenario-format.md`, Device conditions):
/// when an alarm of the app's own runs, when a push arrives, whether a notification is shown quietly, whether a
/// background refresh runs. The other half of the platform's policy, beside ``DevicePolicy``: that one is fixed, this
/// one changes as the conditions, the zone, a wake and the app's own fires do.
///
/// Each rule is written once, in the value the platform's model uses: Android's timing (``AndroidAlarmTiming``: Doze,
/// the allow-while-idle quota, inexact windows, the standby bucket), which its alarm queue runs the phone's alarms
/// under too, and iOS's presentation (``IOSPresentation``: Focus, Scheduled Summary, Low Power Mode). A device holds
/// its rules and lends them (``SimulatedDevice/withConditionRules(_:)``); ``ideal`` allows everything at once.
public struct DeviceConditionRules: Sendable {
    /// The conditions now (the ideal phone's when none were given).
    public private(set) var conditions: DeviceConditions
    /// Android's timing: on an Android phone given conditions, else `nil` (its alarms run at their instants).
    package var androidTiming: AndroidAlarmTiming?
    /// iOS's presentation: on an iPhone, else `nil`.
    package private(set) var iosPresentation: IOSPresentation?
    /// The app's modes, read with the conditions on Android (``androidMode``).
    package let scheduling: AndroidScheduling
    /// Whose rules they are: a change of the exact-alarm permission means something on Android only.
    private let platform: DevicePlatform

    /// The rules of a device without conditions: every alarm runs, every push arrives and every notification is told
    /// at its instant; no refresh is skipped.
    public static let ideal = DeviceConditionRules(
        platform: .linux, conditions: DeviceConditions(), androidTiming: nil, iosPresentation: nil,
        scheduling: .exactWithInexactFallback)

    private init(
        platform: DevicePlatform, conditions: DeviceConditions, androidTiming: AndroidAlarmTiming?,
        iosPresentation: IOSPresentation?, scheduling: AndroidScheduling
    ) {
        self.platform = platform
        self.conditions = conditions
        self.androidTiming = androidTiming
        self.iosPresentation = iosPresentation
        self.scheduling = scheduling
    }

    /// The rules of an Android phone.
    ///
    /// - Parameters:
    ///   - conditions: Its conditions, or `nil` for an ideal phone (no timing: alarms run at their instants).
    ///   - scheduling: The app's modes.
    ///   - timeZone: The zone its windows are read in.
    /// - Returns: The rules.
    package static func android(
        conditions: DeviceConditions?, scheduling: AndroidScheduling, timeZone: TimeZone
    ) -> DeviceConditionRules {
        DeviceConditionRules(
            platform: .android, conditions: conditions ?? DeviceConditions(),
            androidTiming: conditions.map { AndroidAlarmTiming(conditions: $0, timeZone: timeZone) },
            iosPresentation: nil, scheduling: scheduling)
    }

    /// The rules of an iPhone.
    ///
    /// - Parameters:
    ///   - conditions: Its conditions, or `nil` for a phone never in Focus, Scheduled Summary or Low Power Mode.
    ///   - timeZone: The zone its windows are read in.
    /// - Returns: The rules.
    package static func ios(conditions: DeviceConditions?, timeZone: TimeZone) -> DeviceConditionRules {
        DeviceConditionRules(
            platform: .ios, conditions: conditions ?? DeviceConditions(), androidTiming: nil,
            iosPresentation: IOSPresentation(conditions: conditions?.ios ?? .init(), timeZone: timeZone),
            scheduling: .exactWithInexactFallback)
    }

    /// The mode Android schedules a request handed over now in: the conditions' mode for the app's modes.
    package var androidMode: AndroidScheduleMode { conditions.android.mode(for: scheduling) }

    /// The conditions change; the windows, the bucket and the permission are read from them from now on.
    ///
    /// - Parameter conditions: The conditions from now on.
    /// - Returns: What the change does to the app: on Android, exact alarms revoked or granted; else nothing.
    package mutating func change(to conditions: DeviceConditions) -> DeviceConditionChange {
        let wasAllowed = self.conditions.android.exactAlarmsAllowed
        self.conditions = conditions
        androidTiming?.conditions = conditions
        iosPresentation?.conditions = conditions.ios
        guard platform == .android else { return .none }
        switch (wasAllowed, conditions.android.exactAlarmsAllowed) {
        case (true, false): return .exactAlarmsRevoked
        case (false, true): return .exactAlarmsGranted
        default: return .none
        }
    }

    /// The user turned the screen on: a new idle stretch begins.
    ///
    /// - Parameter instant: When.
    public mutating func userWoke(at instant: Date) {
        androidTiming?.userWoke(at: instant)
    }

    /// The device moved to another zone: its windows are read in it.
    ///
    /// - Parameter zone: The zone.
    public mutating func move(to zone: TimeZone) {
        androidTiming?.timeZone = zone
        iosPresentation?.timeZone = zone
    }

    /// When an alarm of the app's own due at `instant` (its midnight, an expiry) runs, in the app's current mode.
    ///
    /// - Parameter instant: When the app asked for it.
    /// - Returns: When it runs.
    public func whenAppAlarmRuns(dueAt instant: Date) -> Date {
        androidTiming?.firstInstant(dueAt: instant, handedAt: instant, mode: androidMode).at ?? instant
    }

    /// An alarm of the app's own ran: it counts against the limits that count fires.
    ///
    /// - Parameter instant: When it ran.
    public mutating func appAlarmRan(at instant: Date) {
        let mode = androidMode
        androidTiming?.record(firedAt: instant, mode: mode)
    }

    /// When a remote push sent at `instant` reaches the phone, and why later.
    ///
    /// - Parameters:
    ///   - instant: When it was sent.
    ///   - isHighPriority: Whether its priority is high (FCM `high`).
    /// - Returns: When it arrives, and the cause when that is later.
    public func pushArrival(sentAt instant: Date, isHighPriority: Bool) -> (at: Date, cause: DelayCause?) {
        androidTiming?.pushArrival(sentAt: instant, isHighPriority: isHighPriority) ?? (instant, nil)
    }

    /// Whether a notification shown at an instant is shown quietly, and when the user is told (iOS's Focus and
    /// Scheduled Summary).
    ///
    /// - Parameters:
    ///   - instant: When it was shown.
    ///   - level: Its interruption level as shown.
    /// - Returns: When the user is told, or `nil` when at once.
    public func quietDelivery(shownAt instant: Date, level: NotificationChannel.InterruptionLevel) -> QuietDelivery? {
        iosPresentation?.quiet(shownAt: instant, level: level)
    }

    /// Whether the system skips a background refresh at an instant (iOS's Low Power Mode).
    ///
    /// - Parameter instant: When the refresh would run.
    /// - Returns: `true` when it does not run.
    public func skipsBackgroundRefresh(at instant: Date) -> Bool {
        iosPresentation?.isLowPower(at: instant) ?? false
    }
}
