/// The rows a statement returned, copied out of libpq's result (text format), so no C pointer outlives the call.
public struct PostgresRows: Sendable {
    /// Each row's columns; `nil` for SQL `NULL`.
    public var rows: [[String?]]
    /// The rows a command changed (`UPDATE`, `INSERT`, `DELETE`), or 0.
    public var changes: Int

    /// Creates rows.
    ///
    /// - Parameters:
    ///   - rows: Each row's columns.
    ///   - changes: The rows changed.
    public init(rows: [[String?]], changes: Int) {
        self.rows = rows
        self.changes = changes
    }

    /// The number of rows.
    public var count: Int { rows.count }

    /// A column's text; empty for `NULL`.
    ///
    /// - Parameters:
    ///   - row: The row index.
    ///   - column: The column index.
    /// - Returns: The text.
    public func text(_ row: Int, _ column: Int) -> String {
        rows[row][column] ?? ""
    }

    /// A column's text, or `nil` for `NULL`.
    ///
    /// - Parameters:
    ///   - row: The row index.
    ///   - column: The column index.
    /// - Returns: The text.
    public func optionalText(_ row: Int, _ column: Int) -> String? {
        rows[row][column]
    }

    /// A column as an integer; 0 for `NULL` or text that is not one.
    ///
    /// - Parameters:
    ///   - row: The row index.
    ///   - column: The column index.
    /// - Returns: The integer.
    public func int64(_ row: Int, _ column: Int) -> Int64 {
        rows[row][column].flatMap { Int64($0) } ?? 0
    }

    /// A column as an integer, or `nil` for `NULL`.
    ///
    /// - Parameters:
    ///   - row: The row index.
    ///   - column: The column index.
    /// - Returns: The integer.
    public func optionalInt64(_ row: Int, _ column: Int) -> Int64? {
        rows[row][column].flatMap { Int64($0) }
    }

    /// A column as a boolean (`t`, `true` or `1`).
    ///
    /// - Parameters:
    ///   - row: The row index.
    ///   - column: The column index.
    /// - Returns: The boolean.
    public func bool(_ row: Int, _ column: Int) -> Bool {
        switch rows[row][column] {
        case "t", "true", "1": true
        default: false
        }
    }
}
