public import Foundation

/// When something recurs: once, daily at local times, every N hours in a local window, or weekly.
///
/// Recurring rules produce their occurrences per calendar day in the zone asked about, never by adding 24 hours, so
/// a daily 08:00 stays 08:00 local across DST changes. Each occurrence is named by its slot (its local date and the
/// local time the rule asked for) and fires at the instant ``Foundation/TimeZone/instant(for:)`` gives:
/// - a time in a gap (clocks jump forward) fires as far after the transition as it was after the gap's start
///   (02:30 on a 02:00→03:00 day fires at 03:30 local);
/// - a time in an overlap (clocks fall back) fires once, at the earlier instant;
/// - when a gap shift makes an occurrence fire at the same instant as another occurrence of the rule (every hour
///   on a 02:00→03:00 day: 02:00 would fire at 03:00), the shifted one is dropped and the other keeps its slot.
///
/// Occurrences are returned strictly increasing by fire instant, without duplicates. Instants between the years
/// 0005 and 9987 are supported; queries reaching beyond are clipped to that span.
public struct RecurrenceRule: Hashable, Sendable, CustomStringConvertible {
    /// The shape of a rule, as it was built.
    public enum Kind: Hashable, Sendable {
        /// Once, at an instant.
        case once(Date)
        /// Every day at these local times (sorted, distinct, 1–12 of them).
        case daily([LocalTime])
        /// Every `hours` hours from `from` to `to` local, both ends included when on the grid; wraps past midnight
        /// when `to` is before `from`.
        case interval(hours: Int, from: LocalTime, to: LocalTime)
        /// Every week on a weekday at a local time.
        case weekly(Weekday, LocalTime)
    }

    /// The shape of the rule.
    public let kind: Kind

    /// The local times of day the rule fires at, sorted and distinct; empty for a one-off rule.
    ///
    /// An interval rule wrapping midnight lists its times after midnight first (20:00–02:00 every 2 h gives
    /// 00:00, 02:00, 20:00, 22:00): on any calendar day those are its times.
    public let times: [LocalTime]

    /// ``times`` as seconds after local midnight.
    private let secondsOfDay: [Int]
    /// The Monday-based index of a weekly rule's weekday.
    private let weekdayIndex: Int?

    private init(kind: Kind, times: [LocalTime], weekday: Weekday? = nil) {
        self.kind = kind
        self.times = times
        self.secondsOfDay = times.map(\.secondsSinceMidnight)
        self.weekdayIndex = weekday.flatMap { Weekday.allCases.firstIndex(of: $0) }
    }

    /// A rule that fires once, at `instant`.
    ///
    /// Its occurrence's slot is the local date and time of `instant` in the zone asked about (seconds dropped).
    ///
    /// - Parameter instant: When it fires.
    /// - Returns: The rule.
    public static func once(at instant: Date) -> RecurrenceRule {
        RecurrenceRule(kind: .once(instant), times: [])
    }

    /// A rule that fires every day at each of `times` local.
    ///
    /// - Parameter times: 1–12 local times; duplicates are removed first, order does not matter.
    /// - Returns: The rule.
    /// - Throws: ``RecurrenceRuleError/noTimes`` when `times` is empty, ``RecurrenceRuleError/tooManyTimes(_:)``
    ///   when it holds 13 or more distinct times.
    public static func daily(at times: [LocalTime]) throws(RecurrenceRuleError) -> RecurrenceRule {
        let distinct = Array(Set(times)).sorted()
        guard !distinct.isEmpty else { throw .noTimes }
        guard distinct.count <= RecurrenceRuleError.maximumDailyTimes else { throw .tooManyTimes(distinct.count) }
        return RecurrenceRule(kind: .daily(distinct), times: distinct)
    }

    /// A rule that fires every `hours` hours from `from` to `to` local, every day.
    ///
    /// The times are `from`, `from + hours`, … while not after `to`, so both ends are included when on the grid.
    /// When `to` is before `from` the window runs past midnight into the next calendar day (20:00–02:00 every 2 h
    /// fires at 20:00 and 22:00, then at 00:00 and 02:00 of the next date, whose slots carry that next date);
    /// `from` equal to `to` gives one time.
    ///
    /// - Parameters:
    ///   - hours: The step: 1, 2, 3, 4, 6, 8 or 12.
    ///   - from: The first time of the window.
    ///   - to: The last time of the window.
    /// - Returns: The rule.
    /// - Throws: ``RecurrenceRuleError/unsupportedInterval(hours:)`` for any other step.
    public static func interval(
        hours: Int, from: LocalTime, to: LocalTime
    ) throws(RecurrenceRuleError)
        -> RecurrenceRule
    {
        guard RecurrenceRuleError.supportedIntervalHours.contains(hours) else {
            throw .unsupportedInterval(hours: hours)
        }
        let start = from.minutesSinceMidnight
        let end = to.minutesSinceMidnight < start ? to.minutesSinceMidnight + 1_440 : to.minutesSinceMidnight
        let minutes = stride(from: start, through: end, by: hours * 60).map { $0 % 1_440 }.sorted()
        let times = minutes.map { try! LocalTime(minutesSinceMidnight: $0) }
        return RecurrenceRule(kind: .interval(hours: hours, from: from, to: to), times: times)
    }

    /// A rule that fires every week on `weekday` at `time` local.
    ///
    /// - Parameters:
    ///   - weekday: The day of the week.
    ///   - time: The local time.
    /// - Returns: The rule.
    public static func weekly(on weekday: Weekday, at time: LocalTime) -> RecurrenceRule {
        RecurrenceRule(kind: .weekly(weekday, time), times: [time], weekday: weekday)
    }

    /// `once 2026-03-08T07:00:00Z`, `daily 08:00,20:00`, `every 2h 20:00–02:00`, `weekly monday 09:00`.
    public var description: String {
        switch kind {
        case .once(let instant): return "once \(instant.formatted(.iso8601))"
        case .daily(let times): return "daily " + times.map(\.description).joined(separator: ",")
        case .interval(let hours, let from, let to): return "every \(hours)h \(from)–\(to)"
        case .weekly(let weekday, let time): return "weekly \(weekday.rawValue) \(time)"
        }
    }

    /// The first occurrence that fires strictly after `instant`.
    ///
    /// - Parameters:
    ///   - instant: The instant to look after.
    ///   - zone: The zone the rule's local times are read in.
    /// - Returns: The occurrence, or `nil` when there is none (a one-off rule already past).
    public func nextOccurrence(after instant: Date, in zone: TimeZone) -> Occurrence? {
        if case .once(let at) = kind {
            return at > instant ? Occurrence(slot: zone.localDateTime(for: at), fireAt: at) : nil
        }
        let seconds = instant.timeIntervalSince1970
        guard !seconds.isNaN, seconds < Double(Self.supportedEnd) else { return nil }
        let after = Int(max(seconds, Double(Self.supportedStart)).rounded(.down))
        let table = ZoneOffsetCache.table(for: zone, covering: after - 8 * 86_400, after + 24 * 86_400)
        let localDay = LocalDateTime.day(ofNaiveSeconds: after + table.offset(at: after))
        var best: (instant: Int, day: Int, index: Int)?
        var day = localDay - 1
        var lastDay = localDay + 14
        while day <= lastDay {
            forEachOccurrence(onDay: day, table: table) { fire, index in
                if fire > after, fire < best?.instant ?? .max { best = (fire, day, index) }
            }
            // A gap shift can put an occurrence after one of the next day; none reaches two days on.
            if best != nil { lastDay = min(lastDay, day + 1) }
            day += 1
        }
        guard let best, best.instant < Self.supportedEnd else { return nil }
        return Occurrence(
            slot: LocalDateTime(date: LocalDate(daysSinceEpoch: best.day), time: times[best.index]),
            fireAt: Date(timeIntervalSince1970: Double(best.instant))
        )
    }

    /// The occurrences that fire in `start..<end`, strictly increasing by fire instant, without duplicates.
    ///
    /// - Parameters:
    ///   - start: The first instant included.
    ///   - end: The first instant not included.
    ///   - zone: The zone the rule's local times are read in.
    /// - Returns: The occurrences; empty when `end` is not after `start`.
    public func occurrences(from start: Date, to end: Date, in zone: TimeZone) -> [Occurrence] {
        if case .once(let at) = kind {
            return start <= at && at < end ? [Occurrence(slot: zone.localDateTime(for: at), fireAt: at)] : []
        }
        let lower = max(start.timeIntervalSince1970, Double(Self.supportedStart))
        let upper = min(end.timeIntervalSince1970, Double(Self.supportedEnd))
        guard lower < upper else { return [] }
        let first = Int(lower.rounded(.down))
        let last = Int(upper.rounded(.up))
        let table = ZoneOffsetCache.table(for: zone, covering: first - 8 * 86_400, last + 8 * 86_400)
        let firstDay = LocalDateTime.day(ofNaiveSeconds: first + table.offset(at: first)) - 2
        let lastDay = LocalDateTime.day(ofNaiveSeconds: last + table.offset(at: last)) + 1
        var result: [Occurrence] = []
        var latest = Int.min
        var inOrder = true
        for day in firstDay...lastDay {
            var date: LocalDate?
            forEachOccurrence(onDay: day, table: table) { fire, index in
                let fireSeconds = Double(fire)
                guard lower <= fireSeconds, fireSeconds < upper else { return }
                if fire <= latest { inOrder = false }
                latest = max(latest, fire)
                let slotDate = date ?? LocalDate(daysSinceEpoch: day)
                date = slotDate
                result.append(
                    Occurrence(
                        slot: LocalDateTime(date: slotDate, time: times[index]),
                        fireAt: Date(timeIntervalSince1970: fireSeconds)
                    )
                )
            }
        }
        if !inOrder {
            result.sort { $0.fireAt < $1.fireAt }
        }
        return result
    }

    // MARK: - Per-day expansion

    /// Instants before year 0005 and after year 9987 are outside every rule's reach (seconds since 1970).
    private static let supportedStart = -62_000_000_000
    private static let supportedEnd = 253_000_000_000

    /// Calls `body` with the fire instant and the index into ``times`` of each occurrence whose slot is on local
    /// day `day` (days since 1970-01-01), in slot order, with gap-shifted duplicates already dropped.
    private func forEachOccurrence(onDay day: Int, table: ZoneOffsetTable, _ body: (Int, Int) -> Void) {
        guard matches(day: day) else { return }
        let midnight = day * 86_400
        let low = table.index(at: midnight - 86_400)
        if low == table.index(at: midnight + 2 * 86_400) {
            // No offset change within a day of any time of this day: one offset, no gap, no overlap.
            let offset = table.offsets[low]
            for index in secondsOfDay.indices {
                body(midnight + secondsOfDay[index] - offset, index)
            }
            return
        }
        for index in secondsOfDay.indices {
            let (fire, shifted) = Self.resolve(naive: midnight + secondsOfDay[index], table: table)
            if shifted, collides(fire, table: table) { continue }
            body(fire, index)
        }
    }

    /// Whether local day `day` carries occurrences (a weekly rule's weekday only).
    private func matches(day: Int) -> Bool {
        guard let weekdayIndex else { return true }
        return ((day % 7) + 7 + 3) % 7 == weekdayIndex  // 1970-01-01 was a Thursday, Monday-based index 3.
    }

    /// Whether a gap-shifted occurrence firing at `fire` lands on an unshifted occurrence of this rule: the slot of
    /// the wall time at `fire`.
    private func collides(_ fire: Int, table: ZoneOffsetTable) -> Bool {
        let wall = fire + table.offset(at: fire)
        let day = LocalDateTime.day(ofNaiveSeconds: wall)
        let secondOfDay = wall - day * 86_400
        guard secondOfDay % 60 == 0, matches(day: day), secondsOfDay.contains(secondOfDay) else { return false }
        let partner = Self.resolve(naive: wall, table: table)
        return !partner.shifted && partner.instant == fire
    }

    /// The instant of naive local seconds with the gap and overlap rules, and whether it fell in a gap.
    ///
    /// Agrees with ``Foundation/TimeZone/instant(naiveSeconds:)``: the candidates are the offsets in force within a
    /// day either side; the earliest instant whose offset reads back to the wall time wins (overlap); with none, the
    /// wall time is in a gap and is read with the offset before that gap's transition.
    private static func resolve(naive: Int, table: ZoneOffsetTable) -> (instant: Int, shifted: Bool) {
        let low = table.index(at: naive - 86_400)
        let high = table.index(at: naive + 86_400)
        if low == high { return (naive - table.offsets[low], false) }
        var best: Int?
        for index in low...high {
            let candidate = naive - table.offsets[index]
            if table.offset(at: candidate) == table.offsets[index], candidate < best ?? .max { best = candidate }
        }
        if let best { return (best, false) }
        for index in (low + 1)...high {
            let transition = table.transitions[index - 1]
            if transition + table.offsets[index - 1] <= naive, naive < transition + table.offsets[index] {
                return (naive - table.offsets[index - 1], true)
            }
        }
        return (naive - table.offsets[low], true)
    }
}
