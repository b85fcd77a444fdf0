public import WavePushPayloads

/// What a fan-out did: the inbox entry's badge, the sends recorded, and the installations skipped and why.
public struct FanOutResult: Hashable, Sendable {
    /// One send recorded for one installation.
    public struct Send: Hashable, Sendable {
        /// The send's id in the outbox.
        public var sendID: Int64
        /// The installation.
        public var installationID: String
        /// The push service.
        public var platform: PushPayload.Platform
    }

    /// One installation not sent to.
    public struct Skip: Hashable, Sendable {
        /// The installation.
        public var installationID: String
        /// `category_disabled` (the recipient switched the channel off) or `permission_denied` (the device
        /// reports no permission).
        public var reason: String
    }

    /// The message id.
    public var messageID: String
    /// The recipient.
    public var userID: String
    /// The channel id.
    public var channelID: String
    /// The recipient's unread count after this entry: the badge every payload carries.
    public var badge: Int
    /// The sends recorded, in installation id order.
    public var sends: [Send]
    /// The installations skipped, in installation id order.
    public var skipped: [Skip]
}
