public import WaveNotifications

/// What ``GrowBroNotificationService/receive(_:device:)`` did with a push: the decision and what the user saw.
public struct GrowBroPushResult: Hashable, Sendable {
    /// The decision at the push's instant: the request as shown (passive while the permission is provisional), or
    /// suppressed with its reason. A push server formats its APNs or FCM payload from this request, shown or not.
    public var delivery: GrowBroDelivery
    /// The delivery (and the withdrawal of an older like it collapses), or the suppression, in order.
    public var events: [NotificationEvent]

    /// Creates a result.
    ///
    /// - Parameters:
    ///   - delivery: The decision at the push's instant.
    ///   - events: What happened, in order.
    public init(delivery: GrowBroDelivery, events: [NotificationEvent]) {
        self.delivery = delivery
        self.events = events
    }
}
