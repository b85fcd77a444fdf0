package import WaveJSON

extension ValueDecoder where Value == String {
    /// Any string: `expected a string, found a number`.
    package static var string: ValueDecoder<String> {
        ValueDecoder { value, path, diagnostics in
            guard case .string(let text) = value else {
                diagnostics.problem(path, "expected a string, found \(value.typeDescription)")
                return nil
            }
            return text
        }
    }

    /// A string with some non-blank text and no control character: names end up on lock screens and terminals.
    package static var nonEmptyText: ValueDecoder<String> {
        string.map { text throws(DecodingMessage) in
            // Most names are printable ASCII with a letter: accepted without looking up Unicode properties.
            if ValueDecoderText.isPrintableASCIIWithText(text) { return text }
            guard text.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) else {
                throw DecodingMessage("is empty; expected some text")
            }
            if let control = text.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
                throw DecodingMessage(
                    "contains the control character U+\(String(control.value, radix: 16, uppercase: true)); "
                        + "expected plain text")
            }
            return text
        }
    }

    /// One of a fixed set of strings (an enum's raw values).
    ///
    /// - Parameters:
    ///   - allowed: The accepted values, in the order messages list them.
    ///   - unknown: The message for another string; by default `unknown value 'x'; expected a, b or c`.
    package static func oneOf(
        _ allowed: [String], unknown: (@Sendable (String) -> String)? = nil
    ) -> ValueDecoder<String> {
        string.map { text throws(DecodingMessage) in
            guard allowed.contains(text) else {
                throw DecodingMessage(
                    unknown?(text) ?? "unknown value '\(text)'; expected \(ValueDecoderText.list(allowed, or: true))")
            }
            return text
        }
    }
}

extension ValueDecoder where Value: RawRepresentable & CaseIterable & Sendable, Value.RawValue == String {
    /// A case of a string enum, by raw value: `unknown value 'x'; expected a, b or c`.
    ///
    /// - Parameter unknown: The message for another string, if not the default.
    package static func enumeration(unknown: (@Sendable (String) -> String)? = nil) -> ValueDecoder<Value> {
        ValueDecoder<String>.oneOf(Value.allCases.map(\.rawValue), unknown: unknown).map { text in
            Value(rawValue: text)!
        }
    }
}

extension ValueDecoder where Value == Bool {
    /// `true` or `false`: `expected true or false, found a string`.
    package static var bool: ValueDecoder<Bool> {
        ValueDecoder { value, path, diagnostics in
            guard case .bool(let flag) = value else {
                diagnostics.problem(path, "expected true or false, found \(value.typeDescription)")
                return nil
            }
            return flag
        }
    }
}

extension ValueDecoder where Value == Int {
    /// A whole number within `range`, written without fraction or exponent.
    ///
    /// - Parameter range: The accepted values, for example `0...100`.
    package static func integer(in range: ClosedRange<Int>) -> ValueDecoder<Int> {
        ValueDecoder { value, path, diagnostics in
            guard case .number(let text) = value else {
                diagnostics.problem(path, "expected a whole number, found \(value.typeDescription)")
                return nil
            }
            guard let number = Int(text), range.contains(number) else {
                diagnostics.problem(
                    path, "\(text) is not a whole number from \(range.lowerBound) to \(range.upperBound)")
                return nil
            }
            return number
        }
    }
}

/// How decoders word lists in messages.
package enum ValueDecoderText {
    /// `a, b or c` (`or: true`) or `a, b, c`.
    package static func list(_ items: [String], or: Bool) -> String {
        guard or, items.count > 1 else { return items.joined(separator: ", ") }
        return items.dropLast().joined(separator: ", ") + " or " + items[items.count - 1]
    }

    /// Whether `text` is all ASCII with no control character (U+0000–U+001F, U+007F) and at least one
    /// character that is not a space: then it has some text and no control character, as the Unicode
    /// properties would say (in ASCII only tab to carriage return and space are white space).
    package static func isPrintableASCIIWithText(_ text: String) -> Bool {
        var hasText = false
        for byte in text.utf8 {
            guard byte >= 0x20, byte < 0x7F else { return false }
            if byte != 0x20 { hasText = true }
        }
        return hasText
    }
}

extension ValueDecoder where Value == Double {
    /// A number, whole or not, within `range`.
    ///
    /// - Parameter range: The values allowed.
    /// - Returns: The decoder.
    package static func number(in range: ClosedRange<Double>) -> ValueDecoder<Double> {
        ValueDecoder { value, path, diagnostics in
            guard case .number(let text) = value else {
                diagnostics.problem(path, "expected a number, found \(value.typeDescription)")
                return nil
            }
            guard let number = Double(text), range.contains(number) else {
                diagnostics.problem(path, "\(text) is not a number from \(range.lowerBound) to \(range.upperBound)")
                return nil
            }
            return number
        }
    }
}

extension ValueDecoder where Value == JSONValue {
    /// Any JSON value, kept as parsed (a scripted answer's body).
    package static var anyJSON: ValueDecoder<JSONValue> {
        ValueDecoder { value, _, _ in value }
    }
}
