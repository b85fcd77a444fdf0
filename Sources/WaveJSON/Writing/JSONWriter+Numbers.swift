extension JSONWriter {
    /// Appends `String(value)` left-padded with zeros to `minimumWidth` characters, without building a string.
    ///
    /// The sign counts towards the width, as in `String(value)`: `-5` at width 3 is `0-5`, never written by
    /// callers that pad only non-negative fields (dates).
    ///
    /// - Parameters:
    ///   - value: The number.
    ///   - minimumWidth: The fewest characters to write.
    ///   - output: Where the digits go.
    public static func appendDecimal(_ value: Int, minimumWidth: Int, to output: inout [UInt8]) {
        let magnitude = value.magnitude
        var digitCount = 1
        var scale: UInt = 1
        while magnitude / scale >= 10 {
            scale *= 10
            digitCount += 1
        }
        let length = digitCount + (value < 0 ? 1 : 0)
        if length < minimumWidth {
            output.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: minimumWidth - length))
        }
        if value < 0 {
            output.append(UInt8(ascii: "-"))
        }
        while scale > 0 {
            output.append(UInt8(ascii: "0") + UInt8(magnitude / scale % 10))
            scale /= 10
        }
    }

    /// A JSON number for a non-negative duration in seconds: an integer when whole, else up to 3 decimals.
    ///
    /// - Parameter duration: The duration; negative values are written as 0.
    /// - Returns: For example `12` or `0.25`.
    public static func seconds(_ duration: Duration) -> String {
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
}
