/// A wall-clock time of day to the minute, `HH:MM`, with no date and no time zone.
public struct LocalTime: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The hour, 0–23.
    public let hour: Int
    /// The minute, 0–59.
    public let minute: Int

    /// Creates a time of day.
    ///
    /// - Parameters:
    ///   - hour: The hour, 0–23.
    ///   - minute: The minute, 0–59.
    /// - Throws: ``LocalTimeError`` when either is out of range.
    public init(hour: Int, minute: Int) throws(LocalTimeError) {
        guard (0...23).contains(hour), (0...59).contains(minute) else {
            throw LocalTimeError(text: "\(hour):\(minute)", field: "time", expected: "a time 00:00–23:59")
        }
        self.hour = hour
        self.minute = minute
    }

    /// Creates the time `minutes` after midnight.
    ///
    /// - Parameter minutes: Minutes after midnight, 0–1439.
    /// - Throws: ``LocalTimeError`` when out of range.
    public init(minutesSinceMidnight minutes: Int) throws(LocalTimeError) {
        guard (0..<1440).contains(minutes) else {
            throw LocalTimeError(text: String(minutes), field: "time", expected: "0–1439 minutes after midnight")
        }
        self.hour = minutes / 60
        self.minute = minutes % 60
    }

    /// Parses `HH:MM`: exactly two digits each, hours 00–23, minutes 00–59.
    ///
    /// - Parameters:
    ///   - text: The text, for example `08:30`.
    ///   - field: The field it came from, named in the error (for example `quietHours.start`).
    /// - Throws: ``LocalTimeError`` quoting `text` and naming `field` when it is not a valid `HH:MM`.
    public init(parsing text: String, field: String = "time") throws(LocalTimeError) {
        let bytes = Array(text.utf8)
        guard bytes.count == 5, bytes[2] == UInt8(ascii: ":"),
            let hour = Self.twoDigits(bytes[0], bytes[1]), let minute = Self.twoDigits(bytes[3], bytes[4]),
            hour < 24, minute < 60
        else {
            throw LocalTimeError(text: text, field: field, expected: "HH:MM, 00:00–23:59")
        }
        self.hour = hour
        self.minute = minute
    }

    /// Midnight, 00:00.
    public static let midnight = try! LocalTime(hour: 0, minute: 0)

    /// Minutes after midnight, 0–1439.
    public var minutesSinceMidnight: Int { hour * 60 + minute }

    /// Seconds after midnight, 0–86340.
    public var secondsSinceMidnight: Int { minutesSinceMidnight * 60 }

    /// `HH:MM`, two digits each.
    public var description: String {
        let (hour, minute) = (hour, minute)
        // Five ASCII bytes written in place (a small string, no allocation): built at every reconcile.
        return String(unsafeUninitializedCapacity: 5) { buffer in
            let zero = UInt8(ascii: "0")
            buffer[0] = zero + UInt8(hour / 10)
            buffer[1] = zero + UInt8(hour % 10)
            buffer[2] = UInt8(ascii: ":")
            buffer[3] = zero + UInt8(minute / 10)
            buffer[4] = zero + UInt8(minute % 10)
            return 5
        }
    }

    public static func < (lhs: LocalTime, rhs: LocalTime) -> Bool {
        lhs.minutesSinceMidnight < rhs.minutesSinceMidnight
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self = try LocalTime(parsing: try container.decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    private static func twoDigits(_ first: UInt8, _ second: UInt8) -> Int? {
        let zero = UInt8(ascii: "0")
        guard (zero...zero + 9).contains(first), (zero...zero + 9).contains(second) else { return nil }
        return Int(first - zero) * 10 + Int(second - zero)
    }
}

/// A local time, date or date-time that is not valid: the text, the field it came from, and what was expected.
public struct LocalTimeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The rejected text, exactly as given.
    public let text: String
    /// The field it came from, for example `quietHours.start`.
    public let field: String
    /// What the field accepts.
    public let expected: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - text: The rejected text.
    ///   - field: The field it came from.
    ///   - expected: What the field accepts.
    public init(text: String, field: String, expected: String) {
        self.text = text
        self.field = field
        self.expected = expected
    }

    public var description: String { "\(field): \"\(text)\" is not valid; expected \(expected)" }
}
