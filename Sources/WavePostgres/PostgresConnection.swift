internal import CPostgres
internal import Foundation

/// One connection to PostgreSQL through libpq: parameterized statements (prepared once per connection and reused),
/// transactions (nested ones as savepoints), the schema's migrations, errors with their SQLSTATE.
///
/// Not thread-safe: one caller at a time (a store keeps it behind a lock). Parameters and results travel in
/// PostgreSQL's text format; statement text never holds a value, so nothing a user wrote is ever parsed as SQL.
///
/// A lost connection (the server restarted, failed over, or the network cut) is reconnected by the calls after the
/// loss, paced by its ``PostgresReconnection`` (see there). A call in flight when the connection drops fails with a
/// connection failure and is not retried here, not even a read: its caller decides (the push server's claims and
/// leases make a retry of the whole round safe), and a `COMMIT` whose answer was lost cannot be known to have
/// failed. A transaction that lost its connection fails to its end; the next call outside it reconnects.
public final class PostgresConnection {
    /// `host/database`, for errors (never the connection string, which may hold a password).
    public let name: String
    /// libpq's handle (read by ``PostgresNotificationListener``'s calls on this connection), `nil` once closed.
    private(set) var connection: OpaquePointer?
    private var prepared: [String: String] = [:]
    private var depth = 0
    private let reconnection: PostgresReconnection
    private var reconnector: PostgresReconnector

    /// Connects.
    ///
    /// - Parameters:
    ///   - connectionString: A libpq connection string or URI (`postgresql://user@host:5432/db`).
    ///   - reconnection: How a lost connection is reconnected (by default each call after a loss tries once, with no
    ///     wait and no report).
    /// - Throws: ``PostgresError`` when the server cannot be reached or refuses the connection.
    public init(_ connectionString: String, reconnection: PostgresReconnection = .eachCall) throws(PostgresError) {
        let connection = PQconnectdb(connectionString)
        let host = connection.flatMap { PQhost($0) }.map { String(cString: $0) } ?? "?"
        let database = connection.flatMap { PQdb($0) }.map { String(cString: $0) } ?? "?"
        name = "postgresql \(host)/\(database)"
        self.reconnection = reconnection
        reconnector = PostgresReconnector(database: name)
        guard let connection, PQstatus(connection) == CONNECTION_OK else {
            let message = connection.map { Self.firstLine(String(cString: PQerrorMessage($0))) } ?? "out of memory"
            PQfinish(connection)
            throw PostgresError(sqlState: "", message: message, database: name)
        }
        self.connection = connection
        quietNotices()
    }

    /// Whether the connection is known lost (a call found it gone and no attempt has reconnected it yet).
    public var isLost: Bool { reconnector.isLost }

    /// Notices (a savepoint released, say) are for a person at psql, not for the server's log.
    private func quietNotices() {
        _ = try? execute("SET client_min_messages = warning")
    }

    deinit {
        PQfinish(connection)
    }

    /// Closes the connection; any later call fails.
    public func close() {
        PQfinish(connection)
        connection = nil
        prepared = [:]
    }

    /// Runs statements without parameters (several may be separated by semicolons).
    ///
    /// - Parameter sql: The statements.
    /// - Throws: ``PostgresError``.
    public func execute(_ sql: String) throws(PostgresError) {
        let connection = try open()
        let result = PQexec(connection, sql)
        defer { PQclear(result) }
        try check(result)
    }

    /// Runs one parameterized statement (`$1`, `$2`, …), prepared on first use and reused after.
    ///
    /// - Parameters:
    ///   - sql: The statement.
    ///   - values: Its parameters, in order.
    /// - Returns: The rows returned and the rows changed.
    /// - Throws: ``PostgresError``.
    @discardableResult
    public func query(_ sql: String, _ values: [PostgresValue] = []) throws(PostgresError) -> PostgresRows {
        let connection = try open()
        let statement: String
        if let name = prepared[sql] {
            statement = name
        } else {
            statement = "wave_\(prepared.count + 1)"
            let result = PQprepare(connection, statement, sql, Int32(values.count), nil)
            defer { PQclear(result) }
            try check(result)
            prepared[sql] = statement
        }
        let texts = values.map { $0.textFormat.map { strdup($0) } ?? nil }
        defer { for text in texts { free(text) } }
        let result = texts.map { UnsafePointer($0) }.withUnsafeBufferPointer { parameters in
            PQexecPrepared(connection, statement, Int32(values.count), parameters.baseAddress, nil, nil, 0)
        }
        defer { PQclear(result) }
        try check(result)
        return Self.rows(of: result)
    }

    /// Runs `body` in a transaction (`BEGIN` … `COMMIT`, or a savepoint when already in one), rolled back when it
    /// throws.
    ///
    /// - Parameter body: The work.
    /// - Returns: What `body` returned.
    /// - Throws: What `body` threw, or ``PostgresError`` from begin or commit.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        let savepoint = depth > 0 ? "wave_savepoint_\(depth)" : nil
        try execute(savepoint.map { "SAVEPOINT \($0)" } ?? "BEGIN")
        depth += 1
        defer { depth -= 1 }
        do {
            let value = try body()
            try execute(savepoint.map { "RELEASE SAVEPOINT \($0)" } ?? "COMMIT")
            return value
        } catch {
            try? execute(savepoint.map { "ROLLBACK TO SAVEPOINT \($0); RELEASE SAVEPOINT \($0)" } ?? "ROLLBACK")
            throw error
        }
    }

    /// Brings the schema up to date: the missing steps, each in a transaction with its record in `schema_version`,
    /// under an advisory lock so processes starting together migrate once.
    ///
    /// - Parameters:
    ///   - migrations: The history, oldest first.
    ///   - lockKey: The advisory lock's key, the same for every process of one schema.
    /// - Throws: ``PostgresError``, also when the database was migrated by a newer build (a version past the last).
    public func migrate(_ migrations: [PostgresMigration], lockKey: Int64) throws {
        try transaction {
            try query("SELECT pg_advisory_xact_lock($1)", [.integer(lockKey)])
            try execute(
                """
                CREATE TABLE IF NOT EXISTS schema_version (
                    version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())
                """)
            let current = Int(try query("SELECT coalesce(max(version), 0) FROM schema_version").int64(0, 0))
            let latest = migrations.map(\.version).max() ?? 0
            guard current <= latest else {
                throw PostgresError(
                    sqlState: "",
                    message:
                        "the schema is at version \(current), newer than this build's \(latest): use a newer build",
                    database: name)
            }
            for migration in migrations where migration.version > current {
                for statement in migration.statements { try execute(statement) }
                try query("INSERT INTO schema_version (version) VALUES ($1)", [.integer(Int64(migration.version))])
            }
        }
    }

    /// The open connection; when it was lost, reconnected first if an attempt is due (outside a transaction).
    private func open() throws(PostgresError) -> OpaquePointer {
        guard let connection else {
            throw PostgresError.closed(database: name)
        }
        if !reconnector.isLost, PQstatus(connection) != CONNECTION_OK {
            // libpq marked it gone while reading a call that succeeded (a shutdown's FATAL right after the
            // answer): the same as a loss seen now.
            lost(reason: Self.firstLine(String(cString: PQerrorMessage(connection))))
        }
        if reconnector.isLost {
            guard depth == 0 else {
                throw PostgresError(
                    sqlState: "", message: "the connection was lost in this transaction", database: name)
            }
            try reconnect(connection)
        }
        return connection
    }

    /// One attempt to reconnect, when one is due; throws when none is due or it failed.
    private func reconnect(_ connection: OpaquePointer) throws(PostgresError) {
        let now = reconnection.now()
        if let next = reconnector.waitUntil(at: now) {
            let seconds = String(format: "%.1f", next.timeIntervalSince(now))
            throw PostgresError(
                sqlState: "", message: "the connection is lost; the next attempt to reconnect is in \(seconds) s",
                database: name)
        }
        PQreset(connection)
        prepared = [:]
        let after = reconnection.now()
        guard PQstatus(connection) == CONNECTION_OK else {
            let message = Self.firstLine(String(cString: PQerrorMessage(connection)))
            reconnection.onEvent(reconnector.attemptFailed(at: after, reason: message, delay: reconnection.delay))
            throw PostgresError(sqlState: "", message: message, database: name)
        }
        reconnection.onEvent(reconnector.reconnected(at: after))
        quietNotices()
    }

    private func lost(reason: String) {
        reconnection.onEvent(reconnector.lost(at: reconnection.now(), reason: reason))
    }

    private func check(_ result: OpaquePointer?) throws(PostgresError) {
        let status = result.map { PQresultStatus($0) } ?? PGRES_FATAL_ERROR
        guard status != PGRES_COMMAND_OK, status != PGRES_TUPLES_OK else { return }
        let sqlState = result.flatMap { PQresultErrorField($0, Int32(UInt8(ascii: "C"))) }.map { String(cString: $0) }
        let message =
            result.flatMap { PQresultErrorField($0, Int32(UInt8(ascii: "M"))) }.map { String(cString: $0) }
            ?? connection.map { Self.firstLine(String(cString: PQerrorMessage($0))) } ?? "no result"
        if let connection, PQstatus(connection) != CONNECTION_OK, !reconnector.isLost {
            // The call in flight failed because the connection went (a shutdown's 57P01, a reset socket): it fails
            // as a connection failure, whatever SQLSTATE came with it; the next call reconnects.
            lost(reason: message)
            throw PostgresError(sqlState: "08006", message: message, database: name)
        }
        throw PostgresError(sqlState: sqlState ?? "", message: message, database: name)
    }

    private static func rows(of result: OpaquePointer?) -> PostgresRows {
        guard let result else { return PostgresRows(rows: [], changes: 0) }
        let rowCount = Int(PQntuples(result))
        let columnCount = Int(PQnfields(result))
        var rows: [[String?]] = []
        rows.reserveCapacity(rowCount)
        for row in 0..<rowCount {
            var columns: [String?] = []
            columns.reserveCapacity(columnCount)
            for column in 0..<columnCount {
                if PQgetisnull(result, Int32(row), Int32(column)) != 0 {
                    columns.append(nil)
                } else {
                    columns.append(String(cString: PQgetvalue(result, Int32(row), Int32(column))))
                }
            }
            rows.append(columns)
        }
        let changes = Int(String(cString: PQcmdTuples(result))) ?? 0
        return PostgresRows(rows: rows, changes: changes)
    }

    private static func firstLine(_ text: String) -> String {
        String(text.split(separator: "\n", omittingEmptySubsequences: true).first ?? "")
    }
}
