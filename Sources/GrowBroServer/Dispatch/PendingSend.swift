internal import Foundation
internal import WavePushPayloads

/// A send recorded in the outbox and not finished: what an attempt needs.
struct PendingSend: Sendable {
    var sendID: Int64
    var messageID: String
    var installationID: String
    var userID: String
    var platform: PushPlatform
    var channelID: String
    var payload: String
    var collapseID: String?
    var expiresAt: Date
    var attempts: Int
    var renewed: Bool
    var dueAt: Date
    /// The end of the lease it was claimed under (``PushServerStore/claimDue(now:limit:lease:owner:)``), `nil` when
    /// it was read without a claim. It is the claim's fence: an outcome recorded for it takes effect only while the
    /// send is still pending under this lease, never after another sender claimed it once the lease ended.
    var claimedUntil: Date? = nil

    /// Whether it is a background push (recorded under ``FanOutMessage/backgroundChannelID``): it shows nothing, so
    /// the permission to show notifications does not apply to it.
    var isBackground: Bool { channelID == FanOutMessage.backgroundChannelID }
}
