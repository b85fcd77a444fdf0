internal import Foundation

/// GrowBro's server state and rules: device tokens, category switches, the per-user inbox, the send outbox and
/// engagement, kept in a store (one SQLite database by default).
///
/// Every change is one transaction: when a call returns, its change is on disk (`synchronous=FULL`); when it
/// throws, nothing of it is kept. The server never reads a clock: every instant comes from the caller. Sending is
/// not done here: ``PushDispatcher`` takes the recorded sends to a ``PushTransport``. The decisions are the
/// server's (``TokenRules``, ``FanOutRules``, the report's alerts); the store only records them.
public final class PushServer: Sendable {
    /// The rules in force.
    public let configuration: GrowBroServerConfiguration
    let store: any PushServerStore

    /// Opens (creating if needed) the database file and brings its schema up to date.
    ///
    /// - Parameters:
    ///   - path: The database file; its directory must exist.
    ///   - configuration: The rules.
    /// - Throws: ``PushStoreError`` when the file cannot be opened, is damaged or was written by a newer build.
    public convenience init(
        path: String, configuration: GrowBroServerConfiguration = GrowBroServerConfiguration()
    ) throws {
        self.init(store: try SQLitePushServerStore(path: path), configuration: configuration)
    }

    /// Opens the store at `location` (SQLite file or PostgreSQL database) and brings its schema up to date.
    ///
    /// - Parameters:
    ///   - location: Where the state is kept.
    ///   - configuration: The rules.
    /// - Throws: ``PushStoreError`` when the store cannot be opened or reached, is damaged, or was migrated by a newer
    ///   build.
    public convenience init(
        store location: PushStoreLocation, configuration: GrowBroServerConfiguration = GrowBroServerConfiguration()
    ) throws {
        switch location {
        case .sqlite(let path):
            self.init(store: try SQLitePushServerStore(path: path), configuration: configuration)
        case .postgres(let connectionString):
            self.init(
                store: try PostgresPushServerStore(connectionString: connectionString), configuration: configuration)
        }
    }

    init(store: any PushServerStore, configuration: GrowBroServerConfiguration) {
        self.store = store
        self.configuration = configuration
    }

    /// A server over a private in-memory database: the same SQL without a file (tests, replays).
    ///
    /// - Parameter configuration: The rules.
    /// - Returns: The server.
    /// - Throws: ``PushStoreError`` when SQLite cannot set it up.
    public static func inMemory(
        configuration: GrowBroServerConfiguration = GrowBroServerConfiguration()
    ) throws -> PushServer {
        PushServer(store: try SQLitePushServerStore(path: nil), configuration: configuration)
    }

    /// Closes the database; any later call fails.
    public func close() {
        store.close()
    }

    /// The store's consistency check (SQLite's `PRAGMA integrity_check`): `["ok"]` when sound.
    ///
    /// - Returns: The store's lines.
    /// - Throws: ``PushStoreError``.
    public func integrityCheck() throws -> [String] {
        try store.integrityCheck()
    }

    /// Whether a user is known (has registered an installation or synced settings).
    ///
    /// - Parameter userID: The user.
    /// - Returns: `true` when known.
    /// - Throws: ``PushStoreError``.
    public func isKnownUser(_ userID: String) throws -> Bool {
        try store.archiveDays(of: userID) != nil
    }
}
