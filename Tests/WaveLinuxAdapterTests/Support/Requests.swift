import Foundation
import WaveNotifications

extension Fixtures {
    /// A channel of a non-WorldWideWaves app.
    static func channel(
        _ id: String = "treatment_reminders", importance: NotificationChannel.Importance = .high,
        interruptionLevel: NotificationChannel.InterruptionLevel = .active
    ) -> NotificationChannel {
        NotificationChannel(
            id: id, importance: importance, categoryID: id.uppercased(), interruptionLevel: interruptionLevel,
            name: LocalizedText(table: "Hydracat", key: "channel_\(id)"),
            channelDescription: LocalizedText(table: "Hydracat", key: "channel_\(id)_description"))
    }

    /// A general request `identifier` in `thread`, `seconds` after ``start``.
    static func request(
        _ identifier: String, thread: String = "thread-a", at seconds: Double, expiresAfter: Duration? = nil,
        collapseID: String? = nil, actions: [NotificationAction] = [], channel: NotificationChannel = channel()
    ) -> NotificationRequest {
        NotificationRequest(
            identifier: identifier, threadID: thread, channel: channel, fireAt: start.addingTimeInterval(seconds),
            title: LocalizedText(table: "Hydracat", key: "reminder_title"),
            body: LocalizedText(table: "Hydracat", key: "reminder_body", arguments: [identifier]),
            deepLink: "hydracat://reminder/\(identifier)", actions: actions, expiresAfter: expiresAfter,
            collapseID: collapseID, metadata: ["kind": "reminder"])
    }
}
