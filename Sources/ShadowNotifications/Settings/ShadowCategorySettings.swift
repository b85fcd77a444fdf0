public import WaveNotifications

/// One category's settings as the user left them: every field but the switch may be absent and then takes the
/// category's default.
///
/// Rules (docs/apps.md, Shadow): a category is off unless ``enabled``; without a ``mode`` it uses its
/// ``ShadowCategory/defaultSchedule``; with a mode, a missing field takes the default schedule's value when that is
/// of the same mode, else: no anchors, every 2 h 08:00–22:00, no times. A shown check-in expires
/// ``expiresAfterMinutes`` after its fire instant unless answered.
public struct ShadowCategorySettings: Hashable, Sendable {
    /// The minutes a shown check-in stays when nobody answers it, unless set.
    public static let defaultExpiresAfterMinutes = 60

    /// Whether the category's check-ins are scheduled at all.
    public let enabled: Bool
    /// The chosen mode; `nil` uses the category's default schedule.
    public let mode: ShadowScheduleMode?
    /// The anchors of anchor mode (ignored by the supplements category).
    public let anchors: [ShadowAnchor]?
    /// The step of interval mode, in hours: 1, 2, 3, 4, 6, 8 or 12.
    public let everyHours: Int?
    /// The first time of interval mode's window.
    public let from: LocalTime?
    /// The last time of interval mode's window; before ``from`` the window runs past midnight.
    public let to: LocalTime?
    /// The local times of times mode (1–12 distinct; duplicates count once).
    public let times: [LocalTime]?
    /// How long a shown check-in stays unless answered, in minutes.
    public let expiresAfterMinutes: Int

    /// Creates a category's settings, checking the interval step and the number of times.
    ///
    /// - Parameters:
    ///   - enabled: Whether the category is on; off by default.
    ///   - mode: The mode; `nil` for the category's default schedule.
    ///   - anchors: The anchors of anchor mode.
    ///   - everyHours: The step of interval mode.
    ///   - from: The window start of interval mode.
    ///   - to: The window end of interval mode.
    ///   - times: The times of times mode.
    ///   - expiresAfterMinutes: Minutes a shown check-in stays unless answered; 60 by default.
    /// - Throws: ``WaveNotifications/RecurrenceRuleError/unsupportedInterval(hours:)`` for a step other than 1, 2,
    ///   3, 4, 6, 8 or 12; ``WaveNotifications/RecurrenceRuleError/tooManyTimes(_:)`` for 13 or more distinct times.
    public init(
        enabled: Bool = false, mode: ShadowScheduleMode? = nil, anchors: [ShadowAnchor]? = nil,
        everyHours: Int? = nil, from: LocalTime? = nil, to: LocalTime? = nil, times: [LocalTime]? = nil,
        expiresAfterMinutes: Int = defaultExpiresAfterMinutes
    ) throws(RecurrenceRuleError) {
        if let everyHours, !RecurrenceRuleError.supportedIntervalHours.contains(everyHours) {
            throw .unsupportedInterval(hours: everyHours)
        }
        if let times, Set(times).count > RecurrenceRuleError.maximumDailyTimes {
            throw .tooManyTimes(Set(times).count)
        }
        self.enabled = enabled
        self.mode = mode
        self.anchors = anchors
        self.everyHours = everyHours
        self.from = from
        self.to = to
        self.times = times
        self.expiresAfterMinutes = expiresAfterMinutes
    }

    /// Settings that leave the category off.
    public static let disabled = try! ShadowCategorySettings()

    /// The schedule these settings give a category, every absent field filled with its default.
    ///
    /// - Parameter category: The category the settings belong to.
    /// - Returns: The effective schedule.
    public func schedule(for category: ShadowCategory) -> ShadowSchedule {
        let fallback = category.defaultSchedule
        switch mode ?? fallback.mode {
        case .anchor:
            if case .anchors(let defaults) = fallback { return .anchors(anchors ?? defaults) }
            return .anchors(anchors ?? [])
        case .interval:
            var (step, start, end) = (2, Self.hour(8), Self.hour(22))
            if case .interval(let defaultStep, let defaultStart, let defaultEnd) = fallback {
                (step, start, end) = (defaultStep, defaultStart, defaultEnd)
            }
            return .interval(everyHours: everyHours ?? step, from: from ?? start, to: to ?? end)
        case .times:
            if case .times(let defaults) = fallback { return .times(times ?? defaults) }
            return .times(times ?? [])
        }
    }

    private static func hour(_ hour: Int) -> LocalTime {
        try! LocalTime(hour: hour, minute: 0)
    }
}
