import Foundation
import TestSupport
import Testing
import WaveNotifications
import WavePostgres
import WavePush
import WavePushPayloads
import WaveSQLite

@testable import GrowBroServer
@testable import GrowBroServerPostgres
@testable import GrowBroServerSQLite

/// An `async` caller's store calls (``PushServer/run(_:)``) wait on the server's store thread, never on a thread of
/// Swift's cooperative pool: with more calls held up by the database than the pool has threads, another task still
/// runs; a store closed with calls queued fails them with `closed`; a cancelled caller's call still runs to its end.
struct StoreThreadTests {
    /// A registration for installation `n`.
    private static func registration(_ n: Int) -> TokenRegistration {
        TokenRegistration(
            userID: "u\(n)", installationID: "i\(n)", platform: .fcm, token: Harness.fcmToken(n), at: Harness.start)
    }

    /// A server whose writes are held up by another session's lock until `release` is called (closing that session,
    /// which ends its transaction): SQLite's write lock held by a second connection (the server waits for it up to
    /// a 60 s busy timeout), a PostgreSQL table lock (the server waits up to a 60 s `lock_timeout`). Both waits are
    /// far longer than the test needs while the calls wait off the pool (under ThreadSanitizer in `.ci/run`, with
    /// the rest of the suite beside it, SQLite's default 5 s was once not enough), and bounded, so a build that
    /// blocks the pool fails instead of hanging.
    private static func heldServer(
        _ store: TestStore, in directory: TemporaryDirectory
    ) throws -> (server: PushServer, release: @Sendable () -> Void) {
        switch store {
        case .sqlite:
            let path = directory.appending("push.sqlite").path
            let server = PushServer(
                store: try SQLitePushServerStore(path: path, busyTimeout: .seconds(60)),
                configuration: GrowBroServerConfiguration())
            let holder = try SQLiteDatabase(path: path)
            try holder.execute("BEGIN IMMEDIATE")
            let held = WaveLock(holder)
            return (server, { held.withLock { $0.close() } })
        case .postgres:
            let connectionString = try TestStore.freshSchema()
            let server = try PushServer(postgres: connectionString + "%20-clock_timeout%3D60000")
            let holder = try PostgresConnection(connectionString)
            try holder.execute("BEGIN")
            try holder.execute("LOCK TABLE installation IN ACCESS EXCLUSIVE MODE")
            let held = WaveLock(holder)
            return (server, { held.withLock { $0.close() } })
        }
    }

    /// Holds `server`'s store thread with a call that waits for `gate`, and returns once that call is running: the
    /// calls made next queue behind it.
    private static func holdStoreThread(
        of server: PushServer
    ) async -> (holding: Task<Void, any Error>, gate: DispatchSemaphore) {
        let gate = DispatchSemaphore(value: 0)
        let (entered, enter) = AsyncStream<Void>.makeStream()
        let holding = Task {
            try await server.run { _ in
                enter.yield()
                gate.wait()
            }
        }
        var iterator = entered.makeAsyncIterator()
        _ = await iterator.next()
        return (holding, gate)
    }

    /// Twice as many registrations as the cooperative pool has threads (its width is the number of active
    /// processors), each held up by another session's lock: a task started after them still runs before any of them
    /// returns, and once the lock is gone every one succeeds. With the calls made on the pool's threads (the
    /// synchronous API from a task, as every async caller did before ``PushServer/run(_:)``), every thread waits on
    /// the database and the task runs only once the waits give up, so the calls fail `busy` and the task comes last.
    @Test(arguments: TestStore.all)
    func storeCallsHeldUpByTheDatabaseLeaveThePoolFree(store: TestStore) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (server, release) = try Self.heldServer(store, in: directory)
        defer { server.close() }
        let returned = WaveLock(0)
        let calls = (1...(2 * ProcessInfo.processInfo.activeProcessorCount + 2)).map { n in
            Task {
                defer { returned.withLock { $0 += 1 } }
                return try await server.run { try $0.register(Self.registration(n)) }
            }
        }
        let returnedBeforeProbe = await Task { returned.withLock { $0 } }.value
        release()
        var kinds: [[TokenChange.Kind]] = []
        for call in calls { kinds.append(try await call.value.map(\.kind)) }
        #expect(returnedBeforeProbe == 0)
        #expect(kinds == Array(repeating: [.registered], count: calls.count))
    }

    /// Calls queued behind a call that holds the store thread, when the store is closed, fail with `closed`: none
    /// hangs, none is dropped unanswered.
    @Test(arguments: TestStore.all)
    func callsQueuedWhenTheStoreClosesFailClosed(store: TestStore) async throws {
        let server = try store.location().map { try $0.open() } ?? PushServer.inMemory()
        let (holding, gate) = await Self.holdStoreThread(of: server)
        let queued = (1...3).map { n in Task { try await server.run { try $0.register(Self.registration(n)) } } }
        server.close()
        gate.signal()
        try await holding.value
        for call in queued {
            let error = await #expect(throws: PushStoreError.self) { try await call.value }
            #expect(error?.kind == .closed)
        }
    }

    /// A call whose caller is cancelled while it waits for the store thread still runs, and its result is returned:
    /// a transaction is never cut in two, and what it recorded is there.
    @Test(arguments: TestStore.all)
    func aCancelledCallersCallStillRuns(store: TestStore) async throws {
        let server = try store.location().map { try $0.open() } ?? PushServer.inMemory()
        defer { server.close() }
        let (holding, gate) = await Self.holdStoreThread(of: server)
        let call = Task { try await server.run { try $0.register(Self.registration(1)) } }
        call.cancel()
        gate.signal()
        try await holding.value
        #expect(try await call.value.map(\.kind) == [.registered])
        #expect(try server.installation("i1")?.userID == "u1")
    }
}
