package import Foundation

/// A send the fan-out records: pending, due at its creation (``PushStoreTransaction/insertSends(_:)``).
package struct NewSend: Sendable {
    /// The message.
    package var messageID: String
    /// The installation it goes to.
    package var installationID: String
    /// The installation's user, the message's recipient.
    package var userID: String
    /// The installation's push service.
    package var platform: PushPlatform
    /// The channel id (``FanOutMessage/channelID``).
    package var channelID: String
    /// The provider's payload.
    package var payload: String
    /// The collapse id, if any.
    package var collapseID: String?
    /// When it was recorded; it is due then.
    package var createdAt: Date
    /// When it expires unsent.
    package var expiresAt: Date
    /// What its claim ranks it by besides its due instant (``SendPriority``).
    package var priority: SendPriority
    /// The `apns-id` recorded with it and sent by every attempt, or `nil` for the one derived from its send id.
    package var apnsID: String?

    /// Creates one from its parts.
    package init(
        messageID: String, installationID: String, userID: String, platform: PushPlatform, channelID: String,
        payload: String, collapseID: String?, createdAt: Date, expiresAt: Date, priority: SendPriority,
        apnsID: String?
    ) {
        self.messageID = messageID
        self.installationID = installationID
        self.userID = userID
        self.platform = platform
        self.channelID = channelID
        self.payload = payload
        self.collapseID = collapseID
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.priority = priority
        self.apnsID = apnsID
    }
}
