public import GrowBroServer
internal import GrowBroServerPostgres
internal import GrowBroServerSQLite
public import WaveNotifications
public import WavePostgres

/// Which store `wavepush` keeps the server's state in: one SQLite file (the embedded default, nothing to start) or a
/// PostgreSQL database (several senders, on one machine or several).
///
/// The command line is the one place that knows both stores: the server knows only its store contract, and each
/// store is a target of its own (`GrowBroServerSQLite`, `GrowBroServerPostgres`), so a backend links the one it uses
/// and a new store touches this file, not the server.
///
/// Its description never shows a connection string, which may hold a password.
public enum PushStoreLocation: Sendable, CustomStringConvertible {
    /// A SQLite database file, created when absent; its directory must exist.
    case sqlite(path: String)
    /// A PostgreSQL database, by libpq's connection string or URI (`postgresql://user@host:5432/growbro`); the
    /// server creates and migrates its tables there (the version is in `schema_version`).
    case postgres(connectionString: String)

    /// The location an operator wrote: a `postgresql://` or `postgres://` URI names a PostgreSQL database,
    /// anything else a SQLite file.
    ///
    /// - Parameter database: A file path or a PostgreSQL URI.
    public init(_ database: String) {
        let lowered = database.lowercased()
        if lowered.hasPrefix("postgresql://") || lowered.hasPrefix("postgres://") {
            self = .postgres(connectionString: database)
        } else {
            self = .sqlite(path: database)
        }
    }

    public var description: String {
        switch self {
        case .sqlite(let path): "sqlite \(path)"
        case .postgres: "postgresql"
        }
    }

    /// Opens the store here and a server over it, bringing the schema up to date.
    ///
    /// - Parameter configuration: The rules.
    /// - Returns: The server.
    /// - Throws: ``PushStoreError`` when the store cannot be opened or reached, is damaged, or was migrated by a newer
    ///   build.
    public func open(configuration: GrowBroServerConfiguration = GrowBroServerConfiguration()) throws -> PushServer {
        switch self {
        case .sqlite(let path): try PushServer(path: path, configuration: configuration)
        case .postgres(let connectionString): try PushServer(postgres: connectionString, configuration: configuration)
        }
    }

    /// Opens the store here as ``open(configuration:)`` does, for a long-running process: a PostgreSQL connection
    /// that is lost is reconnected with backoff on `clock`, each loss, failed attempt and reconnection reported to
    /// `onConnectionEvent` (a SQLite file has no connection to lose and reports nothing).
    ///
    /// - Parameters:
    ///   - configuration: The rules.
    ///   - clock: The clock the backoff is timed by.
    ///   - onConnectionEvent: The log of the connection (it must not call the server).
    /// - Returns: The server.
    /// - Throws: ``PushStoreError``, as ``open(configuration:)``.
    public func open(
        configuration: GrowBroServerConfiguration = GrowBroServerConfiguration(), clock: any WaveClock,
        onConnectionEvent: @escaping @Sendable (PostgresConnectionEvent) -> Void
    ) throws -> PushServer {
        switch self {
        case .sqlite: try open(configuration: configuration)
        case .postgres(let connectionString):
            try PushServer(
                postgres: connectionString, configuration: configuration, clock: clock,
                random: SystemRandomNumberGenerator(), onConnectionEvent: onConnectionEvent)
        }
    }
}
