public import WaveNotifications

/// What a server sends to one device for one push, independent of the push service.
///
/// ``APNsPayloadEncoder`` and ``FCMPayloadEncoder`` turn it into the JSON their service takes. Keep personal
/// data out of it: the texts are shown on a lock screen and the link is readable by the OS.
public struct PushMessage: Hashable, Sendable {
    /// The texts, either final or as localization keys the device resolves.
    public enum Text: Hashable, Sendable {
        /// Final texts in the recipient's language. The body is the part cut when the payload is too large.
        case plain(title: String, body: String)
        /// Localization keys and their arguments, resolved on the device. The last body argument (the one
        /// carrying user text, such as a reply preview) is the part cut when the payload is too large.
        case localized(titleKey: String, titleArguments: [String], bodyKey: String, bodyArguments: [String])
    }

    /// The message's id, sent as `messageId` for push-to-open correlation.
    public var messageID: String
    /// The texts.
    public var text: Text
    /// The channel: its ``NotificationChannel/id`` is FCM's `channel_id`, its ``NotificationChannel/categoryID``
    /// APNs' `category`, its ``NotificationChannel/interruptionLevel`` APNs' `interruption-level`.
    public var channel: NotificationChannel
    /// The deep link opened on tap, sent as `deepLink`.
    public var deepLink: String
    /// The iOS thread (`thread-id`) that groups related notifications, for example `post_42` for replies.
    public var threadID: String?
    /// The collapse id: a newer message with the same one replaces the older (`apns-collapse-id`,
    /// FCM `collapse_key`), for example `like_42`.
    public var collapseID: String?
    /// The app icon's badge (APNs `aps.badge`, FCM `notification_count`), for example the unread count; `nil`
    /// leaves it unchanged.
    public var badge: Int?
    /// Whether this is a background (silent) push that only wakes the app to update its data (seed 9.1, 9.2): on APNs
    /// `content-available: 1` with no alert, badge or sound (sent with `apns-push-type: background` and priority 5),
    /// on FCM a data-only message (no `notification`, normal priority, so Doze may batch it). Nothing is shown; the
    /// text is not sent.
    public var isBackground: Bool

    /// Creates a message.
    ///
    /// - Parameters:
    ///   - messageID: The message's id.
    ///   - text: The texts.
    ///   - channel: The channel.
    ///   - deepLink: The link opened on tap.
    ///   - threadID: The iOS thread, if any.
    ///   - collapseID: The collapse id, if any.
    ///   - badge: The badge number, if any.
    ///   - isBackground: Whether it is a background push (nothing shown, the app woken to update its data).
    public init(
        messageID: String, text: Text, channel: NotificationChannel, deepLink: String, threadID: String? = nil,
        collapseID: String? = nil, badge: Int? = nil, isBackground: Bool = false
    ) {
        self.messageID = messageID
        self.text = text
        self.channel = channel
        self.deepLink = deepLink
        self.threadID = threadID
        self.collapseID = collapseID
        self.badge = badge
        self.isBackground = isBackground
    }
}
