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

        /// Creates one from its parts (a store reads them back).
        package init(sendID: Int64, installationID: String, platform: PushPayload.Platform) {
            self.sendID = sendID
            self.installationID = installationID
            self.platform = platform
        }
    }

    /// One installation not sent to.
    public struct Skip: Hashable, Sendable {
        /// The installation.
        public var installationID: String
        /// `category_disabled` (the recipient switched the channel off) or `permission_denied` (the device
        /// reports no permission).
        public var reason: String

        /// Creates one from its parts (a store reads them back).
        package init(installationID: String, reason: String) {
            self.installationID = installationID
            self.reason = reason
        }
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

    /// Creates one from its parts (a store reads them back).
    package init(messageID: String, userID: String, channelID: String, badge: Int, sends: [Send], skipped: [Skip]) {
        self.messageID = messageID
        self.userID = userID
        self.channelID = channelID
        self.badge = badge
        self.sends = sends
        self.skipped = skipped
    }
}
