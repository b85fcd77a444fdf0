/// Builds the payload of each notification kind for an event, as localization keys and arguments.
///
/// Implementation requirements:
/// - Return keys, never resolved text: platforms localize at delivery time.
/// - Be pure: the same event and interval give the same content, with no I/O.
/// - Say whether the content depends on nothing but the event's ``WaveEvent`` properties
///   (``readsOnlyWaveEventProperties``); only then may a scheduler reuse content built for an equal event.
public protocol NotificationContentProvider: Sendable {
    /// Whether every payload is determined by the event's ``WaveEvent`` properties (id, name, location, start, end,
    /// time zone) and the interval alone, and not by anything else an app's event type carries.
    ///
    /// When `true`, ``DefaultNotificationScheduler`` reuses the requests it built for an event while those
    /// properties are unchanged (a reconcile of unchanged events then builds nothing). A provider that reads more of
    /// the app's own event type (a cast to it, for a meeting point say) must leave it `false`, the default, so
    /// its requests are built every time.
    var readsOnlyWaveEventProperties: Bool { get }

    /// The payload of a reminder sent `interval` before `event` starts.
    ///
    /// - Parameters:
    ///   - event: The event the reminder is about.
    ///   - interval: How long before the start the reminder fires.
    /// - Returns: The reminder's keys, arguments and deep link.
    func startingNotification(for event: some WaveEvent, before interval: Duration) -> NotificationContent

    /// The payload sent when `event` ends.
    ///
    /// - Parameter event: The event that ended.
    /// - Returns: The notification's keys, arguments and deep link.
    func finishedNotification(for event: some WaveEvent) -> NotificationContent

    /// The payload sent when the wave of `event` reaches the user.
    ///
    /// - Parameter event: The event whose wave arrived.
    /// - Returns: The notification's keys, arguments and deep link.
    func waveHitNotification(for event: some WaveEvent) -> NotificationContent

    /// The payloads of every notification scheduled for `event` in one go, so work shared between them (the
    /// deep link) is done once; each payload must equal what the single-notification method returns.
    ///
    /// A default implementation calls ``startingNotification(for:before:)`` and ``finishedNotification(for:)``.
    ///
    /// - Parameters:
    ///   - event: The event.
    ///   - intervals: The reminder intervals to build, in order.
    ///   - includesFinished: Whether to build the end's payload too.
    /// - Returns: One reminder payload per interval, and the end's payload when asked for.
    func scheduledNotifications(
        for event: some WaveEvent, before intervals: [Duration], includesFinished: Bool
    ) -> EventNotificationContents
}

extension NotificationContentProvider {
    /// `false`: content may depend on more than the ``WaveEvent`` properties, so it is never reused.
    public var readsOnlyWaveEventProperties: Bool { false }

    /// Builds each payload with the single-notification methods.
    public func scheduledNotifications(
        for event: some WaveEvent, before intervals: [Duration], includesFinished: Bool
    ) -> EventNotificationContents {
        EventNotificationContents(
            starting: intervals.map { startingNotification(for: event, before: $0) },
            finished: includesFinished ? finishedNotification(for: event) : nil)
    }
}
