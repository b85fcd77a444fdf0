package import Foundation
internal import WaveNotifications

/// Parses ISO 8601 instants that carry their own zone: `2026-06-21T18:00:00+02:00`, `…Z`, with optional
/// fractional seconds. A time without a zone is an error, never a guess.
package enum InstantParser {
    /// Parses `text` into an instant.
    ///
    /// - Parameter text: The timestamp.
    /// - Returns: The instant it names.
    /// - Throws: A message saying what is wrong, suitable after "expected an ISO 8601 instant: …".
    package static func parse(_ text: String) throws(InstantError) -> Date {
        // Reads the string's own UTF-8 in place rather than copying it into an array.
        var text = text
        return try text.withUTF8 { bytes in Result { () throws(InstantError) in try parse(bytes) } }.get()
    }

    /// Parses a timestamp's UTF-8 bytes, as ``parse(_:)-(String)`` parses its text.
    ///
    /// - Parameter bytes: The timestamp's bytes.
    /// - Returns: The instant it names.
    /// - Throws: What is wrong, as ``parse(_:)-(String)`` says it.
    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(InstantError) -> Date {
        var reader = Reader(bytes)
        let year = try reader.digits(4, "a four-digit year")
        try reader.expect("-", "'-' after the year")
        let month = try reader.digits(2, "a two-digit month")
        try reader.expect("-", "'-' after the month")
        let day = try reader.digits(2, "a two-digit day")
        guard reader.take("T") || reader.take("t") else {
            throw InstantError(
                reader.atEnd
                    ? "no time: add 'T' and a time with a zone, like T18:00:00Z" : "expected 'T' after the date")
        }
        let hour = try reader.digits(2, "a two-digit hour")
        try reader.expect(":", "':' after the hour")
        let minute = try reader.digits(2, "two-digit minutes")
        var second = 0
        var nanoseconds = 0
        if reader.take(":") {
            second = try reader.digits(2, "two-digit seconds")
            if reader.take(".") || reader.take(",") {
                var count = 0
                while let digit = reader.digit() {
                    if count < 9 { nanoseconds = nanoseconds * 10 + digit }
                    count += 1
                }
                guard count > 0 else { throw InstantError("expected digits after the decimal point") }
                for _ in count..<max(count, 9) { nanoseconds *= 10 }
            }
        }
        // Four-digit years only, with a day to spare either side, so an offset never leaves the range.
        guard (1000...9998).contains(year) else { throw InstantError("year \(year) is not from 1000 to 9998") }
        guard (1...12).contains(month) else { throw InstantError("month \(month) is not 1 to 12") }
        guard (1...LocalDate.daysInMonth(year: year, month: month)).contains(day) else {
            throw InstantError("day \(day) does not exist in \(year)-\(pad(month))")
        }
        guard hour < 24, minute < 60, second < 60 else {
            throw InstantError("time \(pad(hour)):\(pad(minute)):\(pad(second)) is not a valid time of day")
        }

        let offsetSeconds: Int
        if reader.take("Z") || reader.take("z") {
            offsetSeconds = 0
        } else if let sign = reader.sign() {
            let offsetHours = try reader.digits(2, "a two-digit zone hour")
            _ = reader.take(":")
            let offsetMinutes = try reader.digits(2, "two-digit zone minutes")
            guard offsetHours <= 18, offsetMinutes < 60 else { throw InstantError("zone offset is out of range") }
            offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
        } else if reader.atEnd {
            throw InstantError("no time zone: add 'Z' or an offset like +02:00")
        } else {
            throw InstantError("unexpected text after the time")
        }
        guard reader.atEnd else { throw InstantError("unexpected text after the time zone") }

        // Validated above, so the date exists.
        let days = try! LocalDate(year: year, month: month, day: day).daysSinceEpoch
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return Date(timeIntervalSince1970: TimeInterval(seconds) + TimeInterval(nanoseconds) / 1e9)
    }

    private static func pad(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        var atEnd: Bool { index == bytes.count }

        mutating func take(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(character.value) else { return false }
            index += 1
            return true
        }

        mutating func expect(_ character: Unicode.Scalar, _ what: String) throws(InstantError) {
            guard take(character) else { throw InstantError("expected \(what)") }
        }

        mutating func digit() -> Int? {
            guard index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else {
                return nil
            }
            defer { index += 1 }
            return Int(bytes[index] - UInt8(ascii: "0"))
        }

        mutating func digits(_ count: Int, _ what: String) throws(InstantError) -> Int {
            var value = 0
            for _ in 0..<count {
                guard let digit = digit() else { throw InstantError("expected \(what)") }
                value = value * 10 + digit
            }
            return value
        }

        mutating func sign() -> Int? {
            if take("+") { return 1 }
            if take("-") { return -1 }
            return nil
        }
    }
}

/// Why a timestamp could not be parsed.
package struct InstantError: Error, Equatable, CustomStringConvertible {
    package var description: String

    package init(_ description: String) {
        self.description = description
    }
}
