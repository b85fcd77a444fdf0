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
}
