public import WaveNotifications

/// What a phone does between the app's instants that changes when its user is told: when it lies idle (Doze), the
/// exact-alarm permission, the standby bucket, Focus, Scheduled Summary and Low Power Mode.
///
/// The rules are those of `docs/scenario-format.md`, Device conditions; the default value is an ideal phone that
/// never idles, allows exact alarms, keeps the app `active` and is never in Focus, which is what the simulated
/// centers model without conditions. Windows are daily local windows, read in the device's zone.
public struct DeviceConditions: Hashable, Sendable {
    /// Daily windows in which the screen is off and the phone lies still (Android's Doze), plugged in or not.
    public var idle: [IdleWindow]
    /// Android's own conditions.
    public var android: Android
    /// iOS's own conditions.
    public var ios: IOS

    /// Creates the conditions.
    ///
    /// - Parameters:
    ///   - idle: The idle windows (none by default).
    ///   - android: Android's conditions.
    ///   - ios: iOS's conditions.
    public init(idle: [IdleWindow] = [], android: Android = Android(), ios: IOS = IOS()) {
        self.idle = idle
        self.android = android
        self.ios = ios
    }

    /// A daily window in which the phone lies idle with its screen off.
    public struct IdleWindow: Hashable, Sendable {
        /// The local hours, `[from, to)`, crossing midnight when `to` is before `from`; never empty.
        public var window: LocalTimeWindow
        /// Whether the phone is plugged in meanwhile: no Doze and no bucket limits then.
        public var isCharging: Bool

        /// Creates an idle window.
        ///
        /// - Parameters:
        ///   - window: The local hours.
        ///   - isCharging: Whether it charges meanwhile (default `false`: on battery).
        public init(_ window: LocalTimeWindow, isCharging: Bool = false) {
            self.window = window
            self.isCharging = isCharging
        }
    }

    /// Android's conditions.
    public struct Android: Hashable, Sendable {
        /// Whether the app may set exact alarms (`SCHEDULE_EXACT_ALARM`); Android 14 denies it by default to a new
        /// install of an app targeting API 33 or later.
        public var exactAlarmsAllowed: Bool
        /// The app's App Standby bucket.
        public var bucket: StandbyBucket
        /// The mode used instead of the app's own (its ``AndroidScheduling``); `nil` keeps the app's.
        public var scheduleMode: AndroidScheduleMode?

        /// Creates Android's conditions.
        ///
        /// - Parameters:
        ///   - exactAlarmsAllowed: Whether exact alarms are allowed (default `true`).
        ///   - bucket: The standby bucket (default `active`).
        ///   - scheduleMode: A mode overriding the app's own, or `nil`.
        public init(
            exactAlarmsAllowed: Bool = true, bucket: StandbyBucket = .active, scheduleMode: AndroidScheduleMode? = nil
        ) {
            self.exactAlarmsAllowed = exactAlarmsAllowed
            self.bucket = bucket
            self.scheduleMode = scheduleMode
        }

        /// The mode a request handed over now is scheduled in, for an app with the given modes.
        ///
        /// An override names the mode while exact alarms are allowed; while they are denied the app's own fallback
        /// applies, unless the override needs no exact alarms (`inexactAllowWhileIdle`, `work`), which applies always.
        ///
        /// - Parameter scheduling: The app's own modes.
        /// - Returns: The mode.
        public func mode(for scheduling: AndroidScheduling) -> AndroidScheduleMode {
            if let scheduleMode {
                if !scheduleMode.needsExactAlarms || exactAlarmsAllowed { return scheduleMode }
                return scheduling.whileExactDenied
            }
            return scheduling.mode(exactAlarmsAllowed: exactAlarmsAllowed)
        }
    }

    /// iOS's conditions.
    public struct IOS: Hashable, Sendable {
        /// Daily windows in which a Focus is on.
        public var focus: [FocusWindow]
        /// The local times of the Scheduled Summary the app is in; `nil` when it is not in it.
        public var scheduledSummary: [LocalTime]?
        /// Daily windows of Low Power Mode: no background app refresh runs in them.
        public var lowPower: [LocalTimeWindow]

        /// Creates iOS's conditions.
        ///
        /// - Parameters:
        ///   - focus: Focus windows (none by default).
        ///   - scheduledSummary: The summary's times, or `nil` (default) when the app is not in it.
        ///   - lowPower: Low Power Mode windows (none by default).
        public init(focus: [FocusWindow] = [], scheduledSummary: [LocalTime]? = nil, lowPower: [LocalTimeWindow] = []) {
            self.focus = focus
            self.scheduledSummary = scheduledSummary
            self.lowPower = lowPower
        }
    }

    /// A daily window in which a Focus is on.
    public struct FocusWindow: Hashable, Sendable {
        /// The local hours; never empty.
        public var window: LocalTimeWindow
        /// Whether time-sensitive notifications break through (default `true`); `false` silences them too.
        public var allowsTimeSensitive: Bool

        /// Creates a Focus window.
        ///
        /// - Parameters:
        ///   - window: The local hours.
        ///   - allowsTimeSensitive: Whether time-sensitive notifications break through (default `true`).
        public init(_ window: LocalTimeWindow, allowsTimeSensitive: Bool = true) {
            self.window = window
            self.allowsTimeSensitive = allowsTimeSensitive
        }
    }
}

/// Android's App Standby buckets, from the most to the least used app.
public enum StandbyBucket: String, Hashable, Sendable, CaseIterable {
    /// In use now: 720 alarms an hour, work unlimited.
    case active
    /// Used often: 10 alarms an hour, 10 work runs in 2 hours.
    case workingSet = "working_set"
    /// Used regularly: 2 alarms an hour, 8 work runs in 8 hours.
    case frequent
    /// Rarely used: 1 alarm an hour, 3 work runs a day.
    case rare
    /// Restricted: 1 alarm a day, 1 work run a day.
    case restricted

    /// How many alarms fire in a rolling window, and the window.
    var alarmLimit: (count: Int, window: Duration) {
        switch self {
        case .active: (720, .seconds(3_600))
        case .workingSet: (10, .seconds(3_600))
        case .frequent: (2, .seconds(3_600))
        case .rare: (1, .seconds(3_600))
        case .restricted: (1, .seconds(86_400))
        }
    }

    /// How many work runs start in a rolling window, and the window; `nil` when unlimited.
    var workLimit: (count: Int, window: Duration)? {
        switch self {
        case .active: nil
        case .workingSet: (10, .seconds(7_200))
        case .frequent: (8, .seconds(28_800))
        case .rare: (3, .seconds(86_400))
        case .restricted: (1, .seconds(86_400))
        }
    }
}
