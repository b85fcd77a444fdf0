extension JSONWriter {
    /// A JSON string literal: quotes, backslashes and control characters escaped, other text left as UTF-8.
    ///
    /// U+2028 and U+2029 are escaped too, because JavaScript parsers older than ES2019 reject them raw.
    ///
    /// - Parameter text: The text.
    /// - Returns: The literal, quotes included.
    public static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 2)
        appendQuoted(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the UTF-8 of the JSON string literal for `text`, as ``quoted(_:)`` writes it, to `output`.
    ///
    /// - Parameters:
    ///   - text: The text.
    ///   - output: Where the literal, quotes included, goes.
    public static func appendQuoted(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        appendEscaped(text, to: &output)
        output.append(UInt8(ascii: "\""))
    }

    /// Appends the UTF-8 of `text` escaped as inside a JSON string literal, without the quotes around it.
    ///
    /// Runs of bytes that need no escape are copied whole, so plain text costs one scan and one copy.
    ///
    /// - Parameters:
    ///   - text: The text.
    ///   - output: Where the escaped text goes.
    public static func appendEscaped(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendEscaped($0, to: &output) }
    }

    /// Appends valid UTF-8 escaped as inside a JSON string literal; the byte-level form of
    /// ``appendEscaped(_:to:)``.
    static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        var runStart = 0
        var index = 0
        while index < bytes.count {
            if index + 8 <= bytes.count
                && isPlainASCII(UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self))
            {
                index += 8
                continue
            }
            let byte = bytes[index]
            // Nearly every byte is plain; one cheap test keeps them out of the escape switch.
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0xE2 else {
                index += 1
                continue
            }
            let escape: [UInt8]
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): escape = [UInt8(ascii: "\\"), byte]
            case UInt8(ascii: "\n"): escape = Array(#"\n"#.utf8)
            case UInt8(ascii: "\r"): escape = Array(#"\r"#.utf8)
            case UInt8(ascii: "\t"): escape = Array(#"\t"#.utf8)
            case 0x08: escape = Array(#"\b"#.utf8)
            case 0x0C: escape = Array(#"\f"#.utf8)
            case 0xE2:
                // U+2028 (E2 80 A8) and U+2029 (E2 80 A9); other scalars with this lead byte stay as they are.
                guard index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] & 0xFE == 0xA8 else {
                    index += 1
                    continue
                }
                escape = Array((bytes[index + 2] == 0xA8 ? #"\u2028"# : #"\u2029"#).utf8)
            default:
                // Other control characters as \u00XX, lowercase hex.
                escape = Array(#"\u00"#.utf8) + [hexDigit(byte >> 4), hexDigit(byte)]
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            output.append(contentsOf: escape)
            index += byte == 0xE2 ? 3 : 1
            runStart = index
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }

    /// Whether eight bytes are all ASCII that JSON takes as it is: none below 0x20, none `"` or `\`.
    ///
    /// Each test is the classic borrow trick: with every byte below 0x80, subtracting `n` from every byte sets a
    /// byte's high bit only if some byte is below `n`, and a byte equals `c` exactly when `byte ^ c` is below 1.
    private static func isPlainASCII(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        let control = word &- ones &* 0x20
        let quote = (word ^ (ones &* UInt64(UInt8(ascii: "\"")))) &- ones
        let backslash = (word ^ (ones &* UInt64(UInt8(ascii: "\\")))) &- ones
        return (word | control | quote | backslash) & highBits == 0
    }

    /// The lowercase hex digit for the low four bits of `value`.
    private static func hexDigit(_ value: UInt8) -> UInt8 {
        let nibble = value & 0x0F
        return nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}
