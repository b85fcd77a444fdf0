internal import GrowBroServer
internal import WaveSQLite

/// The server's connection: WaveSQLite's serialized database, every SQLite failure turned into ``PushStoreError``,
/// so no SQLite type crosses the server's public API.
struct ServerDatabase: Sendable {
    private let connection: SerializedDatabase

    /// Takes ownership of an open, migrated connection.
    init(_ connection: sending SQLiteDatabase) {
        self.connection = SerializedDatabase(connection)
    }

    /// Opens (creating if needed) the server's database and brings its schema up to date.
    ///
    /// - Parameter path: The database file, or `nil` for a private in-memory database.
    /// - Returns: The connection.
    /// - Throws: ``PushStoreError`` when the file cannot be opened, is damaged or was written by a newer build.
    static func open(path: String?, busyTimeout: Duration = .seconds(5)) throws -> ServerDatabase {
        do {
            let connection: SQLiteDatabase
            if let path {
                // A 64 MiB page cache: a batch of 1,000 fan-outs or outcomes changes more pages than SQLite's
                // default 2 MiB holds, and spilling them writes each page to the log twice.
                connection = try SQLiteDatabase(
                    path: path, options: .init(busyTimeout: busyTimeout, cacheKibibytes: 65_536))
                // Erased rows are overwritten with zeros, not left readable in free pages (a GDPR erase means gone).
                try connection.execute("PRAGMA secure_delete=ON")
            } else {
                connection = try SQLiteDatabase.inMemory()
            }
            try connection.migrate(ServerSchema.migrations)
            return ServerDatabase(connection)
        } catch let error as SQLiteError {
            throw PushStoreError(error)
        }
    }

    /// Runs `body` with the connection, holding its lock.
    func withDatabase<T: Sendable>(_ body: (SQLiteDatabase) throws -> T) throws -> T {
        do {
            return try connection.withDatabase(body)
        } catch let error as SQLiteError {
            throw PushStoreError(error)
        }
    }

    /// Runs `body` in one transaction, holding the lock; nothing of it is kept when it throws.
    func transaction<T: Sendable>(_ body: (SQLiteDatabase) throws -> T) throws -> T {
        do {
            return try connection.transaction(body)
        } catch let error as SQLiteError {
            throw PushStoreError(error)
        }
    }

    /// Closes the connection; any later call fails with ``PushStoreError/Kind-swift.enum/closed``.
    func close() {
        connection.close()
    }
}
