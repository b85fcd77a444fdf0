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
        var literal = "{"
        for (index, element) in elements.enumerated() {
            if index > 0 { literal += "," }
            switch element {
            case .null:
                literal += "NULL"
            case .integer(let integer):
                literal += String(integer)
            case .text(let text):
                literal += "\""
                for character in text.unicodeScalars {
                    if character == "\"" || character == "\\" { literal += "\\" }
                    literal.unicodeScalars.append(character)
                }
                literal += "\""
            }
        }
        return .text(literal + "}")
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
