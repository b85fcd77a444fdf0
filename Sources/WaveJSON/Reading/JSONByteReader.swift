/// A cursor over a JSON document's bytes for a reader that takes the common, plain shapes of a format straight from
/// the bytes and hands anything else to ``JSONParser``.
///
/// Each read accepts only a strict subset of JSON (a string of printable ASCII without escapes, a whole number
/// without fraction or exponent) and answers `nil` for anything else, leaving the caller to start that part over
/// with the parser: a reader built on it never accepts a document the parser rejects, and never words an error
/// itself. The bytes must stay valid while the reader is used.
package struct JSONByteReader {
    /// The document.
    package let bytes: UnsafeBufferPointer<UInt8>
    /// The next byte to read.
    package var index: Int

    /// A reader at the start of `bytes`, after a UTF-8 byte-order mark (which ``JSONParser`` skips too).
    ///
    /// - Parameter bytes: The document.
    package init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    /// Whether only white space is left.
    package var isAtEnd: Bool {
        mutating get {
            skipWhitespace()
            return index == bytes.count
        }
    }

    /// Skips white space, then takes `byte` if it comes next.
    ///
    /// - Parameter byte: The structural character, for example `{` or `,`.
    /// - Returns: Whether it was there (and taken).
    package mutating func take(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// Skips white space, then reads a string of printable ASCII (U+0020 to U+007E) without escapes.
    ///
    /// - Returns: The bytes between the quotes (valid while ``bytes`` is); `nil` when something else comes next.
    package mutating func plainString() -> UnsafeBufferPointer<UInt8>? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return UnsafeBufferPointer(rebasing: bytes[start..<index - 1])
            }
            guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\\") else { return nil }
            index += 1
        }
        return nil
    }

    /// Skips white space, then reads a key (a plain string, see ``plainString()``) and the colon after it.
    ///
    /// - Returns: The key's bytes; `nil` when something else comes next.
    package mutating func plainKey() -> UnsafeBufferPointer<UInt8>? {
        guard let key = plainString(), take(UInt8(ascii: ":")) else { return nil }
        return key
    }

    /// Skips white space, then reads a whole number as JSON writes it (`-`, then `0` or digits not starting with
    /// `0`), of at most 18 digits and followed by neither a fraction nor an exponent.
    ///
    /// - Returns: The number; `nil` when something else comes next.
    package mutating func plainInteger() -> Int? {
        skipWhitespace()
        let negative = index < bytes.count && bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        let start = index
        var value = 0
        while index < bytes.count, let digit = Self.digit(bytes[index]), index - start < 18 {
            value = value * 10 + digit
            index += 1
        }
        guard index > start, !(bytes[start] == UInt8(ascii: "0") && index - start > 1) else { return nil }
        if index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
                return nil
            default: break
            }
        }
        return negative ? -value : value
    }

    /// Reads an object, handing each member's key to `member`, which reads the value.
    ///
    /// - Parameter member: Reads the value of the member with this key; `false` when it does not take it.
    /// - Returns: Whether the object was read to its end, every member taken (an empty object is).
    package mutating func object(_ member: (UnsafeBufferPointer<UInt8>, inout JSONByteReader) -> Bool) -> Bool {
        guard take(UInt8(ascii: "{")) else { return false }
        if take(UInt8(ascii: "}")) { return true }
        repeat {
            guard let key = plainKey(), member(key, &self) else { return false }
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "}"))
    }

    /// Reads an array, each element with `element`.
    ///
    /// - Parameter element: Reads one element; `nil` when it does not take it.
    /// - Returns: The elements; `nil` unless the array was read to its end, every element taken.
    package mutating func array<Element>(_ element: (inout JSONByteReader) -> Element?) -> [Element]? {
        guard take(UInt8(ascii: "[")) else { return nil }
        var elements: [Element] = []
        if take(UInt8(ascii: "]")) { return elements }
        repeat {
            guard let read = element(&self) else { return nil }
            elements.append(read)
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "]")) ? elements : nil
    }

    /// Reads any value with ``JSONParser/parseValue(in:at:depth:)``.
    ///
    /// - Parameter depth: How many arrays and objects enclose the value.
    /// - Returns: The value; `nil` when it is not valid JSON.
    package mutating func value(depth: Int) -> JSONValue? {
        try? JSONParser.parseValue(in: bytes, at: &index, depth: depth)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): index += 1
            default: return
            }
        }
    }

    private static func digit(_ byte: UInt8) -> Int? {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
    }
}
