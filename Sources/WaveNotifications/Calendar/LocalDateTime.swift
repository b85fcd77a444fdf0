/// A local calendar date and time of day to the minute, in no particular zone: a slot such as `2026-03-08T08:00`.
///
/// Recurring rules name their occurrences by this value (the date and the time the rule asked for, before any
/// DST gap shift), so identifiers built from it stay the same across DST changes.
public struct LocalDateTime: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The calendar date.
    public var date: LocalDate
    /// The time of day.
    public var time: LocalTime

    /// Creates a date-time.
    ///
    /// - Parameters:
    ///   - date: The calendar date.
    ///   - time: The time of day.
    public init(date: LocalDate, time: LocalTime) {
        self.date = date
        self.time = time
    }

    /// Parses `YYYY-MM-DDTHH:MM` (no seconds, no offset).
    ///
    /// - Parameters:
    ///   - text: The text, for example `2026-03-27T02:30`.
    ///   - field: The field it came from, named in the error.
    /// - Throws: ``LocalTimeError`` quoting `text` and naming `field` when it is not valid.
    public init(parsing text: String, field: String = "dateTime") throws(LocalTimeError) {
        let utf8 = Array(text.utf8)
        guard utf8.count == 16, utf8[10] == UInt8(ascii: "T"),
            let date = try? LocalDate(parsing: String(decoding: utf8[0..<10], as: UTF8.self)),
            let time = try? LocalTime(parsing: String(decoding: utf8[11..<16], as: UTF8.self))
        else {
            throw LocalTimeError(text: text, field: field, expected: "a local date-time YYYY-MM-DDTHH:MM")
        }
        self.init(date: date, time: time)
    }

    /// `YYYY-MM-DDTHH:MM`.
    public var description: String { "\(date)T\(time)" }

    /// Seconds since 1970-01-01T00:00 read as if the zone were UTC (the "naive" local seconds).
    public var naiveSeconds: Int { date.daysSinceEpoch * 86_400 + time.secondsSinceMidnight }

    /// The local day that naive local seconds fall on, as days since 1970-01-01 (rounded toward the past): the one
    /// conversion of local seconds to a day, for the zone's reading of an instant, the recurrence rules and the
    /// device's idle windows.
    ///
    /// - Parameter seconds: Naive local seconds (``naiveSeconds``).
    /// - Returns: The day's ``LocalDate/daysSinceEpoch``.
    package static func day(ofNaiveSeconds seconds: Int) -> Int {
        floorDivide(seconds, by: 86_400)
    }

    public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
        (lhs.date, lhs.time) < (rhs.date, rhs.time)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self = try LocalDateTime(parsing: try container.decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
