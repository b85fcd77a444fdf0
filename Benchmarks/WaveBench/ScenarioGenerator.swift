internal import Foundation
internal import WaveJSON
internal import WaveLinuxAdapter

/// Writes a replay scenario of N favorite events, each with five reminders and a finished notification
/// still ahead of the scenario's `now`: 6N deliveries.
enum ScenarioGenerator {
    /// The scenario's `now`, 2026-06-21T00:00:00Z.
    static let now = Date(timeIntervalSince1970: 1_782_000_000)

    /// Writes the scenario to `url`.
    static func write(events count: Int, to url: URL) throws {
        var json = JSONWriter(capacity: count * 190 + 64)
        json.beginObject()
        json.member("now", timestamp(now))
        json.key("events")
        json.beginArray()
        for number in 0..<count {
            // Starts from two hours ahead, one every 17 seconds, so deliveries interleave across events.
            let start = now.addingTimeInterval(7_200 + Double(number) * 17)
            json.beginObject()
            json.member("id", TimerQueuePlan.eventID(prefix: "ev", number: number))
            json.member("name", "Wave \(number)")
            json.member("location", "City \(number % 1000)")
            json.member("start", timestamp(start))
            json.member("end", timestamp(start.addingTimeInterval(600)))
            json.member("favorite", true)
            json.endObject()
        }
        json.endArray()
        json.endObject()
        try Data(json.bytes + [UInt8(ascii: "\n")]).write(to: url)
    }

    /// `yyyy-MM-ddTHH:mm:ssZ` in UTC: the adapter's own formatter, so the scenario and the output agree.
    static func timestamp(_ date: Date) -> String {
        UTCDateParts(date).iso8601
    }
}
