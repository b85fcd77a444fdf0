/// One notification to schedule: what a single ``NotificationManager/scheduleNotification(eventID:trigger:delay:content:)``
/// call carries, so many can be handed over in one ``NotificationManager/scheduleNotifications(_:)`` call.
public struct NotificationSchedule: Hashable, Sendable {
    /// The event's id.
    public var eventID: String
    /// Why it fires; with ``eventID``, its identity.
    public var trigger: NotificationTrigger
    /// How long from the call it fires.
    public var delay: Duration
    /// The localization keys, arguments and deep link, rendered when it is shown.
    public var content: NotificationContent

    /// Creates one notification to schedule.
    ///
    /// - Parameters:
    ///   - eventID: The event's id.
    ///   - trigger: Why it fires.
    ///   - delay: How long from the call it fires.
    ///   - content: The localization keys, arguments and deep link.
    public init(eventID: String, trigger: NotificationTrigger, delay: Duration, content: NotificationContent) {
        self.eventID = eventID
        self.trigger = trigger
        self.delay = delay
        self.content = content
    }
}
