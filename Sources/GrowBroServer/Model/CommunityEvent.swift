public import Foundation

/// Something that happened in the community for one recipient: a reply or like on their post, or a system message.
public struct CommunityEvent: Hashable, Sendable {
    /// What happened.
    public enum Kind: Hashable, Sendable {
        /// Someone replied to the recipient's post; the text is cut to a 100-character preview.
        case reply(postID: String, author: String, authorID: String?, text: String)
        /// Someone liked the recipient's post; likes on one post collapse into the newest.
        case like(postID: String, author: String)
        /// A message from GrowBro itself.
        case system(title: String, text: String)
        /// Nothing shown: a background push asking the app to bring the post (or, without one, the inbox) up to
        /// date (seed 004, 9.1 and 9.2): on APNs `content-available: 1` with push type `background` and priority 5,
        /// on FCM a data-only message at normal priority (it may wait for a Doze window). No inbox entry and no
        /// badge; every installation of the recipient gets it, whatever its switches and notification permission
        /// (neither applies to a push that shows nothing); recorded under the channel id `background`, outside the
        /// engagement report's categories. iOS may deliver it late or never (Low Power Mode, a force-quit app).
        case refresh(postID: String?)
    }

    /// The message id, used once, sent as `messageId` for push-to-open correlation.
    public var messageID: String
    /// The user it is for.
    public var recipientID: String
    /// What happened.
    public var kind: Kind
    /// When it happened.
    public var at: Date

    /// Creates an event.
    ///
    /// - Parameters:
    ///   - messageID: The message id.
    ///   - recipientID: The recipient.
    ///   - kind: What happened.
    ///   - at: When.
    public init(messageID: String, recipientID: String, kind: Kind, at: Date) {
        self.messageID = messageID
        self.recipientID = recipientID
        self.kind = kind
        self.at = at
    }
}
