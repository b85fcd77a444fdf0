internal import Foundation
internal import WaveNotifications

/// Workload 8: the core's recurrence rules in a DST zone (Europe/Berlin, 2026: spring forward on 29 March, fall
/// back on 25 October), an every-hour rule over the whole day.
enum RecurrenceWorkload {
    static let zone = TimeZone(identifier: "Europe/Berlin")!
    /// 2026-01-01T00:00:00+01:00.
    static let yearStart = Date(timeIntervalSince1970: 1_767_222_000)
    /// 2027-01-01T00:00:00+01:00.
    static let yearEnd = Date(timeIntervalSince1970: 1_798_758_000)

    /// Every hour, 00:00 through 23:00.
    static func hourly() throws -> RecurrenceRule {
        try RecurrenceRule.interval(
            hours: 1, from: LocalTime(hour: 0, minute: 0), to: LocalTime(hour: 23, minute: 0))
    }

    /// The wall-clock hours of the year in the zone, counted with Foundation's calendar and not with the rule:
    /// every local (date, hour) label that some instant of the year shows. The gap hour of spring forward is
    /// nobody's label; the repeated hour of fall back is one label.
    static func expectedYearCount() -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        var labels = Set<Int>()
        var instant = yearStart
        while instant < yearEnd {
            let parts = calendar.dateComponents([.year, .month, .day, .hour], from: instant)
            labels.insert(((parts.year! * 100 + parts.month!) * 100 + parts.day!) * 100 + parts.hour!)
            instant = instant.addingTimeInterval(3_600)
        }
        return labels.count
    }

    /// `count` calls of `nextOccurrence(after:in:)`, each from the previous occurrence (wrapping to the year's start
    /// at its end); checks each is later than the last and on the hour.
    static func next(count: Int) throws -> [String: Double] {
        let rule = try hourly()
        var after = yearStart
        var checksum = 0
        let started = ContinuousClock.now
        for _ in 0..<count {
            guard let occurrence = rule.nextOccurrence(after: after, in: zone), occurrence.fireAt > after else {
                throw WorkloadFailure("no occurrence after \(after)")
            }
            checksum &+= occurrence.slot.time.minute
            after = occurrence.fireAt < yearEnd ? occurrence.fireAt : yearStart
        }
        let seconds = (ContinuousClock.now - started).seconds
        try WorkloadFailure.check(checksum == 0, "an hourly occurrence was not on the hour")
        return ["seconds": seconds, "operations": Double(count)]
    }

    /// `repetitions` expansions of a year; checks every expansion's count against ``expectedYearCount()``.
    static func year(repetitions: Int) throws -> [String: Double] {
        let rule = try hourly()
        let expected = expectedYearCount()
        let started = ContinuousClock.now
        for _ in 0..<repetitions {
            let count = rule.occurrences(from: yearStart, to: yearEnd, in: zone).count
            try WorkloadFailure.check(count == expected, "\(count) occurrences in a year, expected \(expected)")
        }
        let seconds = (ContinuousClock.now - started).seconds
        return ["seconds": seconds, "operations": Double(repetitions), "occurrences": Double(expected)]
    }
}
