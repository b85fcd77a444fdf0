internal import Foundation
internal import WaveNotifications

/// GrowBro's server state and rules: device tokens, category switches, the per-user inbox, the send outbox and
/// engagement, kept in a store: a ``PushServerStore`` from a store target of its own (`GrowBroServerSQLite`'s
/// `PushServer(path:)` and `PushServer.inMemory()`, `GrowBroServerPostgres`'s `PushServer(postgres:)`).
///
/// Every change is one transaction: when a call returns, its change is on disk (`synchronous=FULL`); when it
/// throws, nothing of it is kept. The server never reads a clock: every instant comes from the caller. Sending is
/// not done here: ``PushDispatcher`` takes the recorded sends to a ``PushTransport``. The decisions are the
/// server's (``TokenRules``, ``FanOutRules``, the report's alerts); the store only records them.
///
/// Its operations are synchronous and block the calling thread for the store's round trip and its lock: call them
/// from a thread of your own (libmicrohttpd's handler threads in `wavepush serve`, a command-line tool's main
/// thread), never from Swift's cooperative pool. An `async` caller runs the same operations through ``run(_:)``,
/// which takes them to the server's store thread and resumes the caller when they are done:
/// `try await server.run { try $0.fanOut(event) }`.
public final class PushServer: Sendable {
    /// The rules in force.
    public let configuration: GrowBroServerConfiguration
    let store: any PushServerStore
    /// Where ``run(_:)``'s work runs: a thread of this server's own, started by the first call.
    private let thread = StoreThread()

    /// A server over `store`: how a store target (``PushServerStore``'s conformers) opens one.
    ///
    /// - Parameters:
    ///   - store: Where the state is kept.
    ///   - configuration: The rules.
    package init(store: any PushServerStore, configuration: GrowBroServerConfiguration) {
        self.store = store
        self.configuration = configuration
    }

    deinit {
        thread.stop()
    }

    /// Runs `body` with this server on the server's store thread and returns what it returns: how an `async` caller
    /// calls the server's synchronous operations without blocking a thread of Swift's cooperative pool on the
    /// database, the network or the store's lock.
    ///
    /// Calls run one at a time, in the order they were made (the store has one connection; a synchronous call from a
    /// thread of its own may interleave between them). A call whose task is cancelled still runs to its end and
    /// returns its result (a transaction is never cut in two: an outcome the dispatcher commits while stopping is
    /// kept). After ``close()`` the call fails with ``PushStoreError/Kind-swift.enum/closed``, as a synchronous one
    /// does.
    ///
    /// - Parameter body: The work, with the server: one or more of its operations.
    /// - Returns: What `body` returned.
    /// - Throws: What `body` threw.
    public func run<T: Sendable>(_ body: @escaping @Sendable (PushServer) throws -> T) async throws -> T {
        // Handed back through a lock ThreadSanitizer sees (ThreadHandoff), as the D-Bus and curl loops hand theirs.
        try await ThreadHandoff<Result<T, any Error>>.wait { handoff in
            thread.submit { handoff.deliver(Result { try body(self) }) }
        }.get()
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
