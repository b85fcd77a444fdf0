internal import GrowBroServer
internal import WaveNotifications
internal import WavePostgres

/// The server's PostgreSQL connection behind a `WaveLock`, every PostgreSQL failure turned into ``PushStoreError``,
/// so no libpq type crosses the server's public API. One connection per store: several senders are several stores
/// (processes or machines), each with its own connection.
struct PostgresServerDatabase: Sendable {
    private let connection: WaveLock<PostgresConnection>

    /// Connects and brings the schema up to date.
    ///
    /// - Parameters:
    ///   - connectionString: libpq's connection string or URI.
    ///   - reconnection: How a lost connection is reconnected.
    /// - Throws: ``PushStoreError`` when the server cannot be reached or the schema is newer than this build.
    init(connectionString: String, reconnection: PostgresReconnection) throws {
        do {
            let connection = try PostgresConnection(connectionString, reconnection: reconnection)
            try connection.migrate(PostgresServerSchema.migrations, lockKey: PostgresServerSchema.lockKey)
            self.connection = WaveLock(connection)
        } catch let error as PostgresError {
            throw PushStoreError(error)
        }
    }

    /// Runs `body` with the connection, holding its lock.
    func withConnection<T: Sendable>(_ body: (PostgresConnection) throws -> T) throws -> T {
        do {
            return try connection.withLock { connection in try body(connection) }
        } catch let error as PostgresError {
            throw PushStoreError(error)
        }
    }

    /// Runs `body` in one transaction, holding the lock; nothing of it is kept when it throws.
    func transaction<T: Sendable>(_ body: (PostgresConnection) throws -> T) throws -> T {
        try withConnection { connection in try connection.transaction { try body(connection) } }
    }

    /// Closes the connection; any later call fails with ``PushStoreError/Kind-swift.enum/closed``.
    func close() {
        connection.withLock { $0.close() }
    }
}
