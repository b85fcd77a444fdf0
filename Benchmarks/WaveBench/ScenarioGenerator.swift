internal import Foundation

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

    /// `yyyy-MM-ddTHH:mm:ssZ` in UTC, without a formatter (days-to-civil, proleptic Gregorian).
    static func timestamp(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func pad(_ value: Int, _ width: Int = 2) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(year, 4))-\(pad(month))-\(pad(day))T\(pad(secondOfDay / 3600)):\(pad(secondOfDay / 60 % 60)):"
            + "\(pad(secondOfDay % 60))Z"
    }
}
