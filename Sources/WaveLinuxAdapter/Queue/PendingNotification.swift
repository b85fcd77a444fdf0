public import Foundation
public import WaveNotifications

/// A request that has not fired yet, as the manager keeps it: the request as added, the instant it fires and its
/// place among requests due at the same instant.
public struct PendingNotification: Hashable, Sendable {
    /// The request exactly as it was added.
    public var request: NotificationRequest
    /// The instant it fires on the manager's clock: the request's ``NotificationRequest/fireAt``, or the instant it
    /// was added when that was already past, so an overdue request fires at the next wake and never jumps ahead
    /// of requests added before it for the same instant.
    public var fireDate: Date
    /// The order in which it was added, among everything this manager (and its saved state) added; breaks ties
    /// between equal fire dates.
    public var sequence: UInt64
    /// Whether it is in the armed set (counted against the pending limit) rather than the backlog.
    public var isArmed: Bool

    /// Creates a pending request.
    ///
    /// - Parameters:
    ///   - request: The request as added.
    ///   - fireDate: When it fires; the request's own instant when omitted.
    ///   - sequence: Its order of addition, the tie-breaker between equal fire dates.
    ///   - isArmed: Whether it is armed.
    public init(request: NotificationRequest, fireDate: Date? = nil, sequence: UInt64, isArmed: Bool = false) {
        self.request = request
        self.fireDate = fireDate ?? request.fireAt
        self.sequence = sequence
        self.isArmed = isArmed
    }

    /// Creates a pending WorldWideWaves notification: the request ``NotificationManagerBridge`` builds for it.
    ///
    /// - Parameters:
    ///   - identifier: The event and trigger.
    ///   - content: The keys, arguments and deep link.
    ///   - fireDate: When it fires.
    ///   - sequence: Its order of addition.
    ///   - isArmed: Whether it is armed.
    public init(
        identifier: NotificationIdentifier, content: NotificationContent, fireDate: Date, sequence: UInt64,
        isArmed: Bool = false
    ) {
        self.init(
            request: NotificationManagerBridge.request(for: identifier, fireAt: fireDate, content: content),
            sequence: sequence, isArmed: isArmed)
    }

    /// The request's identifier, unique among pending requests.
    public var identifier: String { request.identifier }

    /// The request's keys, body arguments and deep link in WorldWideWaves' terms.
    public var content: NotificationContent {
        NotificationContent(
            titleKey: request.title.key, bodyKey: request.body.key, bodyArgs: request.body.arguments,
            deepLink: request.deepLink)
    }

    /// Where it sorts in the timer queue: by fire date, then by order of addition.
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
