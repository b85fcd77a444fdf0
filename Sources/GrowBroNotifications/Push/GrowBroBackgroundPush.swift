/// A background push GrowBro's server sends to keep the app's content up to date without the user opening it
/// (seed 004, requirements 9.1-9.4): APNs `content-available`, an FCM data message at `normal` priority. It shows
/// nothing and adds no inbox entry; the app runs briefly and reconciles
/// (``GrowBroNotificationService/receiveBackgroundPush(_:device:)``), which may refill what iOS holds.
public struct GrowBroBackgroundPush: Hashable, Sendable, Codable {
    /// The message id (`msg_<messageId>` names it in what a device reports about it).
    public var messageID: String
    /// The post it is about, when the server says.
    public var postID: String?

    /// Creates a background push.
    ///
    /// - Parameters:
    ///   - messageID: The message id.
    ///   - postID: The post it is about, or `nil`.
    public init(messageID: String, postID: String? = nil) {
        self.messageID = messageID
        self.postID = postID
    }

    /// Its identifier: `msg_<messageId>`.
    public var identifier: String { GrowBroLinks.messageIdentifier(messageID) }

    /// Its FCM priority is `normal`: in deep Doze it waits for the next maintenance window, as likes do.
    public var isHighPriority: Bool { false }
}
