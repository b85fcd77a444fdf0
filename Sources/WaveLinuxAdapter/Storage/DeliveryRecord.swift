public import Foundation
public import WaveNotifications

/// One showing of a notification, as the store keeps it: what not re-notifying, expiry, follow-ups and
/// summaries need to know after the fact.
public struct DeliveryRecord: Hashable, Sendable {
    /// The request's identifier.
    public var identifier: String
    /// The request's thread.
    public var threadID: String
    /// The id of the request's channel.
    public var channelID: String
    /// The request's collapse id, if it had one.
    public var collapseID: String?
    /// When it was meant to be shown.
    public var fireAt: Date
    /// When it was shown.
    public var shownAt: Date
    /// Whether it was shown late (after a sleep or a restart, inside the grace period).
    public var isLate: Bool
    /// When it was withdrawn from the screen, if it was.
    public var withdrawnAt: Date?
    /// Why it was withdrawn, if it was.
    public var withdrawalReason: NotificationReason?
    /// When the user acted on it, if they did.
    public var respondedAt: Date?

    /// Creates a record.
    ///
    /// - Parameters:
    ///   - identifier: The request's identifier.
    ///   - threadID: The request's thread.
    ///   - channelID: The request's channel id.
    ///   - collapseID: The request's collapse id.
    ///   - fireAt: When it was meant to be shown.
    ///   - shownAt: When it was shown.
    ///   - isLate: Whether it was shown late.
    ///   - withdrawnAt: When it was withdrawn.
    ///   - withdrawalReason: Why it was withdrawn.
    ///   - respondedAt: When the user acted on it.
    public init(
        identifier: String, threadID: String, channelID: String, collapseID: String? = nil, fireAt: Date,
        shownAt: Date, isLate: Bool, withdrawnAt: Date? = nil, withdrawalReason: NotificationReason? = nil,
        respondedAt: Date? = nil
    ) {
        self.identifier = identifier
        self.threadID = threadID
        self.channelID = channelID
        self.collapseID = collapseID
        self.fireAt = fireAt
        self.shownAt = shownAt
        self.isLate = isLate
        self.withdrawnAt = withdrawnAt
        self.withdrawalReason = withdrawalReason
        self.respondedAt = respondedAt
    }
}
