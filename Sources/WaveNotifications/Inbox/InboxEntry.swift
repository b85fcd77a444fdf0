public import Foundation

/// One line of an app's inbox: a notification that came due (shown or suppressed), as the user can read it later.
///
/// The title and body are kept as ``LocalizedText`` (key and arguments), not as words, so the inbox shows them in
/// the user's language at the time it is read. Instants are kept to the millisecond (rounded to the nearest).
public struct InboxEntry: Hashable, Sendable, Codable {
    /// The notification's identifier; several entries may share one (a repeating reminder).
    public var identifier: String
    /// When it came due.
    public var receivedAt: Date
    /// The id of its ``NotificationChannel``.
    public var channelID: String
    /// The title.
    public var title: LocalizedText
    /// The body.
    public var body: LocalizedText
    /// The link opened when the user taps it.
    public var deepLink: String
    /// When the user read it; `nil` while unread.
    public var readAt: Date?
    /// When the user deleted it; `nil` while not deleted. Deleted entries are never listed or counted.
    public var deletedAt: Date?

    /// Creates an entry.
    ///
    /// - Parameters:
    ///   - identifier: The notification's identifier.
    ///   - receivedAt: When it came due.
    ///   - channelID: Its channel's id.
    ///   - title: The title.
    ///   - body: The body.
    ///   - deepLink: The link opened on tap.
    ///   - readAt: When it was read, if it was.
    ///   - deletedAt: When it was deleted, if it was.
    public init(
        identifier: String, receivedAt: Date, channelID: String, title: LocalizedText, body: LocalizedText,
        deepLink: String, readAt: Date? = nil, deletedAt: Date? = nil
    ) {
        self.identifier = identifier
        self.receivedAt = receivedAt
        self.channelID = channelID
        self.title = title
        self.body = body
        self.deepLink = deepLink
        self.readAt = readAt
        self.deletedAt = deletedAt
    }

    /// The same entry with every instant rounded to the nearest millisecond, as stores keep it.
    package var roundedToMilliseconds: InboxEntry {
        var copy = self
        copy.receivedAt = Date(millisecondsSince1970: receivedAt.millisecondsSince1970)
        copy.readAt = readAt.map { Date(millisecondsSince1970: $0.millisecondsSince1970) }
        copy.deletedAt = deletedAt.map { Date(millisecondsSince1970: $0.millisecondsSince1970) }
        return copy
    }
}
