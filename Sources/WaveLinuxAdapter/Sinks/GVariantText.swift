internal import Foundation

/// Builds and reads the GVariant text format that `gdbus call` takes as arguments and prints as replies.
package enum GVariantText {
    /// A GVariant string literal in double quotes, escaping quotes, backslashes and control characters.
    ///
    /// D-Bus strings cannot hold NUL, so U+0000 becomes U+FFFD; everything else non-ASCII stays as UTF-8.
    ///
    /// - Parameter text: The text.
    /// - Returns: The literal, for example `"Caf\u00e9 \"au lait\""` for `Café "au lait"` (with é raw).
    package static func string(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{00}": result += "\u{FFFD}"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// A typed array of strings, `@as ["a", "b"]`, valid even when empty.
    ///
    /// - Parameter items: The strings.
    /// - Returns: The literal.
    package static func stringArray(_ items: [String]) -> String {
        "@as [" + items.map(string).joined(separator: ", ") + "]"
    }

    /// A typed `a{sv}` dictionary from already-encoded variant values, keys in the given order.
    ///
    /// - Parameter entries: Keys and GVariant literals of their values (for example `byte 2`).
    /// - Returns: The literal, for example `@a{sv} {"urgency": <byte 2>}`.
    package static func variantDictionary(_ entries: [(key: String, value: String)]) -> String {
        "@a{sv} {" + entries.map { "\(string($0.key)): <\($0.value)>" }.joined(separator: ", ") + "}"
    }

    /// Every string literal in a printed GVariant, unescaped, in order.
    ///
    /// - Parameter printed: `gdbus` output such as `('dunst', 'knopwob', '1.9.0', '1.2')`.
    /// - Returns: The strings, or `nil` when a literal is not terminated.
    package static func stringLiterals(in printed: String) -> [String]? {
        var result: [String] = []
        var scalars = printed.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "'" || scalar == "\"" else { continue }
            let quote = scalar
            var value = String.UnicodeScalarView()
            var terminated = false
            while let next = scalars.next() {
                if next == quote {
                    terminated = true
                    break
                }
                guard next == "\\" else {
                    value.append(next)
                    continue
                }
                guard let escaped = scalars.next() else { return nil }
                switch escaped {
                case "n": value.append("\n")
                case "t": value.append("\t")
                case "r": value.append("\r")
                case "b": value.append("\u{08}")
                case "f": value.append("\u{0C}")
                case "v": value.append("\u{0B}")
                case "a": value.append("\u{07}")
                case "u", "U":
                    var hex = ""
                    for _ in 0..<(escaped == "u" ? 4 : 8) {
                        guard let digit = scalars.next() else { return nil }
                        hex.unicodeScalars.append(digit)
                    }
                    guard let code = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(code) else { return nil }
                    value.append(decoded)
                default: value.append(escaped)
                }
            }
            guard terminated else { return nil }
            result.append(String(value))
        }
        return result
    }

    /// The first unsigned integer of a printed reply such as `(uint32 7,)`.
    ///
    /// - Parameter printed: `gdbus` output.
    /// - Returns: The number, or `nil` when there is none.
    package static func firstUInt32(in printed: String) -> UInt32? {
        var text = Substring(printed)
        if let typeName = text.range(of: "uint32 ") {
            text = text[typeName.upperBound...]
        } else if let paren = text.firstIndex(of: "(") {
            text = text[text.index(after: paren)...]
        }
        return UInt32(text.prefix { $0.isASCII && $0.isNumber })
    }
}
