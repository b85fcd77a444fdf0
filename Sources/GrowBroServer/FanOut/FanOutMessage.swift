package import Foundation
package import GrowBroNotifications
package import WaveNotifications

/// A community event as the store records it: the message, the recipient's inbox entry, and what each send carries
/// besides its payload.
package struct FanOutMessage: Sendable {
    /// The message id (validated).
    package var messageID: String
    /// The recipient.
    package var userID: String
    /// The event's channel.
    package var channel: GrowBroChannel
    /// The recipient's inbox entry for it, or `nil` for a background push (no entry, no badge).
    package var entry: InboxEntry?
    /// The collapse id of its sends, if any.
    package var collapseID: String?
    /// When the event happened: its sends are due then.
    package var at: Date
    /// When its sends expire unsent.
    package var expiresAt: Date
    /// What its sends' claims rank them by besides their due instant (``SendPriority``).
    package var priority: SendPriority = .interactive
    /// How its sends' `apns-id`s are chosen.
    package var apnsIDs: GrowBroServerConfiguration.APNsIDs = .random

    /// The `apns-id` a store records with one new send: a random UUID, or `nil` for the one derived from the send id
    /// (``GrowBroServerConfiguration/APNsIDs``).
    package func newAPNsID() -> String? {
        switch apnsIDs {
        case .random: UUID().uuidString.lowercased()
        case .derivedFromSendID: nil
        }
    }

    /// The channel id its message and sends are recorded under: the event's channel, or `background` for a
    /// background push (outside every category of the engagement report).
    package var channelID: String { entry == nil ? Self.backgroundChannelID : channel.rawValue }

    /// The channel id of background pushes.
    package static let backgroundChannelID = "background"
}
