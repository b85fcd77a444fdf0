import Foundation
import TestSupport
import Testing
import WaveNotifications

/// Random rules, zones and windows (seeded, reproducible) checked against a brute-force reference built only on
/// `TimeZone.instant(for:)` and `localDateTime(for:)`, which `TimeZoneLocalDateTimeTests` pins to zoneinfo.
struct RecurrenceRulePropertyTests {
    static let zones = [
        "Europe/Berlin", "America/New_York", "Asia/Jerusalem", "Australia/Lord_Howe", "Asia/Tokyo",
        "America/Santiago", "Asia/Beirut", "America/Havana", "Pacific/Chatham", "Europe/Dublin", "Africa/Casablanca",
        "America/St_Johns", "Antarctica/Troll", "Pacific/Apia", "Asia/Kolkata", "Europe/Moscow", "America/Sao_Paulo",
        "UTC",
    ]

    private static func randomTime(_ generator: inout SplitMix64) -> LocalTime {
        // Half the times near the usual 00:00–03:59 transition hours, on quarter hours often.
        let minute =
            Bool.random(using: &generator)
            ? Int.random(in: 0..<240, using: &generator) : Int.random(in: 0..<1_440, using: &generator)
        let rounded = Bool.random(using: &generator) ? minute / 15 * 15 : minute
        return try! LocalTime(minutesSinceMidnight: rounded)
    }

    private static func randomRule(_ generator: inout SplitMix64) -> RecurrenceRule {
        switch Int.random(in: 0..<3, using: &generator) {
        case 0:
            let count = Int.random(in: 1...14, using: &generator)
            let times = (0..<count).map { _ in randomTime(&generator) }
            return (try? RecurrenceRule.daily(at: times))
                ?? (try! RecurrenceRule.daily(at: Array(Set(times)).sorted().prefix(12).map { $0 }))
        case 1:
            let hours = RecurrenceRuleError.supportedIntervalHours.randomElement(using: &generator)!
            return try! RecurrenceRule.interval(hours: hours, from: randomTime(&generator), to: randomTime(&generator))
        default:
            return RecurrenceRule.weekly(
                on: Weekday.allCases.randomElement(using: &generator)!, at: randomTime(&generator))
        }
    }

    /// Every slot of `rule` on the local days around `start..<end`, through the public calendar functions, with the
    /// spec's drop rule applied, sorted by instant.
    private static func reference(
        _ rule: RecurrenceRule, from start: Date, to end: Date, in zone: TimeZone
    ) -> [Occurrence] {
        let weekday: Weekday? = if case .weekly(let day, _) = rule.kind { day } else { nil }
        var candidates: [(occurrence: Occurrence, shifted: Bool)] = []
        var date = zone.localDate(for: start).adding(days: -2)
        let last = zone.localDate(for: end).adding(days: 1)
        while date <= last {
            if weekday == nil || date.weekday == weekday {
                for time in rule.times {
                    let slot = LocalDateTime(date: date, time: time)
                    let instant = zone.instant(for: slot)
                    candidates.append(
                        (Occurrence(slot: slot, fireAt: instant), zone.localDateTime(for: instant) != slot))
                }
            }
            date = date.adding(days: 1)
        }
        let unshifted = Set(candidates.filter { !$0.shifted }.map(\.occurrence.fireAt))
        return candidates.filter { !($0.shifted && unshifted.contains($0.occurrence.fireAt)) }.map(\.occurrence)
            .filter { start <= $0.fireAt && $0.fireAt < end }.sorted { $0.fireAt < $1.fireAt }
    }

    @Test(arguments: 0..<8)
    func occurrencesMatchTheReferenceAndNextAgreesWithThem(batch: Int) throws {
        var generator = SplitMix64(seed: 0x5EED_0000 + UInt64(batch))
        for _ in 0..<400 {
            let zone = try #require(TimeZone(identifier: Self.zones.randomElement(using: &generator)!))
            let rule = Self.randomRule(&generator)
            // Windows in 1995–2045, biased toward March, April, October and November transitions.
            let year = Int.random(in: 1995...2045, using: &generator)
            let month = [3, 4, 9, 10, 11, Int.random(in: 1...12, using: &generator)].randomElement(using: &generator)!
            let base = try LocalDate(year: year, month: month, day: 1).daysSinceEpoch * 86_400
            let start = Date(timeIntervalSince1970: Double(base + Int.random(in: 0..<(40 * 86_400), using: &generator)))
            let end = start.addingTimeInterval(Double(Int.random(in: 1...(16 * 86_400), using: &generator)))
            let found = rule.occurrences(from: start, to: end, in: zone)
            let expected = Self.reference(rule, from: start, to: end, in: zone)
            #expect(found == expected, "\(rule) in \(zone.identifier) from \(start) to \(end)")
            #expect(zip(found, found.dropFirst()).allSatisfy { $0.fireAt < $1.fireAt })
            #expect(Set(found.map(\.slot)).count == found.count)
            for occurrence in found {
                // The local time at the fire instant is the rule's time, except for a slot inside a gap.
                let wall = zone.localDateTime(for: occurrence.fireAt)
                let inGap = zone.localDateTime(for: zone.instant(for: occurrence.slot)) != occurrence.slot
                #expect(wall == occurrence.slot || (inGap && wall > occurrence.slot))
                #expect(rule.times.contains(occurrence.slot.time))
            }
            // next(after:) from the start and from each occurrence walks the same list.
            var cursor = start.addingTimeInterval(-0.001)
            for occurrence in found {
                let next = rule.nextOccurrence(after: cursor, in: zone)
                #expect(next == occurrence, "\(rule) in \(zone.identifier) after \(cursor)")
                cursor = occurrence.fireAt
            }
            if let next = rule.nextOccurrence(after: cursor, in: zone) {
                #expect(next.fireAt >= end || found.isEmpty && next.fireAt >= start)
            }
        }
    }
}
