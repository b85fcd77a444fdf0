/// Builds the payload of each notification kind for an event, as localization keys and arguments.
///
/// Implementation requirements:
/// - Return keys, never resolved text: platforms localize at delivery time.
/// - Be pure: the same event and interval give the same content, with no I/O.
public protocol NotificationContentProvider: Sendable {
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
}
