internal import Foundation
internal import WaveNotifications

/// The occurrences of a schedule's idle windows by local day, and its zone's offsets between two transitions, each
/// found once and kept.
///
/// `DozeSchedule` looks for the stretch holding an instant at every phase question; reading the zone through ICU
/// each time (a dozen offset lookups per window) was most of what device conditions cost an Android replay
/// (BENCHMARKS.md, round five). The answers are those of `DozeSchedule.occurrence(of:containing:in:)`: an occurrence
/// is computed with the same calls, once per local day, and an instant's local date from the offset the zone keeps
/// from the instant's own lookup to the zone's next transition.
///
/// A class shared by the copies of one schedule; a schedule whose windows or zone change takes a new one.
final class DozeOccurrences: Sendable {
    /// The windows, in the schedule's order.
    private let windows: [LocalTimeWindow]
    /// The zone they are read in.
    private let timeZone: TimeZone
    /// What has been found so far.
    private let found = WaveLock(Found())

    /// An interval of UTC seconds over which the zone keeps one offset.
    private struct OffsetSpan {
        /// The first second known to have the offset.
        var from: Int
        /// The zone's next transition after `from` (infinity when it has none).
        var until: Double
        /// The offset from GMT in seconds.
        var offset: Int
    }

    /// The state behind the lock.
    private struct Found {
        /// Spans of one offset; at most one per transition, since a span ending at a known transition is extended.
        var spans: [OffsetSpan] = []
        /// The span that answered last (instants come mostly in order).
        var lastSpan = 0
        /// Each window's occurrence starting on a local day (days since 1970-01-01); `nil` for an empty window.
        var byDay: [Int: [(start: Date, end: Date)?]] = [:]
    }

    /// Creates an empty record.
    ///
    /// - Parameters:
    ///   - windows: The idle windows, in order.
    ///   - timeZone: The zone they are read in.
    init(windows: [LocalTimeWindow], timeZone: TimeZone) {
        self.windows = windows
        self.timeZone = timeZone
    }

    /// The occurrence of a window that holds an instant: the one starting on the instant's local date or the day
    /// before, as `DozeSchedule.occurrence(of:containing:in:)` finds it.
    ///
    /// - Parameters:
    ///   - index: The window's index.
    ///   - instant: The instant.
    /// - Returns: Its start and end, or `nil`.
    func occurrence(of index: Int, containing instant: Date) -> (start: Date, end: Date)? {
        found.withLock { found in
            let day = localDay(of: instant, in: &found)
            for days in [0, -1] {
                guard let occurrence = occurrences(on: day + days, in: &found)[index] else { return nil }
                if occurrence.start <= instant, instant < occurrence.end { return occurrence }
            }
            return nil
        }
    }

    /// The local date of an instant as days since 1970-01-01, as `TimeZone.localDate(for:)` reads it.
    private func localDay(of instant: Date, in found: inout Found) -> Int {
        let utc = instant.wholeSecondsSince1970
        return LocalDateTime.day(ofNaiveSeconds: utc + offset(atSecond: utc, in: &found))
    }

    /// The zone's offset at a UTC second, looked up in the zone only when no known span holds it.
    private func offset(atSecond utc: Int, in found: inout Found) -> Int {
        func holds(_ span: OffsetSpan) -> Bool { span.from <= utc && Double(utc) < span.until }
        if found.lastSpan < found.spans.count, holds(found.spans[found.lastSpan]) {
            return found.spans[found.lastSpan].offset
        }
        if let index = found.spans.firstIndex(where: holds) {
            found.lastSpan = index
            return found.spans[index].offset
        }
        let date = Date(timeIntervalSince1970: Double(utc))
        let offset = timeZone.secondsFromGMT(for: date)
        let until = timeZone.nextDaylightSavingTimeTransition(after: date)?.timeIntervalSince1970 ?? .infinity
        // An earlier second of a span already known: the span starts there now.
        if let index = found.spans.firstIndex(where: { $0.until == until && $0.offset == offset }) {
            found.spans[index].from = min(found.spans[index].from, utc)
            found.lastSpan = index
        } else {
            found.spans.append(OffsetSpan(from: utc, until: until, offset: offset))
            found.lastSpan = found.spans.count - 1
        }
        return offset
    }

    /// Each window's occurrence starting on a local day, computed the first time the day is asked for.
    private func occurrences(on day: Int, in found: inout Found) -> [(start: Date, end: Date)?] {
        if let known = found.byDay[day] { return known }
        let date = LocalDate(daysSinceEpoch: day)
        let computed = windows.map { window -> (start: Date, end: Date)? in
            guard !window.isEmpty else { return nil }
            let crossesMidnight = window.end <= window.start
            let start = timeZone.instant(for: LocalDateTime(date: date, time: window.start))
            let end = timeZone.instant(
                for: LocalDateTime(date: crossesMidnight ? date.adding(days: 1) : date, time: window.end))
            return (start, end)
        }
        found.byDay[day] = computed
        return computed
    }
}
