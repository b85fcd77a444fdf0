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

    /// Whether it is a background push (recorded under ``FanOutMessage/backgroundChannelID``): it shows nothing, so
    /// the permission to show notifications does not apply to it.
    var isBackground: Bool { channelID == FanOutMessage.backgroundChannelID }
}
