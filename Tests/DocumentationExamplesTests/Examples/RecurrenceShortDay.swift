// Shown in docs/core.md, "Recurrence and DST".
// example-begin
import Foundation
import WaveNotifications

/// An hourly rule on Berlin's 23-hour day, 2026-03-29: 23 occurrences, no 02:00 slot, one per hour.
func hourlyOnBerlinsShortDay() throws -> (day: [Occurrence], next: Occurrence?) {
    let berlin = TimeZone(identifier: "Europe/Berlin")!
    let rule = try RecurrenceRule.interval(hours: 1, from: LocalTime(parsing: "00:00"), to: LocalTime(parsing: "23:00"))
    let day = rule.occurrences(
        from: Date(timeIntervalSince1970: 1_774_738_800), to: Date(timeIntervalSince1970: 1_774_821_600), in: berlin)
    let next = rule.nextOccurrence(after: Date(timeIntervalSince1970: 1_774_742_400), in: berlin)
    // next?.slot == 2026-03-29T03:00, next?.fireAt == 2026-03-29T01:00:00Z
    return (day, next)
}
// example-end
