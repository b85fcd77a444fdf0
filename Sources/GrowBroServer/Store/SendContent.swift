package import Foundation
internal import WavePushPayloads

/// What a send carries and to whom, fixed when the fan-out records it: the part a send being recorded (``NewSend``)
/// and one waiting in the outbox (``PendingSend``) share, written here once. Made by the fan-out (its memberwise
/// initializer) and by ``PendingSend``'s initializer, which a store calls.
package struct SendContent: Sendable {
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
    /// When it expires unsent.
    package var expiresAt: Date
    /// What its claim ranks it by besides its due instant (``SendPriority``).
    package var priority: SendPriority
    /// The `apns-id` recorded with it and sent by every attempt, or `nil` for the one derived from its send id
    /// (``GrowBroServerConfiguration/APNsIDs``).
    package var apnsID: String?

    /// Whether it is a background push (recorded under ``FanOutMessage/backgroundChannelID``): it shows nothing, so
    /// the permission to show notifications does not apply to it.
    package var isBackground: Bool { channelID == FanOutMessage.backgroundChannelID }
}
