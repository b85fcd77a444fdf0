public import Foundation
public import WaveNotifications
public import WaveStrings

/// One notification as a ``NotificationSink`` receives it: who it is, what it says, and when it fired.
public struct NotificationDelivery: Hashable, Sendable {
    /// The request's identity: event and trigger.
    public var identifier: NotificationIdentifier
    /// The payload it was scheduled with.
    public var content: NotificationContent
    /// The title and body, rendered at delivery time.
    public var text: RenderedText
    /// The instant it was due (for ``isImmediate`` deliveries, the instant of the call).
    public var scheduledFor: Date
    /// The instant it was handed to the sink, on the manager's clock.
    public var deliveredAt: Date
    /// How long after ``scheduledFor`` it was delivered; zero or more.
    public var lateness: Duration
    /// Whether it is shown late because its instant passed while the manager was down (within the grace period).
    public var isLate: Bool
    /// Whether it came from `deliverNow` rather than from the timer queue.
    public var isImmediate: Bool
    /// How insistently it should be shown.
    public var urgency: NotificationUrgency

    /// Creates a delivery.
    ///
    /// - Parameters:
    ///   - identifier: The request's identity.
    ///   - content: The payload.
    ///   - text: The rendered title and body.
    ///   - scheduledFor: When it was due.
    ///   - deliveredAt: When it was delivered.
    ///   - isLate: Whether it is shown late after a restart.
    ///   - isImmediate: Whether it came from `deliverNow`.
    ///   - urgency: How insistently to show it; by default derived from the trigger.
    public init(
        identifier: NotificationIdentifier, content: NotificationContent, text: RenderedText, scheduledFor: Date,
        deliveredAt: Date, isLate: Bool = false, isImmediate: Bool = false, urgency: NotificationUrgency? = nil
    ) {
        self.identifier = identifier
        self.content = content
        self.text = text
        self.scheduledFor = scheduledFor
        self.deliveredAt = deliveredAt
        self.lateness = Duration.between(scheduledFor, and: deliveredAt)
        self.isLate = isLate
        self.isImmediate = isImmediate
        self.urgency = urgency ?? NotificationUrgency(for: identifier.trigger)
    }
}

extension Duration {
    /// The time from `start` to `end`, never negative, at nanosecond resolution.
    package static func between(_ start: Date, and end: Date) -> Duration {
        let seconds = max(0, end.timeIntervalSince(start))
        let nanoseconds = (seconds * 1e9).rounded()
        guard nanoseconds < Double(Int64.max) else { return .seconds(Int64.max / 1_000_000_000) }
        return .nanoseconds(Int64(nanoseconds))
    }
}
