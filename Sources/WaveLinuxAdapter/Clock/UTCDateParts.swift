package import Foundation
internal import WaveJSON
internal import WaveNotifications

/// A date's calendar fields in UTC, computed arithmetically (no formatter, no time zone database).
package struct UTCDateParts: Hashable, Sendable {
    package var year: Int
    package var month: Int
    package var day: Int
    package var hour: Int
    package var minute: Int
    package var second: Int
    /// Milliseconds within the second, after rounding the date to the nearest millisecond.
    package var millisecond: Int

    /// Splits a date, rounded to the nearest millisecond, into UTC fields.
    ///
    /// - Parameter date: The date.
    package init(_ date: Date) {
        let totalMilliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
        let (days, millisecondOfDay) = Self.floorDivide(totalMilliseconds, 86_400_000)
        millisecond = Int(millisecondOfDay % 1000)
        let secondOfDay = Int(millisecondOfDay / 1000)
        hour = secondOfDay / 3600
        minute = secondOfDay % 3600 / 60
        second = secondOfDay % 60
        let date = LocalDate(daysSinceEpoch: Int(days))
        (year, month, day) = (date.year, date.month, date.day)
    }

    /// `2026-06-21T16:00:00Z`, with `.SSS` milliseconds only when the instant is not a whole second.
    package var iso8601: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        appendISO8601(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the UTF-8 of ``iso8601`` to `output`, without building the string (the JSON Lines fast path).
    ///
    /// - Parameter output: Where the timestamp goes.
    package func appendISO8601(to output: inout [UInt8]) {
        JSONWriter.appendDecimal(year, minimumWidth: 4, to: &output)
        output.append(UInt8(ascii: "-"))
        JSONWriter.appendDecimal(month, minimumWidth: 2, to: &output)
        output.append(UInt8(ascii: "-"))
        JSONWriter.appendDecimal(day, minimumWidth: 2, to: &output)
        output.append(UInt8(ascii: "T"))
        JSONWriter.appendDecimal(hour, minimumWidth: 2, to: &output)
        output.append(UInt8(ascii: ":"))
        JSONWriter.appendDecimal(minute, minimumWidth: 2, to: &output)
        output.append(UInt8(ascii: ":"))
        JSONWriter.appendDecimal(second, minimumWidth: 2, to: &output)
        if millisecond != 0 {
            output.append(UInt8(ascii: "."))
            JSONWriter.appendDecimal(millisecond, minimumWidth: 3, to: &output)
        }
        output.append(UInt8(ascii: "Z"))
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let quotient = value / divisor
        let remainder = value % divisor
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }
}
