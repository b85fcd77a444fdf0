public import Foundation

/// One send of the outbox as stored: where it went, its state and its last outcome.
public struct SendRecord: Hashable, Sendable {
    /// A send's state.
    public enum State: String, Hashable, Sendable {
        /// Recorded, not yet accepted: attempted at `dueAt` (again after a crash).
        case pending
        /// The provider accepted it.
        case accepted
        /// The provider refused the token; the token was purged (or kept when refreshed since, see the reason).
        case purged
        /// It cannot succeed (a bad request, a refused credential twice, too many attempts).
        case failed
        /// Its lifetime (`apns-expiration`) passed before a provider accepted it.
        case expired
        /// Not sent: its installation was signed out, purged or moved to another account before the attempt.
        case dropped
    }

    /// The outbox id.
    public var sendID: Int64
    /// The message id.
    public var messageID: String
    /// The installation.
    public var installationID: String
    /// The recipient.
    public var userID: String
    /// The push service.
    public var platform: PushPlatform
    /// The channel id.
    public var channelID: String
    /// The payload JSON as the encoder built it (FCM's target token is added per attempt).
    public var payload: String
    /// The state.
    public var state: State
    /// Attempts made and recorded.
    public var attempts: Int
    /// The next attempt's instant while pending.
    public var dueAt: Date?
    /// When it reached its final state.
    public var finishedAt: Date?
    /// The last HTTP status, if an answer came.
    public var status: Int?
    /// The last reason (a provider's reason, "no response", …).
    public var reason: String?

    /// Creates one from its parts (a store reads them back).
    package init(
        sendID: Int64, messageID: String, installationID: String, userID: String, platform: PushPlatform,
        channelID: String, payload: String, state: State, attempts: Int, dueAt: Date? = nil, finishedAt: Date? = nil,
        status: Int? = nil, reason: String? = nil
    ) {
        self.sendID = sendID
        self.messageID = messageID
        self.installationID = installationID
        self.userID = userID
        self.platform = platform
        self.channelID = channelID
        self.payload = payload
        self.state = state
        self.attempts = attempts
        self.dueAt = dueAt
        self.finishedAt = finishedAt
        self.status = status
        self.reason = reason
    }
}
