public import Foundation
public import WaveNotifications
public import WaveStrings

/// One notification as a ``NotificationSink`` receives it: the request, what it says, and when it fired.
public struct NotificationDelivery: Hashable, Sendable {
    /// The request being shown, as it was added.
    public var request: NotificationRequest
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
    /// Whether it came from ``LinuxNotificationManager/show(_:)`` (or `deliverNow`) rather than from the timer queue.
    public var isImmediate: Bool
    /// How insistently it should be shown.
    public var urgency: NotificationUrgency

    /// Creates a delivery.
    ///
    /// - Parameters:
    ///   - request: The request being shown.
    ///   - text: The rendered title and body.
    ///   - scheduledFor: When it was due.
    ///   - deliveredAt: When it was delivered.
    ///   - isLate: Whether it is shown late after a restart.
    ///   - isImmediate: Whether it was shown at once rather than from the queue.
    ///   - urgency: How insistently to show it; by default derived from the request's channel and interruption
    ///     level (``NotificationUrgency/init(for:)-(NotificationRequest)``).
    public init(
        request: NotificationRequest, text: RenderedText, scheduledFor: Date, deliveredAt: Date, isLate: Bool = false,
        isImmediate: Bool = false, urgency: NotificationUrgency? = nil
    ) {
        self.request = request
        self.text = text
        self.scheduledFor = scheduledFor
        self.deliveredAt = deliveredAt
        self.lateness = Duration.between(scheduledFor, and: deliveredAt)
        self.isLate = isLate
        self.isImmediate = isImmediate
        self.urgency = urgency ?? NotificationUrgency(for: request)
    }

    /// Creates the delivery of a WorldWideWaves notification: the request ``NotificationManagerBridge`` builds.
    ///
    /// - Parameters:
    ///   - identifier: The event and trigger.
    ///   - content: The payload.
    ///   - text: The rendered title and body.
    ///   - scheduledFor: When it was due.
    ///   - deliveredAt: When it was delivered.
    ///   - isLate: Whether it is shown late after a restart.
    ///   - isImmediate: Whether it came from `deliverNow`.
    ///   - urgency: How insistently to show it; by default derived from the request.
    public init(
        identifier: NotificationIdentifier, content: NotificationContent, text: RenderedText, scheduledFor: Date,
        deliveredAt: Date, isLate: Bool = false, isImmediate: Bool = false, urgency: NotificationUrgency? = nil
    ) {
        self.init(
            request: NotificationManagerBridge.request(for: identifier, fireAt: scheduledFor, content: content),
            text: text, scheduledFor: scheduledFor, deliveredAt: deliveredAt, isLate: isLate, isImmediate: isImmediate,
            urgency: urgency)
    }

    /// The request's identifier.
    public var identifier: String { request.identifier }

    /// The request's keys, body arguments and deep link in WorldWideWaves' terms; setting it changes the request's
    /// title key, body key and arguments, and deep link.
    public var content: NotificationContent {
        get {
            NotificationContent(
                titleKey: request.title.key, bodyKey: request.body.key, bodyArgs: request.body.arguments,
                deepLink: request.deepLink)
        }
        set {
            request.title.key = newValue.titleKey
            request.body.key = newValue.bodyKey
            request.body.arguments = newValue.bodyArgs
            request.deepLink = newValue.deepLink
        }
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
