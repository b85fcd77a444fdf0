internal import Foundation
internal import WaveLinuxAdapter

/// Writes a replay scenario of N favorite events, each with five reminders and a finished notification
/// still ahead of the scenario's `now`: 6N deliveries.
enum ScenarioGenerator {
    /// The scenario's `now`, 2026-06-21T00:00:00Z.
    static let now = Date(timeIntervalSince1970: 1_782_000_000)

    /// Writes the scenario to `url`.
    static func write(events count: Int, to url: URL) throws {
        var json = "{\n\"now\": \"\(timestamp(now))\",\n\"events\": [\n"
        json.reserveCapacity(count * 190)
        for number in 0..<count {
            // Starts from two hours ahead, one every 17 seconds, so deliveries interleave across events.
            let start = now.addingTimeInterval(7_200 + Double(number) * 17)
            let id = TimerQueuePlan.eventID(prefix: "ev", number: number)
            json += "{\"id\": \"\(id)\", \"name\": \"Wave \(number)\", \"location\": \"City \(number % 1000)\", "
            json += "\"start\": \"\(timestamp(start))\", \"end\": \"\(timestamp(start.addingTimeInterval(600)))\", "
            json += "\"favorite\": true}"
            json += number + 1 < count ? ",\n" : "\n"
        }
        json += "]\n}\n"
        try Data(json.utf8).write(to: url)
    }

    /// `yyyy-MM-ddTHH:mm:ssZ` in UTC: the adapter's own formatter, so the scenario and the output agree.
    static func timestamp(_ date: Date) -> String {
        UTCDateParts(date).iso8601
    }
}
