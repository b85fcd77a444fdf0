/// Decides which notifications an event gets, and keeps the platform's pending set in step with favorites.
///
/// Implementation requirements:
/// - Never throw: report manager failures through your own channel and carry on with the other requests.
/// - ``syncNotifications(favoriteIDs:currentEvents:)`` touches only the given ids.
public protocol NotificationScheduler: Sendable {
    /// Whether `event` should get notifications now: a favorite, not started, and no accelerated simulation.
    ///
    /// - Parameter event: The event to check.
    /// - Returns: `true` when notifications should be scheduled.
    func shouldScheduleNotifications(for event: some WaveEvent) async -> Bool

    /// Schedules every reminder still ahead and the finished notification, without re-checking eligibility.
    ///
    /// - Parameter event: The event to schedule.
    func scheduleAllNotifications(for event: some WaveEvent) async

    /// Cancels every pending notification of an event.
    ///
    /// - Parameter eventID: The event's id.
    func cancelAllNotifications(eventID: String) async

    /// Brings the pending notifications of each favorite in line with the current events.
    ///
    /// - Parameters:
    ///   - favoriteIDs: The ids to look at; no other id is touched.
    ///   - currentEvents: The events that exist now.
    func syncNotifications(favoriteIDs: Set<String>, currentEvents: [any WaveEvent]) async
}
