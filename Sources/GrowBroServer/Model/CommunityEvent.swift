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
