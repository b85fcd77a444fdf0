/// A push message the server sent to GrowBro: a reply, a like or a system message, each with its message id.
///
/// A message id is used once; it names the notification (`msg_<messageId>`) and travels in the payload for
/// push-to-open tracking. A reply or a like may carry its author's id (`[A-Za-z0-9_-]{1,64}`): a reply with one
/// offers "View profile" (``GrowBroActions``).
public enum GrowBroPush: Hashable, Sendable, Codable {
    /// Someone replied to the user's post; `authorID` is the replying user's id, when the server sends it.
    case reply(messageID: String, postID: String, author: String, text: String, authorID: String? = nil)
    /// Someone liked the user's post; `authorID` is the liking user's id, when the server sends it.
    case like(messageID: String, postID: String, author: String, authorID: String? = nil)
    /// A message from GrowBro itself.
    case system(messageID: String, title: String, text: String)

    /// The message id.
    public var messageID: String {
        switch self {
        case .reply(let messageID, _, _, _, _), .like(let messageID, _, _, _), .system(let messageID, _, _):
            return messageID
        }
    }

    /// The author's id of a reply or a like, when the server sent it; `nil` for a system message.
    public var authorID: String? {
        switch self {
        case .reply(_, _, _, _, let authorID), .like(_, _, _, let authorID): return authorID
        case .system: return nil
        }
    }

    /// The channel it is shown on: interactions for replies, likes for likes, updates for system messages.
    public var channel: GrowBroChannel {
        switch self {
        case .reply: return .interactions
        case .like: return .likes
        case .system: return .updates
        }
    }

    /// Whether a push server sends it at FCM `high` priority, which reaches a phone in Doze at once: replies and
    /// system messages; likes go at `normal` priority and wait for Doze's next maintenance window (they are not worth
    /// waking a sleeping phone).
    public var isHighPriority: Bool {
        switch self {
        case .reply, .system: return true
        case .like: return false
        }
    }

    /// The thread a push server sends it in: replies are threaded by post (`post_<postId>`); likes and system
    /// messages are not threaded (a platform groups each by itself).
    public var threadID: String? {
        switch self {
        case .reply(_, let postID, _, _, _): return GrowBroLinks.postThread(postID)
        case .like, .system: return nil
        }
    }
}
