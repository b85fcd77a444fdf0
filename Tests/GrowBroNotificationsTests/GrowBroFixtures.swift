import Foundation
import GrowBroNotifications
import WaveNotifications

/// Shared values for the GrowBro tests: zones, local date-times and instants written out in full.
enum GrowBroFixtures {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!
    static let newYork = TimeZone(identifier: "America/New_York")!

    /// A local date-time from `YYYY-MM-DDTHH:MM`.
    static func local(_ text: String) -> LocalDateTime {
        try! LocalDateTime(parsing: text)
    }

    /// An instant from an ISO 8601 text with offset or `Z`.
    static func instant(_ text: String) -> Date {
        try! Date(text, strategy: .iso8601)
    }

    /// Quiet hours switched on, 22:00–07:00 unless given.
    static func quiet(_ start: String = "22:00", _ end: String = "07:00") -> QuietHoursSetting {
        QuietHoursSetting(enabled: true, start: try! LocalTime(parsing: start), end: try! LocalTime(parsing: end))
    }

    static let reply = GrowBroPush.reply(messageID: "m1", postID: "p42", author: "Kim", text: "Nice buds!")
    static let like = GrowBroPush.like(messageID: "m2", postID: "p42", author: "Ana")
    static let system = GrowBroPush.system(messageID: "m3", title: "Maintenance", text: "Back at 10:00.")
}
