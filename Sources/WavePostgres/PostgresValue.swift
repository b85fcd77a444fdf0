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

    /// The text format libpq sends, or `nil` for `NULL`.
    var textFormat: String? {
        switch self {
        case .text(let text): text
        case .integer(let integer): String(integer)
        case .null: nil
        }
    }
}
