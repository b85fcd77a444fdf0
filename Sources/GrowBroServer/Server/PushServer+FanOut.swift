internal import Foundation
internal import GrowBroNotifications
internal import WaveNotifications
internal import WavePushPayloads

extension PushServer {
    /// Adds a community event to the recipient's server inbox and records one send per live installation, in one
    /// transaction.
    ///
    /// An installation is skipped when the recipient switched the event's channel off (`category_disabled`) or the
    /// device reports no permission (`permission_denied`). Each payload carries `messageId`, the deep link, the
    /// `thread-id` of the post for a reply (on FCM its `collapse_key` `post_<postId>`), the collapse id
    /// `like_<postId>` for a like, and the badge: the
    /// recipient's unread count after this entry. Texts travel as the `GrowBro` table's keys, resolved on the
    /// device in its language.
    ///
    /// - Parameter event: The event.
    /// - Returns: The badge, the sends recorded and the installations skipped.
    /// - Throws: ``GrowBroServerError`` (unknown user, malformed or reused id, a payload that does not fit), or
    ///   ``PushStoreError``; nothing is stored then.
    public func fanOut(_ event: CommunityEvent) throws -> FanOutResult {
        let messageID = try Validation.shortID(event.messageID, field: "messageId")
        let plan = try FanOutPlan(event)
        let message = FanOutMessage(
            messageID: messageID, userID: event.recipientID, channel: plan.channel,
            entry: InboxEntry(
                identifier: GrowBroLinks.messageIdentifier(messageID), receivedAt: event.at,
                channelID: plan.channel.rawValue, title: plan.title, body: plan.body, deepLink: plan.deepLink),
            collapseID: plan.collapseID, at: event.at,
            expiresAt: event.at.addingTimeInterval(configuration.sendLifetime.timeInterval))
        return try store.fanOut(message, skip: FanOutRules.skipReason(for:channelEnabled:)) { badge, platform in
            try Self.encode(
                PushMessage(
                    messageID: messageID,
                    text: .localized(
                        titleKey: plan.title.key, titleArguments: plan.title.arguments, bodyKey: plan.body.key,
                        bodyArguments: plan.body.arguments),
                    channel: plan.channel.channel, deepLink: plan.deepLink, threadID: plan.threadID,
                    collapseID: platform == .fcm ? plan.fcmCollapseKey : plan.collapseID, badge: badge),
                for: platform)
        }
    }

    /// A push's payload in the provider's format, or ``GrowBroServerError/payloadTooLarge(messageID:detail:)``.
    static func encode(_ push: PushMessage, for platform: PushPayload.Platform) throws -> String {
        do {
            switch platform {
            case .apns: return try APNsPayloadEncoder().encode(push).json
            case .fcm: return try FCMPayloadEncoder().encode(push).json
            }
        } catch {
            throw GrowBroServerError.payloadTooLarge(messageID: push.messageID, detail: error.description)
        }
    }
}
