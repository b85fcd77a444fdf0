internal import CSQLite
public import Foundation

/// A prepared statement: bind parameters by index (from 1), step through the rows, read columns (from 0), reset.
///
/// Not thread-safe: a statement belongs to its ``SQLiteDatabase``, which its owner serializes.
public final class SQLiteStatement {
    /// The SQL it was prepared from.
    public let sql: String
    private let handle: OpaquePointer
    private let database: OpaquePointer
    let path: String

    init(sql: String, handle: OpaquePointer, database: OpaquePointer, path: String) {
        self.sql = sql
        self.handle = handle
        self.database = database
        self.path = path
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Binds a 64-bit integer.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - index: The parameter's index, from 1.
    /// - Throws: ``SQLiteError`` for an index out of range.
    public func bind(_ value: Int64, at index: Int32) throws(SQLiteError) {
        try check(sqlite3_bind_int64(handle, index, value))
    }

    /// Binds a float.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - index: The parameter's index, from 1.
    /// - Throws: ``SQLiteError`` for an index out of range.
    public func bind(_ value: Double, at index: Int32) throws(SQLiteError) {
        try check(sqlite3_bind_double(handle, index, value))
    }

    /// Binds UTF-8 text (copied).
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - index: The parameter's index, from 1.
    /// - Throws: ``SQLiteError`` for an index out of range.
    public func bind(_ value: String, at index: Int32) throws(SQLiteError) {
        let code = value.withCString {
            sqlite3_bind_text(handle, index, $0, Int32(value.utf8.count), Self.transient)
        }
        try check(code)
    }

    /// Binds bytes (copied).
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - index: The parameter's index, from 1.
    /// - Throws: ``SQLiteError`` for an index out of range.
    public func bind(_ value: Data, at index: Int32) throws(SQLiteError) {
        let code = value.withUnsafeBytes { bytes in
            sqlite3_bind_blob(
                handle, index, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(bytes.count), Self.transient)
        }
        try check(code)
    }

    /// Binds SQL `NULL`.
    ///
    /// - Parameter index: The parameter's index, from 1.
    /// - Throws: ``SQLiteError`` for an index out of range.
    public func bindNull(at index: Int32) throws(SQLiteError) {
        try check(sqlite3_bind_null(handle, index))
    }

    /// Binds one value.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - index: The parameter's index, from 1.
    /// - Throws: ``SQLiteError`` for an index out of range.
    public func bind(_ value: SQLiteValue, at index: Int32) throws(SQLiteError) {
        switch value {
        case .integer(let integer): try bind(integer, at: index)
        case .real(let real): try bind(real, at: index)
        case .text(let text): try bind(text, at: index)
        case .blob(let blob): try bind(blob, at: index)
        case .null: try bindNull(at: index)
        }
    }

    /// Binds values to parameters 1, 2, … in order.
    ///
    /// - Parameter values: The values.
    /// - Throws: ``SQLiteError`` when there are more values than parameters.
    public func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
        for (offset, value) in values.enumerated() {
            try bind(value, at: Int32(offset + 1))
        }
    }

    /// Runs the statement to its next row.
    ///
    /// - Returns: `true` when a row is ready to read, `false` when the statement is done.
    /// - Throws: ``SQLiteError`` (a constraint, a busy database, a damaged file…).
    @discardableResult
    public func step() throws(SQLiteError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw SQLiteDatabase.error(code: code, database: database, path: path)
        }
    }

    /// Steps until done, ignoring any rows.
    ///
    /// - Throws: ``SQLiteError``.
    public func run() throws(SQLiteError) {
        while try step() {}
    }

    /// Resets the statement to run again and clears its bindings.
    public func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// The number of columns in a row.
    public var columnCount: Int32 { sqlite3_column_count(handle) }

    /// Whether a column of the current row is `NULL`.
    ///
    /// - Parameter column: The column's index, from 0.
    /// - Returns: `true` for `NULL`.
    public func isNull(at column: Int32) -> Bool {
        sqlite3_column_type(handle, column) == SQLITE_NULL
    }

    /// A column of the current row as an integer (`NULL` reads as 0).
    ///
    /// - Parameter column: The column's index, from 0.
    /// - Returns: The value.
    public func int64(at column: Int32) -> Int64 {
        sqlite3_column_int64(handle, column)
    }

    /// A column of the current row as an integer, `nil` for `NULL`.
    ///
    /// - Parameter column: The column's index, from 0.
    /// - Returns: The value.
    public func optionalInt64(at column: Int32) -> Int64? {
        isNull(at: column) ? nil : int64(at: column)
    }

    /// A column of the current row as a float.
    ///
    /// - Parameter column: The column's index, from 0.
    /// - Returns: The value.
    public func double(at column: Int32) -> Double {
        sqlite3_column_double(handle, column)
    }

    /// A column of the current row as text (`NULL` reads as "").
    ///
    /// - Parameter column: The column's index, from 0.
    /// - Returns: The value.
    public func text(at column: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// A column of the current row as text, `nil` for `NULL`.
    ///
    /// - Parameter column: The column's index, from 0.
    /// - Returns: The value.
    public func optionalText(at column: Int32) -> String? {
        isNull(at: column) ? nil : text(at: column)
    }

    /// A column of the current row as bytes (`NULL` reads as empty).
    ///
    /// - Parameter column: The column's index, from 0.
    /// - Returns: The value.
    public func blob(at column: Int32) -> Data {
        guard let bytes = sqlite3_column_blob(handle, column) else { return Data() }
        return Data(bytes: bytes, count: Int(sqlite3_column_bytes(handle, column)))
    }

    private func check(_ code: Int32) throws(SQLiteError) {
        guard code == SQLITE_OK else { throw SQLiteDatabase.error(code: code, database: database, path: path) }
    }

    /// `SQLITE_TRANSIENT`: SQLite copies the bound bytes before the call returns.
    private static var transient: sqlite3_destructor_type { unsafeBitCast(-1, to: sqlite3_destructor_type.self) }
}
