internal import Foundation
internal import GrowBroNotifications
internal import WaveNotifications

/// A community event as the store records it: the message, the recipient's inbox entry, and what each send carries
/// besides its payload.
struct FanOutMessage: Sendable {
    /// The message id (validated).
    var messageID: String
    /// The recipient.
    var userID: String
    /// The event's channel.
    var channel: GrowBroChannel
    /// The recipient's inbox entry for it, or `nil` for a background push (no entry, no badge).
    var entry: InboxEntry?
    /// The collapse id of its sends, if any.
    var collapseID: String?
    /// When the event happened: its sends are due then.
    var at: Date
    /// When its sends expire unsent.
    var expiresAt: Date

    /// The channel id its message and sends are recorded under: the event's channel, or `background` for a
    /// background push (outside every category of the engagement report).
    var channelID: String { entry == nil ? Self.backgroundChannelID : channel.rawValue }

    /// The channel id of background pushes.
    static let backgroundChannelID = "background"
}
