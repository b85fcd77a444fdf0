/// A PostgreSQL call failed: the server's SQLSTATE (or none for a connection failure), its message, which database,
/// and what the operator can do about it.
///
/// Never carries the connection string (it may hold a password) nor a statement's parameters (they may hold private
/// text): only the host and database names and the server's message.
public struct PostgresError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The five-character SQLSTATE (`40001` serialization failure, `23505` unique violation, …), empty when the
    /// failure came before the server answered (connecting, a lost connection).
    public var sqlState: String
    /// The server's or libpq's message, first line.
    public var message: String
    /// `host/database`, for the log line.
    public var database: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - sqlState: The SQLSTATE, or empty.
    ///   - message: The message.
    ///   - database: `host/database`.
    public init(sqlState: String, message: String, database: String) {
        self.sqlState = sqlState
        self.message = message
        self.database = database
    }

    /// Whether the server could not be reached or the connection was lost (no SQLSTATE, or class 08).
    public var isConnectionFailure: Bool { (sqlState.isEmpty && !isClosed) || sqlState.hasPrefix("08") }

    /// Whether the call came after ``PostgresConnection/close()`` (no SQLSTATE: the server was never asked).
    public var isClosed: Bool { sqlState.isEmpty && message == Self.closedMessage }

    /// The message of a call on a closed connection.
    package static let closedMessage = "the connection is closed"

    /// A call on a closed connection.
    ///
    /// - Parameter database: The connection's database.
    /// - Returns: The error (``isClosed``).
    package static func closed(database: String) -> PostgresError {
        PostgresError(sqlState: "", message: closedMessage, database: database)
    }

    /// Whether a unique constraint refused a row (`23505`).
    public var isUniqueViolation: Bool { sqlState == "23505" }

    /// What the operator can do about it.
    public var advice: String {
        if isClosed { return "the server's store was closed before the call" }
        if isConnectionFailure { return "check that PostgreSQL runs and the connection string names it" }
        if sqlState.hasPrefix("23") { return "a row broke an integrity rule of the schema: a bug, not worth a retry" }
        if sqlState.hasPrefix("28") { return "check the user and password of the connection string" }
        if sqlState.hasPrefix("53") { return "the database server is out of resources (disk, memory, connections)" }
        if sqlState == "40001" || sqlState == "40P01" { return "a concurrent transaction conflicted: retry" }
        return "see the PostgreSQL server's log"
    }

    public var description: String {
        "\(database): \(message)\(sqlState.isEmpty ? "" : " (SQLSTATE \(sqlState))"): \(advice)"
    }
}
