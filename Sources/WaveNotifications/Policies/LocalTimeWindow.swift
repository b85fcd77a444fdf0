public import Foundation

/// A daily window of local wall-clock time, `[start, end)`: quiet hours, or hours with no follow-up.
///
/// When ``end`` is at or before ``start`` the window wraps midnight (`[22:00, 07:00)` holds 23:30 and 06:59);
/// when they are equal the window is empty. An instant is inside when its local time of day, in seconds, is in the
/// window, so 06:59:59 is inside `[22:00, 07:00)` and 07:00:00 is not.
public struct LocalTimeWindow: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The first local time inside the window.
    public var start: LocalTime
    /// The first local time after the window.
    public var end: LocalTime

    /// Creates a window.
    ///
    /// - Parameters:
    ///   - start: The first local time inside.
    ///   - end: The first local time after; at or before `start` wraps midnight, equal to `start` is empty.
    public init(start: LocalTime, end: LocalTime) {
        self.start = start
        self.end = end
    }

    /// Whether the window holds no time at all (``start`` equals ``end``).
    public var isEmpty: Bool { start == end }

    /// Whether a local second of the day is inside the window.
    ///
    /// - Parameter secondOfDay: Seconds after local midnight, 0–86399.
    /// - Returns: `true` when it is in `[start, end)`, wrapping midnight when `end` ≤ `start`.
    public func contains(secondOfDay: Int) -> Bool {
        let from = start.secondsSinceMidnight
        let to = end.secondsSinceMidnight
        if from == to { return false }
        if from < to { return secondOfDay >= from && secondOfDay < to }
        return secondOfDay >= from || secondOfDay < to
    }

    /// Whether an instant's local time of day in a zone is inside the window.
    ///
    /// - Parameters:
    ///   - instant: The instant.
    ///   - timeZone: The zone its local time is read in.
    /// - Returns: `true` when its local second of the day is in the window.
    public func contains(_ instant: Date, in timeZone: TimeZone) -> Bool {
        contains(secondOfDay: timeZone.localSecondOfDay(for: instant))
    }

    /// The first instant at or after `instant` whose local time is ``end``, with the core's DST rules.
    ///
    /// The candidates are ``end`` on the instant's local date and the following days, each turned into an instant
    /// by `TimeZone.instant(for:)`: an ``end`` in a DST gap gives the shifted instant (02:30 on a 02:00→03:00 day is
    /// 03:30 local), an ``end`` in an overlap gives the earlier of its two instants.
    ///
    /// - Parameters:
    ///   - instant: The instant to start from.
    ///   - timeZone: The zone.
    /// - Returns: The first candidate that is not before `instant`.
    public func nextEnd(atOrAfter instant: Date, in timeZone: TimeZone) -> Date {
        let date = timeZone.localDate(for: instant)
        for days in 0..<3 {
            let candidate = timeZone.instant(for: LocalDateTime(date: date.adding(days: days), time: end))
            if candidate >= instant { return candidate }
        }
        // Unreachable for real zones (no transition moves a day's wall clock by more than a day); kept total.
        return timeZone.instant(for: LocalDateTime(date: date.adding(days: 3), time: end))
    }

    /// `[HH:MM, HH:MM)`.
    public var description: String { "[\(start), \(end))" }
}
