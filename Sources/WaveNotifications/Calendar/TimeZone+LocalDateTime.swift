public import Foundation

extension TimeZone {
    /// The instant a local date and time names in this zone, with the DST rules of the core.
    ///
    /// - A time that exists once gives that instant.
    /// - A time in a gap (clocks jump forward, the time does not exist that day) gives the instant as far after the
    ///   transition as the time was after the gap's start: 02:30 on a 02:00→03:00 day is 03:30 local.
    /// - A time in an overlap (clocks fall back, the time occurs twice) gives the earlier instant.
    ///
    /// - Parameter local: The local date and time.
    /// - Returns: The instant.
    public func instant(for local: LocalDateTime) -> Date {
        instant(naiveSeconds: local.naiveSeconds)
    }

    /// The instant of local naive seconds (seconds since 1970-01-01T00:00 read as local wall time), with the
    /// gap and overlap rules of ``instant(for:)``.
    ///
    /// Offsets come from the zone's table of transitions (`ZoneOffsetCache`, built once per zone and year), which
    /// gives `secondsFromGMT(for:)`'s answers without a call into ICU each time: a fleet asks millions of times.
    ///
    /// - Parameter naive: The local wall time as seconds since the epoch, as if the zone were UTC.
    /// - Returns: The instant.
    public func instant(naiveSeconds naive: Int) -> Date {
        // The offsets a day either side bracket any single transition near this wall time.
        let table = ZoneOffsetCache.table(for: self, covering: naive - 86_400 - 50_400, naive + 86_400 + 50_400)
        let before = table.offset(at: naive - 86_400)
        let after = table.offset(at: naive + 86_400)
        var best: Int?
        for offset in before == after ? [before] : [before, after] {
            let candidate = naive - offset
            if table.offset(at: candidate) == offset {
                best = min(best ?? candidate, candidate)
            }
        }
        if let best {
            return Date(timeIntervalSince1970: Double(best))
        }
        // In a gap: read the wall time with the offset in force before the transition.
        return Date(timeIntervalSince1970: Double(naive - before))
    }

    /// The local date and time of an instant in this zone, to the minute (seconds dropped).
    ///
    /// - Parameter instant: The instant.
    /// - Returns: Its local date and time.
    public func localDateTime(for instant: Date) -> LocalDateTime {
        let seconds = localSeconds(for: instant)
        let days = LocalDateTime.day(ofNaiveSeconds: seconds)
        let secondOfDay = seconds - days * 86_400
        return LocalDateTime(
            date: LocalDate(daysSinceEpoch: days),
            time: try! LocalTime(minutesSinceMidnight: secondOfDay / 60)
        )
    }

    /// The local calendar date of an instant in this zone.
    ///
    /// - Parameter instant: The instant.
    /// - Returns: Its local date.
    public func localDate(for instant: Date) -> LocalDate {
        localDateTime(for: instant).date
    }

    /// The next local midnight after an instant: 00:00 of the next local date, shifted forward when midnight is in a
    /// DST gap (``instant(for:)``).
    ///
    /// - Parameter instant: The instant.
    /// - Returns: The instant of the next local 00:00.
    public func nextMidnight(after instant: Date) -> Date {
        self.instant(for: LocalDateTime(date: localDate(for: instant).adding(days: 1), time: .midnight))
    }

    /// Seconds since midnight local time of an instant, 0–86399 (seconds kept).
    ///
    /// - Parameter instant: The instant.
    /// - Returns: Its local second of the day.
    public func localSecondOfDay(for instant: Date) -> Int {
        let seconds = localSeconds(for: instant)
        return ((seconds % 86_400) + 86_400) % 86_400
    }

    /// The instant's local wall time as whole seconds since the epoch, as if the zone were UTC.
    ///
    /// - Parameter instant: The instant.
    /// - Returns: The naive local seconds (sub-second part dropped toward the past).
    public func localSeconds(for instant: Date) -> Int {
        let utc = instant.wholeSecondsSince1970
        return utc + ZoneOffsetCache.table(for: self, covering: utc, utc + 1).offset(at: utc)
    }
}
