public import Foundation

/// A value bound to a statement parameter, in SQLite's five storage classes.
public enum SQLiteValue: Hashable, Sendable {
    /// A 64-bit signed integer.
    case integer(Int64)
    /// A 64-bit float.
    case real(Double)
    /// UTF-8 text.
    case text(String)
    /// Bytes.
    case blob(Data)
    /// SQL `NULL`.
    case null

    /// `.text(value)`, or `.null` for `nil`.
    ///
    /// - Parameter value: The text, or `nil`.
    /// - Returns: The value.
    public static func optional(_ value: String?) -> SQLiteValue {
        value.map { .text($0) } ?? .null
    }

    /// `.integer(value)`, or `.null` for `nil`.
    ///
    /// - Parameter value: The integer, or `nil`.
    /// - Returns: The value.
    public static func optional(_ value: Int64?) -> SQLiteValue {
        value.map { .integer($0) } ?? .null
    }
}
