internal import CSQLite
internal import Foundation
internal import WaveNotifications

/// One connection to a SQLite database file (or an in-memory database), configured for durable small writes.
///
/// Opening sets the busy timeout, write-ahead logging (`journal_mode=WAL`), `synchronous=FULL` (a commit
/// that returned is on disk: acknowledged means durable) and foreign keys. Not thread-safe: its owner
/// serializes every call (the stores keep it behind a `WaveLock`).
public final class SQLiteDatabase {
    /// How a connection is opened.
    public struct Options: Sendable {
        /// How long a statement waits for another connection's lock before failing with `SQLITE_BUSY`.
        public var busyTimeout: Duration
        /// `PRAGMA synchronous`: `FULL` syncs the log on every commit.
        public var synchronous: String
        /// `PRAGMA cache_size` in KiB, or `nil` for SQLite's default (2 MiB): a transaction whose changed pages do
        /// not fit spills them to the log before its commit and writes them again.
        public var cacheKibibytes: Int?

        /// Creates options.
        ///
        /// - Parameters:
        ///   - busyTimeout: The wait for another connection's lock; 5 seconds by default.
        ///   - synchronous: `FULL` (the default) or `NORMAL`.
        ///   - cacheKibibytes: The page cache in KiB; SQLite's default when `nil`.
        public init(busyTimeout: Duration = .seconds(5), synchronous: String = "FULL", cacheKibibytes: Int? = nil) {
            self.busyTimeout = busyTimeout
            self.synchronous = synchronous
            self.cacheKibibytes = cacheKibibytes
        }
    }

    /// The file, or `:memory:`.
    public let path: String
    private var handle: OpaquePointer?
    private var cache: [String: SQLiteStatement] = [:]

    /// Opens (creating if needed) a database file and configures the connection.
    ///
    /// - Parameters:
    ///   - path: The file, or `:memory:` for a private in-memory database.
    ///   - options: The busy timeout and durability.
    /// - Throws: ``SQLiteError``: `SQLITE_NOTADB` for a file that is not a database, `SQLITE_CANTOPEN` for a
    ///   missing directory, `SQLITE_BUSY` when another connection holds the file past the timeout.
    public init(path: String, options: Options = Options()) throws(SQLiteError) {
        self.path = path
        var opened: OpaquePointer?
        let code = sqlite3_open_v2(
            path, &opened, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil)
        guard code == SQLITE_OK, let opened else {
            let error = Self.error(code: code, database: opened, path: path)
            sqlite3_close_v2(opened)
            throw error
        }
        handle = opened
        sqlite3_extended_result_codes(opened, 1)
        sqlite3_busy_timeout(opened, Int32(clamping: options.busyTimeout.wholeMilliseconds))
        do {
            // The first statement reads the file's header: a file that is not a database fails here.
            let mode = try prepare("PRAGMA journal_mode=WAL")
            try mode.step()
            try execute("PRAGMA synchronous=\(options.synchronous); PRAGMA foreign_keys=ON")
            if let cache = options.cacheKibibytes { try execute("PRAGMA cache_size=-\(max(cache, 1))") }
        } catch {
            close()
            throw error
        }
    }

    /// Opens a private in-memory database.
    ///
    /// - Parameter options: The options.
    /// - Returns: The connection.
    /// - Throws: ``SQLiteError`` when SQLite cannot allocate it.
    public static func inMemory(options: Options = Options()) throws(SQLiteError) -> SQLiteDatabase {
        try SQLiteDatabase(path: ":memory:", options: options)
    }

    deinit {
        close()
    }

    /// Closes the connection; later calls do nothing, and any other call then fails with `SQLITE_MISUSE`.
    public func close() {
        cache.removeAll()
        guard let handle else { return }
        sqlite3_close_v2(handle)
        self.handle = nil
    }

    /// Runs one or more SQL statements separated by semicolons, ignoring any rows.
    ///
    /// - Parameter sql: The statements.
    /// - Throws: ``SQLiteError``.
    public func execute(_ sql: String) throws(SQLiteError) {
        let connection = try open()
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(connection, sql, nil, nil, &message)
        guard code == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_free(message)
            throw SQLiteError(code: code, message: text, path: path)
        }
    }

    /// Compiles one SQL statement.
    ///
    /// - Parameter sql: The statement, with `?` parameters.
    /// - Returns: The statement, finalized when released.
    /// - Throws: ``SQLiteError`` for bad SQL or a damaged file.
    public func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        let connection = try open()
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(connection, sql, -1, &statement, nil)
        guard code == SQLITE_OK, let statement else {
            throw Self.error(code: code == SQLITE_OK ? SQLITE_MISUSE : code, database: connection, path: path)
        }
        return SQLiteStatement(sql: sql, handle: statement, database: connection, path: path)
    }

    /// A statement compiled once per connection and reused: reset, bindings cleared, ready to bind.
    ///
    /// - Parameter sql: The statement.
    /// - Returns: The cached statement.
    /// - Throws: ``SQLiteError`` for bad SQL.
    public func cached(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        if let statement = cache[sql] {
            statement.reset()
            return statement
        }
        let statement = try prepare(sql)
        cache[sql] = statement
        return statement
    }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it (or the commit) throws.
    ///
    /// The outermost transaction is `BEGIN IMMEDIATE`, so the write lock is taken (or the busy timeout spent)
    /// up front rather than at the first write; a nested call becomes a savepoint.
    ///
    /// - Parameter body: The work.
    /// - Returns: What `body` returned.
    /// - Throws: What `body` threw, or ``SQLiteError`` from begin or commit (`SQLITE_BUSY` past the timeout).
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        let connection = try open()
        let nested = sqlite3_get_autocommit(connection) == 0
        try execute(nested ? "SAVEPOINT nested" : "BEGIN IMMEDIATE")
        let result: T
        do {
            result = try body()
            try execute(nested ? "RELEASE nested" : "COMMIT")
        } catch {
            try? execute(nested ? "ROLLBACK TO nested; RELEASE nested" : "ROLLBACK")
            throw error
        }
        return result
    }

    /// Rows changed by the last `INSERT`, `UPDATE` or `DELETE`.
    public var changes: Int {
        handle.map { Int(sqlite3_changes($0)) } ?? 0
    }

    /// `PRAGMA user_version`: the schema version.
    ///
    /// - Returns: The version (0 for a new file).
    /// - Throws: ``SQLiteError``.
    public func userVersion() throws(SQLiteError) -> Int {
        let statement = try prepare("PRAGMA user_version")
        return try statement.step() ? Int(statement.int64(at: 0)) : 0
    }

    /// `PRAGMA integrity_check`: `["ok"]` for a sound file, else SQLite's list of problems.
    ///
    /// - Returns: The lines SQLite reports.
    /// - Throws: ``SQLiteError``.
    public func integrityCheck() throws(SQLiteError) -> [String] {
        let statement = try prepare("PRAGMA integrity_check")
        var lines: [String] = []
        while try statement.step() {
            lines.append(statement.text(at: 0))
        }
        return lines
    }

    /// Brings the schema up to the last step of `migrations`, each step in its own transaction.
    ///
    /// - Parameter migrations: Every step, versions 1, 2, … in order.
    /// - Throws: ``SQLiteError`` when a step fails (that step is rolled back; earlier ones stay), or when the
    ///   file's version is newer than the last step (written by a newer build).
    public func migrate(_ migrations: [SQLiteMigration]) throws {
        precondition(
            migrations.enumerated().allSatisfy { $0.element.version == $0.offset + 1 },
            "migration versions must be 1, 2, … in order")
        let current = try userVersion()
        guard current <= migrations.count else {
            throw SQLiteError(
                code: SQLITE_ERROR,
                message: "schema version \(current) is newer than this build's \(migrations.count)", path: path,
                advice: "the database was written by a newer version: update the program, or move the file aside")
        }
        for migration in migrations.dropFirst(current) {
            try transaction {
                for statement in migration.statements {
                    try execute(statement)
                }
                try execute("PRAGMA user_version = \(migration.version)")
            }
        }
    }

    /// The handle, or `SQLITE_MISUSE` once closed.
    private func open() throws(SQLiteError) -> OpaquePointer {
        guard let handle else {
            throw SQLiteError(code: SQLITE_MISUSE, message: "the database is closed", path: path)
        }
        return handle
    }

    /// The error for a failed call: SQLite's code and its message for the connection.
    static func error(code: Int32, database: OpaquePointer?, path: String) -> SQLiteError {
        let message = database.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
        return SQLiteError(code: code, message: message ?? String(cString: sqlite3_errstr(code)), path: path)
    }
}
