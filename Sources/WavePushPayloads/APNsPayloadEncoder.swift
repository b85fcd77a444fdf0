import WaveJSON
import WaveNotifications

/// Encodes a ``PushMessage`` as an APNs payload of at most ``maximumBytes`` bytes.
///
/// The JSON is `{"aps":{"alert":{…},"badge","thread-id","category","interruption-level"},"deepLink","messageId"}`,
/// members in that order, `badge` and `thread-id` only when the message has them. The alert holds `title`/`body`, or
/// `title-loc-key`/`title-loc-args`/`loc-key`/`loc-args`. The collapse id is not in the JSON: APNs takes it
/// as the `apns-collapse-id` header, returned in ``PushPayload/collapseIDHeader``. A body too long is cut (see
/// ``encode(_:)``). A background push (``PushMessage/isBackground``) is
/// `{"aps":{"content-available":1},"deepLink","messageId"}`: no alert, badge, sound or category.
public struct APNsPayloadEncoder: Hashable, Sendable {
    /// APNs' limit for a regular remote notification, in bytes.
    public static let serviceLimit = 4096

    /// The largest JSON produced, in bytes.
    public let maximumBytes: Int

    /// Creates an encoder.
    ///
    /// - Parameter maximumBytes: The largest JSON allowed; APNs' 4096 by default.
    public init(maximumBytes: Int = APNsPayloadEncoder.serviceLimit) {
        self.maximumBytes = maximumBytes
    }

    /// Encodes `message`, cutting its body at a grapheme boundary with "…" only as much as needed to fit.
    ///
    /// - Parameter message: The message.
    /// - Returns: The payload; its JSON is valid UTF-8 and at most ``maximumBytes`` bytes.
    /// - Throws: ``PushPayloadError/doesNotFit(minimumBytes:limit:)`` when even a body cut to "…" alone does not fit.
    public func encode(_ message: PushMessage) throws(PushPayloadError) -> PushPayload {
        try BodyFitting.fit(
            message, platform: .apns, limit: maximumBytes, collapseIDHeader: message.collapseID, encode: Self.json)
    }

    private static func json(_ message: PushMessage) -> [UInt8] {
        var json = JSONWriter(capacity: 512)
        json.beginObject()
        json.key("aps")
        json.beginObject()
        if message.isBackground {
            json.member("content-available", 1)
            json.endObject()
            json.member("deepLink", message.deepLink)
            json.member("messageId", message.messageID)
            json.endObject()
            return json.bytes
        }
        json.key("alert")
        json.beginObject()
        switch message.text {
        case .plain(let title, let body):
            json.member("title", title)
            json.member("body", body)
        case .localized(let titleKey, let titleArguments, let bodyKey, let bodyArguments):
            json.member("title-loc-key", titleKey)
            json.key("title-loc-args")
            json.strings(titleArguments)
            json.member("loc-key", bodyKey)
            json.key("loc-args")
            json.strings(bodyArguments)
        }
        json.endObject()
        if let badge = message.badge { json.member("badge", badge) }
        if let threadID = message.threadID { json.member("thread-id", threadID) }
        json.member("category", message.channel.categoryID)
        json.member("interruption-level", interruptionLevel(message.channel.interruptionLevel))
        json.endObject()
        json.member("deepLink", message.deepLink)
        json.member("messageId", message.messageID)
        json.endObject()
        return json.bytes
    }

    /// APNs' spelling of the level.
    private static func interruptionLevel(_ level: NotificationChannel.InterruptionLevel) -> String {
        switch level {
        case .passive: return "passive"
        case .active: return "active"
        case .timeSensitive: return "time-sensitive"
        case .critical: return "critical"
        }
    }
}
