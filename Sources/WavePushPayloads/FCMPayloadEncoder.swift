import WaveJSON
import WaveNotifications

/// Encodes a ``PushMessage`` as an FCM HTTP v1 `message` of at most ``maximumBytes`` bytes.
///
/// The JSON is `{"message":{"android":{"collapse_key","notification":{…}},"data":{"deepLink","messageId"}}}`,
/// members in that order, `collapse_key` only when the message has a collapse id. The notification holds
/// `title`, `body`, `channel_id`, or `title_loc_key`, `title_loc_args`, `body_loc_key`, `body_loc_args`,
/// `channel_id`; then `notification_count` when the message has a badge. A background push
/// (``PushMessage/isBackground``) is a data-only message: `{"message":{"android":{"collapse_key","priority":"normal"},
/// "data":{"deepLink","messageId"}}}`, no notification. The sender adds the target (`token` or `topic`) itself. A body too long is cut (see
/// ``encode(_:)``).
public struct FCMPayloadEncoder: Hashable, Sendable {
    /// FCM's limit for a message's payload, in bytes.
    public static let serviceLimit = 4000

    /// The largest JSON produced, in bytes.
    public let maximumBytes: Int

    /// Creates an encoder.
    ///
    /// - Parameter maximumBytes: The largest JSON allowed; FCM's 4000 by default.
    public init(maximumBytes: Int = FCMPayloadEncoder.serviceLimit) {
        self.maximumBytes = maximumBytes
    }

    /// Encodes `message`, cutting its body at a grapheme boundary with "…" only as much as needed to fit.
    ///
    /// - Parameter message: The message.
    /// - Returns: The payload; its JSON is valid UTF-8 and at most ``maximumBytes`` bytes.
    /// - Throws: ``PushPayloadError/doesNotFit(minimumBytes:limit:)`` when even a body cut to "…" alone does not fit.
    public func encode(_ message: PushMessage) throws(PushPayloadError) -> PushPayload {
        try BodyFitting.fit(message, platform: .fcm, limit: maximumBytes, collapseIDHeader: nil, encode: Self.json)
    }

    private static func json(_ message: PushMessage) -> [UInt8] {
        var json = JSONWriter(capacity: 512)
        json.beginObject()
        json.key("message")
        json.beginObject()
        json.key("android")
        json.beginObject()
        if let collapseID = message.collapseID { json.member("collapse_key", collapseID) }
        if message.isBackground {
            // Normal priority: a data message that only refreshes the app's data may wait for a Doze window; no
            // notification object: a data-only message.
            json.member("priority", "normal")
        } else {
            json.key("notification")
            json.beginObject()
            switch message.text {
            case .plain(let title, let body):
                json.member("title", title)
                json.member("body", body)
            case .localized(let titleKey, let titleArguments, let bodyKey, let bodyArguments):
                json.member("title_loc_key", titleKey)
                json.key("title_loc_args")
                json.strings(titleArguments)
                json.member("body_loc_key", bodyKey)
                json.key("body_loc_args")
                json.strings(bodyArguments)
            }
            json.member("channel_id", message.channel.id)
            if let badge = message.badge { json.member("notification_count", badge) }
            json.endObject()
        }
        json.endObject()
        json.key("data")
        json.beginObject()
        json.member("deepLink", message.deepLink)
        json.member("messageId", message.messageID)
        json.endObject()
        json.endObject()
        json.endObject()
        return json.bytes
    }
}
