/// Hand-written JSON for the JSON Lines sink, where the key order is part of the format.
package enum JSONText {
    /// A JSON string literal: quotes, backslashes and control characters escaped, other text left as UTF-8.
    ///
    /// U+2028 and U+2029 are escaped too, because JavaScript parsers older than ES2019 reject them raw.
    ///
    /// - Parameter text: The text.
    /// - Returns: The literal, quotes included.
    package static func quoted(_ text: String) -> String {
        var result = "\""
        result.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            case "\u{2028}", "\u{2029}": result += unicodeEscape(scalar.value)
            default:
                if scalar.value < 0x20 {
                    result += unicodeEscape(scalar.value)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// A JSON number for a non-negative duration in seconds: an integer when whole, else up to 3 decimals.
    ///
    /// - Parameter duration: The duration; negative values are written as 0.
    /// - Returns: For example `12` or `0.25`.
    package static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0 else { return "0" }
        let milliseconds = seconds * 1000 + Int64((Double(attoseconds) / 1e15).rounded())
        let whole = milliseconds / 1000
        let fraction = milliseconds % 1000
        guard fraction != 0 else { return String(whole) }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 3 - digits.count) + digits
        while digits.hasSuffix("0") {
            digits.removeLast()
        }
        return "\(whole).\(digits)"
    }

    private static func unicodeEscape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
