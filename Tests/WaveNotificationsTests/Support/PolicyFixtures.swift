import Foundation
import WaveNotifications

/// Zones, instants and requests for the policy and reconcile suites; every instant is written out in UTC.
enum PolicyFixtures {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!
    static let newYork = TimeZone(identifier: "America/New_York")!

    static let channel = NotificationChannel(
        id: "reminders", importance: .high, categoryID: "REMINDERS", interruptionLevel: .timeSensitive,
        name: LocalizedText(table: "Test", key: "channel_name"),
        channelDescription: LocalizedText(table: "Test", key: "channel_description"))

    /// The instant of an ISO 8601 UTC text such as `2026-03-29T01:30:00Z`.
    static func instant(_ text: String) -> Date {
        try! Date(text, strategy: .iso8601)
    }

    static func time(_ text: String) -> LocalTime {
        try! LocalTime(parsing: text)
    }

    static func request(
        _ identifier: String, at fireAt: Date, thread: String? = nil, title: String = "title",
        expiresAfter: Duration? = nil
    ) -> NotificationRequest {
        NotificationRequest(
            identifier: identifier, threadID: thread, channel: channel, fireAt: fireAt,
            title: LocalizedText(table: "Test", key: title), body: LocalizedText(table: "Test", key: "body"),
            deepLink: "test://\(identifier)", expiresAfter: expiresAfter)
    }

    static func proposed(
        _ identifier: String, at text: String, rank: Int = 0, capKey: String? = nil, dedupeKey: String? = nil
    ) -> ProposedRequest {
        ProposedRequest(request(identifier, at: instant(text)), rank: rank, capKey: capKey, dedupeKey: dedupeKey)
    }

    static func context(
        now: String = "2026-01-01T00:00:00Z", zone: TimeZone = berlin, history: [ShownNotification] = []
    ) -> PolicyContext {
        PolicyContext(now: instant(now), timeZone: zone, history: NotificationHistory(history))
    }
}
