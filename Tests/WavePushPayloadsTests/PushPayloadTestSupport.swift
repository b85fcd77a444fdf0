import Foundation
import Testing
import WaveNotifications
import WavePushPayloads

/// GrowBro's channels and messages, and a way to read a payload back with Foundation.
enum GrowBro {
    static let interactions = NotificationChannel(
        id: "community.interactions", categoryID: "COMMUNITY_INTERACTIONS",
        name: LocalizedText(table: "growbro", key: "channel_interactions"),
        channelDescription: LocalizedText(table: "growbro", key: "channel_interactions_description"))
    static let likes = NotificationChannel(
        id: "community.likes", importance: .low, categoryID: "COMMUNITY_LIKES",
        name: LocalizedText(table: "growbro", key: "channel_likes"),
        channelDescription: LocalizedText(table: "growbro", key: "channel_likes_description"))
    static let reminders = NotificationChannel(
        id: "cultivation.reminders", importance: .high, categoryID: "CULTIVATION_REMINDERS",
        interruptionLevel: .timeSensitive, name: LocalizedText(table: "growbro", key: "channel_reminders"),
        channelDescription: LocalizedText(table: "growbro", key: "channel_reminders_description"))

    static func reply(body: String, title: String = "Ana replied to your post") -> PushMessage {
        PushMessage(
            messageID: "m-1", text: .plain(title: title, body: body), channel: interactions,
            deepLink: "growbro://post/42", threadID: "post_42")
    }

    static func like() -> PushMessage {
        PushMessage(
            messageID: "m-2", text: .plain(title: "New like", body: "Ana liked your post."), channel: likes,
            deepLink: "growbro://post/42", collapseID: "like_42")
    }

    /// The payload's JSON parsed by JSONSerialization.
    static func object(_ payload: PushPayload) throws -> NSDictionary {
        try #require(try JSONSerialization.jsonObject(with: Data(payload.json.utf8)) as? NSDictionary)
    }

    /// The body text a payload carries (plain form).
    static func body(_ payload: PushPayload) throws -> String {
        let object = try object(payload)
        let path = payload.platform == .apns ? "aps.alert.body" : "message.android.notification.body"
        return try #require(value(object, path) as? String)
    }

    /// The value at a dotted `path` of a JSON object (no key-value coding on Linux).
    static func value(_ object: NSDictionary, _ path: String) -> Any? {
        var current: Any? = object
        for key in path.split(separator: ".") {
            current = (current as? NSDictionary)?[String(key)]
        }
        return current
    }
}
