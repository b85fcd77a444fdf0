internal import Foundation

/// GrowBro's server state and rules: device tokens, category switches, the per-user inbox, the send outbox and
/// engagement, kept in a store: a ``PushServerStore`` from a store target of its own (`GrowBroServerSQLite`'s
/// `PushServer(path:)` and `PushServer.inMemory()`, `GrowBroServerPostgres`'s `PushServer(postgres:)`).
///
/// Every change is one transaction: when a call returns, its change is on disk (`synchronous=FULL`); when it
/// throws, nothing of it is kept. The server never reads a clock: every instant comes from the caller. Sending is
/// not done here: ``PushDispatcher`` takes the recorded sends to a ``PushTransport``. The decisions are the
/// server's (``TokenRules``, ``FanOutRules``, the report's alerts); the store only records them.
public final class PushServer: Sendable {
    /// The rules in force.
    public let configuration: GrowBroServerConfiguration
    let store: any PushServerStore

    /// A server over `store`: how a store target (``PushServerStore``'s conformers) opens one.
    ///
    /// - Parameters:
    ///   - store: Where the state is kept.
    ///   - configuration: The rules.
    package init(store: any PushServerStore, configuration: GrowBroServerConfiguration) {
        self.store = store
        self.configuration = configuration
    }

    /// Closes the database; any later call fails.
    public func close() {
        store.close()
    }

    /// The store's consistency check (SQLite's `PRAGMA integrity_check`, PostgreSQL's own checks): `["ok"]` when sound.
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
