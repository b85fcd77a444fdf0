/// A statement parameter, sent in PostgreSQL's text format.
public enum PostgresValue: Hashable, Sendable {
    /// Text.
    case text(String)
    /// A 64-bit integer (`bigint`; a smaller column takes it too).
    case integer(Int64)
    /// SQL `NULL`.
    case null

    /// Text, or `NULL` for `nil`.
    ///
    /// - Parameter value: The text.
    /// - Returns: The parameter.
    public static func optional(_ value: String?) -> PostgresValue {
        value.map { .text($0) } ?? .null
    }

    /// An integer, or `NULL` for `nil`.
    ///
    /// - Parameter value: The integer.
    /// - Returns: The parameter.
    public static func optional(_ value: Int64?) -> PostgresValue {
        value.map { .integer($0) } ?? .null
    }

    /// A one-dimensional array in PostgreSQL's text form (`{1,NULL,"a \"b\""}`): one parameter for a whole batch,
    /// read with a cast (`$1::bigint[]`) and `unnest`. Texts are quoted with `"` and `\` escaped; `NULL` elements
    /// stay `NULL`.
    ///
    /// - Parameter elements: The elements.
    /// - Returns: The parameter.
    public static func array(_ elements: [PostgresValue]) -> PostgresValue {
        // Built as UTF-8 bytes, each text copied in runs between the bytes to escape: a broadcast's batch is
        // thousands of JSON payloads, and appending them character by character cost a fan-out of 10,000 about a
        // fifth of its time (BENCHMARKS.md, issue 48). A quote or backslash byte is never part of a multi-byte
        // character, so the runs stay valid UTF-8.
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        var literal: [UInt8] = [UInt8(ascii: "{")]
        for (index, element) in elements.enumerated() {
            if index > 0 { literal.append(UInt8(ascii: ",")) }
            switch element {
            case .null:
                literal.append(contentsOf: "NULL".utf8)
            case .integer(let integer):
                literal.append(contentsOf: String(integer).utf8)
            case .text(var text):
                literal.append(quote)
                text.withUTF8 { bytes in
                    var run = 0
                    for (offset, byte) in bytes.enumerated() where byte == quote || byte == backslash {
                        literal.append(contentsOf: bytes[run..<offset])
                        literal.append(backslash)
                        run = offset
                    }
                    literal.append(contentsOf: bytes[run...])
                }
                literal.append(quote)
            }
        }
        literal.append(UInt8(ascii: "}"))
        return .text(String(decoding: literal, as: UTF8.self))
    }

    /// The text format libpq sends, or `nil` for `NULL`.
    var textFormat: String? {
        switch self {
        case .text(let text): text
        case .integer(let integer): String(integer)
        case .null: nil
        }
    }
}
