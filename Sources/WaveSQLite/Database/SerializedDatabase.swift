internal import WaveNotifications

/// A ``SQLiteDatabase`` behind a `WaveLock`, so the stores sharing one connection can be called from any task.
///
/// One connection serves the notification store and the inbox alike, so a transaction never waits for
/// another connection of the same process.
public final class SerializedDatabase: Sendable {
    /// The file, or `:memory:`.
    public let path: String
    private let database: WaveLock<SQLiteDatabase>

    /// Takes ownership of a connection.
    ///
    /// - Parameter database: The connection; nothing else may use it afterwards.
    public init(_ database: sending SQLiteDatabase) {
        path = database.path
        self.database = WaveLock(database)
    }

    /// Runs `body` with the connection, holding the lock.
    ///
    /// - Parameter body: The work; it must not keep the connection.
    /// - Returns: What `body` returned.
    /// - Throws: What `body` threw.
    public func withDatabase<T: Sendable>(_ body: (SQLiteDatabase) throws -> T) throws -> T {
        try database.withLock { database in try body(database) }
    }

    /// Runs `body` in one transaction (`BEGIN IMMEDIATE` … `COMMIT`, rolled back when it throws), holding the lock.
    ///
    /// - Parameter body: The work.
    /// - Returns: What `body` returned.
    /// - Throws: What `body` threw, or ``SQLiteError`` from begin or commit.
    public func transaction<T: Sendable>(_ body: (SQLiteDatabase) throws -> T) throws -> T {
        try withDatabase { database in try database.transaction { try body(database) } }
    }

    /// Closes the connection; any later call fails with `SQLITE_MISUSE`.
    public func close() {
        database.withLock { $0.close() }
    }
}
