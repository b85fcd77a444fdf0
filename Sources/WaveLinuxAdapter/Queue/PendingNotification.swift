public import Foundation
public import WaveNotifications

/// A scheduled notification that has not fired yet, as the manager keeps it.
public struct PendingNotification: Hashable, Sendable {
    /// The request's identity: event and trigger.
    public var identifier: NotificationIdentifier
    /// The localization keys, arguments and deep link; rendered only at delivery.
    public var content: NotificationContent
    /// The instant it fires, on the manager's clock.
    public var fireDate: Date
    /// The order in which it was scheduled, among everything this manager (and its saved state) scheduled;
    /// breaks ties between equal fire dates.
    public var sequence: UInt64
    /// Whether it is in the armed set (counted against the pending limit) rather than the backlog.
    public var isArmed: Bool

    /// Creates a pending notification.
    ///
    /// - Parameters:
    ///   - identifier: The request's identity.
    ///   - content: The payload.
    ///   - fireDate: When it fires.
    ///   - sequence: Its scheduling order, the tie-breaker between equal fire dates.
    ///   - isArmed: Whether it is armed.
    public init(
        identifier: NotificationIdentifier, content: NotificationContent, fireDate: Date, sequence: UInt64,
        isArmed: Bool = false
    ) {
        self.identifier = identifier
        self.content = content
        self.fireDate = fireDate
        self.sequence = sequence
        self.isArmed = isArmed
    }

    /// Where it sorts in the timer queue: by fire date, then by scheduling order.
    package var queueKey: QueueKey { QueueKey(fireDate: fireDate, sequence: sequence) }
}

/// The timer queue's order: the fire instant first, then scheduling order, so ties fire first-come first-served.
package struct QueueKey: Comparable, Hashable, Sendable {
    /// The fire instant.
    package var fireDate: Date
    /// The scheduling order.
    package var sequence: UInt64

    package static func < (lhs: QueueKey, rhs: QueueKey) -> Bool {
        (lhs.fireDate, lhs.sequence) < (rhs.fireDate, rhs.sequence)
    }
}
