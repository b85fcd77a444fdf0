import Foundation
import TestSupport
import Testing
import WaveNotifications
import WaveSQLite

@testable import WaveLinuxAdapter

/// The SQLite wrapper: values, transactions, and clear errors for damaged and locked databases.
struct SQLiteDatabaseTests {
    @Test func everyStorageClassRoundTrips() throws {
        let database = try SQLiteDatabase.inMemory()
        try database.execute("CREATE TABLE t (i INTEGER, r REAL, s TEXT, b BLOB, n TEXT)")
        let insert = try database.prepare("INSERT INTO t VALUES (?, ?, ?, ?, ?)")
        let bytes = Data([0, 1, 2, 255, 0])
        try insert.bind([.integer(Int64.min), .real(-0.25), .text("Água\u{0}✓"), .blob(bytes), .null])
        try insert.run()
        let select = try database.prepare("SELECT i, r, s, b, n FROM t")
        #expect(try select.step())
        #expect(select.int64(at: 0) == Int64.min)
        #expect(select.double(at: 1) == -0.25)
        #expect(select.text(at: 2) == "Água\u{0}✓")
        #expect(select.blob(at: 3) == bytes)
        #expect(select.isNull(at: 4) && select.optionalText(at: 4) == nil)
        #expect(try !select.step())
    }

    @Test func aTransactionThatThrowsIsRolledBack() throws {
        struct Refusal: Error {}
        let database = try SQLiteDatabase.inMemory()
        try database.execute("CREATE TABLE t (x INTEGER)")
        #expect(throws: Refusal.self) {
            try database.transaction {
                try database.execute("INSERT INTO t VALUES (1)")
                throw Refusal()
            }
        }
        let value = try database.transaction {
            try database.execute("INSERT INTO t VALUES (2)")
            // A nested transaction is a savepoint: its failure undoes only its own work.
            _ = try? database.transaction {
                try database.execute("INSERT INTO t VALUES (3)")
                throw Refusal()
            }
            return 42
        }
        #expect(value == 42)
        let select = try database.prepare("SELECT group_concat(x) FROM t")
        #expect(try select.step())
        #expect(select.text(at: 0) == "2")
    }

    @Test func badSQLNamesTheFileAndSQLitesMessage() throws {
        let database = try SQLiteDatabase.inMemory()
        let error = try #require(throws: SQLiteError.self) { try database.prepare("SELEKT 1") }
        #expect(error.primaryCode == 1)
        #expect(error.description.hasPrefix(":memory:: near \"SELEKT\""))
        #expect(error.message.contains("syntax error"))
    }

    /// Garbage of several sizes, and a real header followed by garbage.
    @Test(arguments: [16, 4_096, 100_000, -8_192])
    func aDamagedFileGivesAClearErrorNeverACrash(garbageBytes: Int) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.appending(NotificationStore.fileName)
        var random = SplitMix64(seed: UInt64(abs(garbageBytes)))
        var bytes = Data((0..<abs(garbageBytes)).map { _ in UInt8.random(in: 0...255, using: &random) })
        if garbageBytes < 0 {
            // A negative size: a genuine database's first 100 bytes (its header), then garbage.
            let real = directory.appending("real.sqlite")
            let database = try SQLiteDatabase(path: real.path)
            try database.migrate(NotificationStoreSchema.migrations)
            database.close()
            bytes.replaceSubrange(0..<100, with: try Data(contentsOf: real).prefix(100))
        }
        try bytes.write(to: file)

        let error = try #require(throws: SQLiteError.self) { try NotificationStore(directory: directory.url) }
        #expect(error.isDamagedFile, "\(error)")
        #expect(error.path == file.path)
        #expect(error.description.contains(file.path))
        #expect(error.description.contains("the database file is damaged: move it"))
        // Nothing was overwritten: the damaged file is left for the user to inspect.
        #expect(try Data(contentsOf: file) == bytes)
        // Moved aside, a fresh store opens.
        try FileManager.default.moveItem(at: file, to: directory.appending("damaged.sqlite"))
        for suffix in ["-wal", "-shm"] {
            try? FileManager.default.removeItem(at: directory.appending(NotificationStore.fileName + suffix))
        }
        let store = try NotificationStore(directory: directory.url)
        #expect(try store.integrityCheck() == ["ok"])
        store.close()
    }

    @Test func aWriteLockHeldByAnotherConnectionGivesABusyErrorAfterTheTimeout() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try NotificationStore(
            directory: directory.url, configuration: .init(busyTimeout: .milliseconds(50)))
        defer { store.close() }
        let request = NotificationStoreTests.request("a", at: 1)
        let other = try SQLiteDatabase(path: store.databaseFile.path, options: .init(busyTimeout: .zero))
        try other.execute(
            "BEGIN IMMEDIATE; INSERT INTO pending_request (identifier, thread_id, fire_ms, sequence, request) VALUES ('x', 'x', 0, 0, x'00')"
        )

        let error = try #require(throws: SQLiteError.self) { try store.upsert(request) }
        #expect(error.isBusy, "\(error)")
        #expect(error.description.contains(store.databaseFile.path))
        #expect(error.description.contains("another process holds the database: close it"))
        // Reads still work (write-ahead log), and see only committed data.
        #expect(try store.pendingCount() == 0)

        try other.execute("ROLLBACK")
        other.close()
        try store.upsert(request)
        #expect(try store.pending() == [request])
    }
}
