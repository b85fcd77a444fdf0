package import Foundation

/// A send recorded in the outbox and not finished: what an attempt needs.
///
/// Its content's fields read as its own (`send.messageID`, `send.isBackground`).
@dynamicMemberLookup
package struct PendingSend: Sendable {
    /// Its row in the outbox.
    package var sendID: Int64
    /// What it carries and to whom, as the fan-out recorded it.
    package var content: SendContent
    /// The attempts made so far.
    package var attempts: Int
    /// Whether a refused credential was already renewed for it (once per send, then the refusal stands).
    package var renewed: Bool
    /// When it is due.
    package var dueAt: Date
    /// The end of the lease it was claimed under (``PushServerStore/claimDue(now:limit:lease:owner:platforms:)``),
    /// `nil` when it was read without a claim. It is the claim's fence: an outcome recorded for it takes effect only
    /// while the send is still pending under this lease, never after another sender claimed it once the lease ended.
    package var claimedUntil: Date? = nil

    /// Creates one from its parts (a store reads them back).
    package init(
        sendID: Int64, messageID: String, installationID: String, userID: String, platform: PushPlatform,
        channelID: String, payload: String, collapseID: String? = nil, expiresAt: Date, attempts: Int, renewed: Bool,
        dueAt: Date, priority: SendPriority = .interactive, apnsID: String? = nil, claimedUntil: Date? = nil
    ) {
        self.sendID = sendID
        content = SendContent(
            messageID: messageID, installationID: installationID, userID: userID, platform: platform,
            channelID: channelID, payload: payload, collapseID: collapseID, expiresAt: expiresAt, priority: priority,
            apnsID: apnsID)
        self.attempts = attempts
        self.renewed = renewed
        self.dueAt = dueAt
        self.claimedUntil = claimedUntil
    }

    /// A field of its content (``SendContent``).
    @inlinable
    package subscript<Value>(dynamicMember field: KeyPath<SendContent, Value>) -> Value { content[keyPath: field] }
}
