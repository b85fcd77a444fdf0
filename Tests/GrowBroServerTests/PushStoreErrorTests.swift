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

/// The server's storage failures are its own ``PushStoreError``: a kind a backend decides on, the store's words kept,
/// and the same kind for the same failure whichever the store.
struct PushStoreErrorTests {
    @Test func aFileThatIsNotADatabaseIsDamaged() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.appending("push.sqlite").path
        try Data(repeating: UInt8(ascii: "x"), count: 4_096).write(to: directory.appending("push.sqlite"))
        let error = try #require(throws: PushStoreError.self) { try PushServer(path: file) }
        #expect(error.kind == .damaged)
        #expect(error.store == file)
        #expect(error.description == "\(file): file is not a database (SQLite 26): \(error.advice)")
        #expect(error.advice.contains("move it"))
    }

    /// A store that cannot be opened or reached: a SQLite file in a missing directory, a PostgreSQL port where nothing
    /// listens (port 1 on loopback: the connection is refused at once; no cluster needed).
    @Test(arguments: TestStore.allCases)
    func anUnreachableStoreIsUnavailable(store: TestStore) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let error = try #require(throws: PushStoreError.self) {
            switch store {
            case .sqlite: try PushServer(path: directory.appending("missing/push.sqlite").path)
            case .postgres: try PushServer(postgres: "postgresql://127.0.0.1:1/growbro?connect_timeout=5")
            }
        }
        #expect(error.kind == .unavailable)
    }

    /// An integrity violation inside a store's transaction (here one installation inserted twice, which breaks the
    /// installation's key) is `failed`, not `busy`: a retry would fail alike. Nothing of the call is kept.
    @Test(arguments: TestStore.all)
    func anIntegrityViolationIsFailedAndKeepsNothing(store: TestStore) throws {
        let server = try store.location().map { try $0.open() } ?? PushServer.inMemory()
        defer { server.close() }
        let at = Date(timeIntervalSince1970: 1_781_884_800)
        let registration = TokenRegistration(
            userID: "u1", installationID: "i1", platform: .fcm, token: Harness.fcmToken(1), at: at)
        let installation = Installation(
            id: "i1", userID: "u1", platform: .fcm, token: registration.token, environment: nil,
            permission: .authorized, registeredAt: at, refreshedAt: at)
        let error = try #require(throws: PushStoreError.self) {
            try server.store.transaction { transaction in
                try transaction.addUser("u1", archiveDays: 30, at: at)
                try transaction.insertInstallation(installation)
                try transaction.insertInstallation(installation)
            }
        }
        #expect(error.kind == .failed)
        #expect(try server.installation("i1") == nil)
        #expect(try server.tokenChanges().isEmpty)
        #expect(try !server.isKnownUser("u1"))
    }

    /// A write lock another session holds past the store's wait is `busy` (a retry may succeed): SQLite's write lock
    /// held by a second connection past the 5 s busy timeout; a PostgreSQL table lock past a 200 ms `lock_timeout`.
    @Test(arguments: TestStore.all)
    func aLockHeldPastTheWaitIsBusy(store: TestStore) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server: PushServer
        let release: () throws -> Void
        switch store {
        case .sqlite:
            let path = directory.appending("push.sqlite").path
            server = try PushServer(path: path)
            let holder = try SQLiteDatabase(path: path)
            try holder.execute("BEGIN IMMEDIATE")
            release = {
                try holder.execute("ROLLBACK")
                holder.close()
            }
        case .postgres:
            let connectionString = try TestStore.freshSchema()
            server = try PushServer(postgres: connectionString + "%20-clock_timeout%3D200")
            let holder = try PostgresConnection(connectionString)
            try holder.execute("BEGIN")
            try holder.execute("LOCK TABLE installation IN ACCESS EXCLUSIVE MODE")
            release = {
                try holder.execute("ROLLBACK")
                holder.close()
            }
        }
        defer { server.close() }
        let registration = TokenRegistration(
            userID: "u1", installationID: "i1", platform: .fcm, token: Harness.fcmToken(1),
            at: Date(timeIntervalSince1970: 1_781_884_800))
        let error = try #require(throws: PushStoreError.self) { try server.register(registration) }
        try release()
        #expect(error.kind == .busy)
        // Once the lock is gone the same call succeeds.
        #expect(try server.register(registration).map(\.kind) == [.registered])
    }

    @Test(arguments: TestStore.all)
    func aClosedServerFailsWithClosed(store: TestStore) throws {
        let server = try store.location().map { try $0.open() } ?? PushServer.inMemory()
        server.close()
        let error = try #require(throws: PushStoreError.self) { try server.isKnownUser("ana") }
        #expect(error.kind == .closed)
    }

    /// Each store's own codes for the same failure give the same kind: a conflict or a lock is `busy` (retry), an
    /// integrity violation `failed` (a retry fails alike), a call after `close()` `closed`.
    @Test(arguments: [
        (Int32(5), "database is locked", PushStoreError.Kind.busy), (6, "database table is locked", .busy),
        (19, "UNIQUE constraint failed: push_send.send_id", .failed),
        (21, "bad parameter or other API misuse", .closed),
        (14, "unable to open database file", .unavailable), (13, "database or disk is full", .full),
        (11, "database disk image is malformed", .damaged),
    ])
    func sqliteCodesMapToTheirKinds(code: Int32, message: String, kind: PushStoreError.Kind) {
        #expect(PushStoreError(SQLiteError(code: code, message: message, path: "push.sqlite")).kind == kind)
    }

    @Test(arguments: [
        ("40001", "could not serialize access", PushStoreError.Kind.busy), ("40P01", "deadlock detected", .busy),
        ("55P03", "could not obtain lock", .busy),
        ("23505", "duplicate key value violates unique constraint", .failed),
        ("23503", "insert or update violates foreign key constraint", .failed),
        ("08006", "server closed the connection unexpectedly", .unavailable),
        ("28P01", "password authentication failed", .unavailable), ("53100", "could not extend file", .full),
        ("XX001", "invalid page in block", .damaged),
    ])
    func postgresStatesMapToTheirKinds(sqlState: String, message: String, kind: PushStoreError.Kind) {
        let error = PushStoreError(PostgresError(sqlState: sqlState, message: message, database: "growbro"))
        #expect(error.kind == kind)
    }

    @Test func aPostgreSQLCallAfterCloseIsClosedNotUnavailable() {
        #expect(PushStoreError(PostgresError.closed(database: "growbro")).kind == .closed)
        #expect(
            PushStoreError(PostgresError(sqlState: "", message: "connection refused", database: "g")).kind
                == .unavailable)
    }
}
