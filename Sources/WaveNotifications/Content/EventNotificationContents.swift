/// The payloads of the notifications scheduled for one event at once: its reminders, then its end.
public struct EventNotificationContents: Hashable, Sendable {
    /// One payload per requested reminder interval, in the order the intervals were given.
    public var starting: [NotificationContent]
    /// The payload sent when the event ends, when it was asked for.
    public var finished: NotificationContent?

    /// Creates the payloads of one event.
    ///
    /// - Parameters:
    ///   - starting: The reminders' payloads, in interval order.
    ///   - finished: The end's payload, if asked for.
    public init(starting: [NotificationContent], finished: NotificationContent?) {
        self.starting = starting
        self.finished = finished
    }
}
