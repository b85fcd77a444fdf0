/// The content of the original app: one title per kind, a body per reminder interval, and an event deep link.
///
/// A reminder at one of ``NotificationTrigger/standardStartingIntervals`` gets its own body key; any other
/// interval falls back to `notification_starting_soon`.
public struct DefaultNotificationContentProvider: NotificationContentProvider {
    /// The deep-link format used to build each notification's link.
    public var deepLinks: DeepLinkFormat

    /// `true`: every payload is built from the event's id, name and location (and the interval) only.
    public var readsOnlyWaveEventProperties: Bool { true }

    /// Creates a provider.
    ///
    /// - Parameter deepLinks: The app's deep-link scheme and host.
    public init(deepLinks: DeepLinkFormat) {
        self.deepLinks = deepLinks
    }

    /// The body key for a reminder `interval` before the start.
    ///
    /// - Parameter interval: How long before the start the reminder fires.
    /// - Returns: The interval's own key, or ``LocalizationKey/startingSoon`` for a non-standard interval.
    public static func bodyKey(before interval: Duration) -> LocalizationKey {
        switch interval {
        case .seconds(60 * 60): return .oneHourBefore
        case .seconds(30 * 60): return .thirtyMinutesBefore
        case .seconds(10 * 60): return .tenMinutesBefore
        case .seconds(5 * 60): return .fiveMinutesBefore
        case .seconds(60): return .oneMinuteBefore
        default: return .startingSoon
        }
    }

    public func startingNotification(for event: some WaveEvent, before interval: Duration) -> NotificationContent {
        Self.startingNotification(before: interval, arguments: [event.location], link: link(for: event))
    }

    public func finishedNotification(for event: some WaveEvent) -> NotificationContent {
        Self.finishedNotification(for: event, link: link(for: event))
    }

    /// Builds the event's deep link and its reminders' body arguments once for all of its reminders and its end: the
    /// reminders share one argument array (a replay of 100k events holds 500k of them pending at once).
    public func scheduledNotifications(
        for event: some WaveEvent, before intervals: [Duration], includesFinished: Bool
    ) -> EventNotificationContents {
        let link = link(for: event)
        let arguments = [event.location]
        return EventNotificationContents(
            starting: intervals.map { Self.startingNotification(before: $0, arguments: arguments, link: link) },
            finished: includesFinished ? Self.finishedNotification(for: event, link: link) : nil)
    }

    private static func startingNotification(
        before interval: Duration, arguments: [String], link: String
    ) -> NotificationContent {
        NotificationContent(
            titleKey: LocalizationKey.eventStartingTitle.rawValue,
            bodyKey: bodyKey(before: interval).rawValue,
            bodyArgs: arguments,
            deepLink: link
        )
    }

    private static func finishedNotification(for event: some WaveEvent, link: String) -> NotificationContent {
        NotificationContent(
            titleKey: LocalizationKey.waveCompletedTitle.rawValue,
            bodyKey: LocalizationKey.eventFinished.rawValue,
            bodyArgs: [event.name],
            deepLink: link
        )
    }

    public func waveHitNotification(for event: some WaveEvent) -> NotificationContent {
        NotificationContent(
            titleKey: LocalizationKey.waveHitTitle.rawValue,
            bodyKey: LocalizationKey.waveAtLocation.rawValue,
            bodyArgs: [event.name, event.location],
            deepLink: link(for: event)
        )
    }

    /// The event's deep link; empty when its id is invalid, so a bad id never becomes a malformed link.
    /// ``DefaultNotificationScheduler`` rejects such events before it asks for content.
    private func link(for event: some WaveEvent) -> String {
        (try? deepLinks.link(forEventID: event.id)) ?? ""
    }
}
