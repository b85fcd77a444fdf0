package import Foundation
internal import WavePushPayloads

/// A send recorded in the outbox and not finished: what an attempt needs.
package struct PendingSend: Sendable {
    package var sendID: Int64
    package var messageID: String
    package var installationID: String
    package var userID: String
    package var platform: PushPlatform
    package var channelID: String
    package var payload: String
    package var collapseID: String?
    package var expiresAt: Date
    package var attempts: Int
    package var renewed: Bool
    package var dueAt: Date
    /// What a claim ranks it by besides its due instant (``SendPriority``).
    package var priority: SendPriority = .interactive
    /// Its `apns-id`, made at the fan-out, or `nil` for the one derived from the send id
    /// (``GrowBroServerConfiguration/APNsIDs``).
    package var apnsID: String? = nil
    /// The end of the lease it was claimed under (``PushServerStore/claimDue(now:limit:lease:owner:platforms:)``),
    /// `nil` when it was read without a claim. It is the claim's fence: an outcome recorded for it takes effect only
    /// while the send is still pending under this lease, never after another sender claimed it once the lease ended.
    package var claimedUntil: Date? = nil

    /// Whether it is a background push (recorded under ``FanOutMessage/backgroundChannelID``): it shows nothing, so
    /// the permission to show notifications does not apply to it.
    package var isBackground: Bool { channelID == FanOutMessage.backgroundChannelID }

    /// Creates one from its parts (a store reads them back).
    package init(
        sendID: Int64, messageID: String, installationID: String, userID: String, platform: PushPlatform,
        channelID: String, payload: String, collapseID: String? = nil, expiresAt: Date, attempts: Int, renewed: Bool,
        dueAt: Date, priority: SendPriority = .interactive, apnsID: String? = nil, claimedUntil: Date? = nil
    ) {
        self.sendID = sendID
        self.messageID = messageID
        self.installationID = installationID
        self.userID = userID
        self.platform = platform
        self.channelID = channelID
        self.payload = payload
        self.collapseID = collapseID
        self.expiresAt = expiresAt
        self.attempts = attempts
        self.renewed = renewed
        self.dueAt = dueAt
        self.priority = priority
        self.apnsID = apnsID
        self.claimedUntil = claimedUntil
    }
}
