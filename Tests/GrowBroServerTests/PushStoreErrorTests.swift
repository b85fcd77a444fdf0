import Foundation
import TestSupport
import Testing
import WavePostgres
import WaveSQLite

@testable import GrowBroServer

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

    @Test func aMissingDirectoryIsUnavailable() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.appending("missing/push.sqlite").path
        let error = try #require(throws: PushStoreError.self) { try PushServer(path: file) }
        #expect(error.kind == .unavailable)
    }

    @Test(arguments: TestStore.all)
    func aClosedServerFailsWithClosed(store: TestStore) throws {
        let server = try store.location().map { try PushServer(store: $0) } ?? PushServer.inMemory()
        server.close()
        let error = try #require(throws: PushStoreError.self) { try server.isKnownUser("ana") }
        #expect(error.kind == .closed)
    }

    @Test func anUnreachablePostgreSQLIsUnavailable() throws {
        // Port 1 on loopback: nothing listens, the connection is refused at once.
        let error = try #require(throws: PushStoreError.self) {
            try PushServer(store: .postgres(connectionString: "postgresql://127.0.0.1:1/growbro?connect_timeout=5"))
        }
        #expect(error.kind == .unavailable)
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
