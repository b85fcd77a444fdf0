/// A calendar date in the proleptic Gregorian calendar, with no time and no time zone.
public struct LocalDate: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The year, 1–9999.
    public let year: Int
    /// The month, 1–12.
    public let month: Int
    /// The day of the month, 1–31 (valid for the month).
    public let day: Int

    /// Creates a date.
    ///
    /// - Parameters:
    ///   - year: The year, 1–9999.
    ///   - month: The month, 1–12.
    ///   - day: The day, valid for the month and year.
    /// - Throws: ``LocalTimeError`` when the date does not exist.
    public init(year: Int, month: Int, day: Int) throws(LocalTimeError) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...Self.daysInMonth(year: year, month: month)).contains(day)
        else {
            throw LocalTimeError(text: "\(year)-\(month)-\(day)", field: "date", expected: "an existing date")
        }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date `days` days after 1970-01-01 (negative: before).
    ///
    /// - Parameter days: Days since 1970-01-01.
    public init(daysSinceEpoch days: Int) {
        // Howard Hinnant's civil_from_days.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        self.year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        self.month = month
        self.day = day
    }

    /// Parses `YYYY-MM-DD`.
    ///
    /// - Parameters:
    ///   - text: The text, for example `2026-03-27`.
    ///   - field: The field it came from, named in the error.
    /// - Throws: ``LocalTimeError`` quoting `text` and naming `field` when it is not an existing date.
    public init(parsing text: String, field: String = "date") throws(LocalTimeError) {
        let bytes = Array(text.utf8)
        let error = LocalTimeError(text: text, field: field, expected: "an existing date YYYY-MM-DD")
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            let year = Self.number(bytes[0..<4]), let month = Self.number(bytes[5..<7]),
            let day = Self.number(bytes[8..<10])
        else { throw error }
        do {
            try self.init(year: year, month: month, day: day)
        } catch {
            throw LocalTimeError(text: text, field: field, expected: "an existing date YYYY-MM-DD")
        }
    }

    /// Days since 1970-01-01 (negative before it).
    public var daysSinceEpoch: Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The date `days` later (earlier when negative).
    ///
    /// - Parameter days: How many days to move.
    /// - Returns: The moved date.
    public func adding(days: Int) -> LocalDate {
        LocalDate(daysSinceEpoch: daysSinceEpoch + days)
    }

    /// The day of the week.
    public var weekday: Weekday {
        let index = ((daysSinceEpoch % 7) + 7 + 3) % 7  // 1970-01-01 was a Thursday (index 3 from Monday).
        return Weekday.allCases[index]
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        let (year, month, day) = (year, month, day)
        guard (0...9999).contains(year) else {
            let y = String(year)
            return String(repeating: "0", count: max(0, 4 - y.count)) + y + "-" + (month < 10 ? "0" : "")
                + String(month)
                + "-" + (day < 10 ? "0" : "") + String(day)
        }
        // Identifiers, links and metadata are built from dates at every reconcile: the ten ASCII bytes are written
        // in place (a small string, no allocation) instead of joining five strings.
        return String(unsafeUninitializedCapacity: 10) { buffer in
            let zero = UInt8(ascii: "0")
            buffer[0] = zero + UInt8(year / 1000)
            buffer[1] = zero + UInt8(year / 100 % 10)
            buffer[2] = zero + UInt8(year / 10 % 10)
            buffer[3] = zero + UInt8(year % 10)
            buffer[4] = UInt8(ascii: "-")
            buffer[5] = zero + UInt8(month / 10)
            buffer[6] = zero + UInt8(month % 10)
            buffer[7] = UInt8(ascii: "-")
            buffer[8] = zero + UInt8(day / 10)
            buffer[9] = zero + UInt8(day % 10)
            return 10
        }
    }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self = try LocalDate(parsing: try container.decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// The number of days in a month of a year.
    ///
    /// - Parameters:
    ///   - year: The year.
    ///   - month: The month, 1–12.
    /// - Returns: 28–31.
    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    private static func number(_ bytes: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in bytes {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}

/// A day of the week, Monday first (ISO 8601).
public enum Weekday: String, Hashable, Sendable, Codable, CaseIterable {
    /// Monday.
    case monday
    /// Tuesday.
    case tuesday
    /// Wednesday.
    case wednesday
    /// Thursday.
    case thursday
    /// Friday.
    case friday
    /// Saturday.
    case saturday
    /// Sunday.
    case sunday
}
