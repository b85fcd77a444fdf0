internal import Foundation
internal import GrowBroServer
internal import WaveNotifications
internal import WaveSQLite

/// The server's state in one SQLite database through WaveSQLite: the embedded default store, nothing to start.
///
/// WAL with `synchronous=FULL` (a commit that returned is on disk), one transaction per call, `secure_delete` on
/// a file (an erased row is overwritten, not left in free pages). One writer: a second process on the same file
/// waits for the lock up to the busy timeout.
final class SQLitePushServerStore: PushServerStore {
    let database: ServerDatabase
    let coding = LocalizedTextCoding()

    /// Opens (creating if needed) the database file, or a private in-memory database, and brings its schema up to
    /// date.
    ///
    /// - Parameters:
    ///   - path: The database file (its directory must exist), or `nil` for an in-memory database.
    ///   - busyTimeout: The wait for another connection's lock (5 s; tests that hold one on purpose wait longer).
    /// - Throws: ``PushStoreError`` when the file cannot be opened, is damaged or was written by a newer build.
    init(path: String?, busyTimeout: Duration = .seconds(5)) throws {
        database = try ServerDatabase.open(path: path, busyTimeout: busyTimeout)
    }

    func close() {
        database.close()
    }

    /// None: SQLite tells no other process of a commit, so a sender in another process finds new sends at its idle
    /// check (within one process, ``PushSender/sendNow()`` wakes it).
    func watchNewSends(
        _ onNewSends: @escaping @Sendable () -> Void, onError: @escaping @Sendable (any Error) -> Void
    ) -> (any NewSendsWatch)? {
        nil
    }

    func integrityCheck() throws -> [String] {
        try database.withDatabase { try $0.integrityCheck() }
    }

    func transaction<T: Sendable>(_ body: (any PushStoreTransaction) throws -> T) throws -> T {
        let coding = coding
        return try database.transaction { database in
            try body(SQLiteStoreTransaction(database: database, coding: coding))
        }
    }

    func archiveDays(of userID: String) throws -> Int? {
        try database.withDatabase { database in try Self.archiveDays(of: userID, in: database) }
    }

    /// The user's archive age in days, or `nil` for an unknown user.
    static func archiveDays(of userID: String, in database: SQLiteDatabase) throws -> Int? {
        let select = try database.cached("SELECT archive_days FROM server_user WHERE user_id = ?")
        defer { select.reset() }
        try select.bind(userID, at: 1)
        return try select.step() ? Int(select.int64(at: 0)) : nil
    }

    /// Adds the user with the given archive age when absent.
    static func ensureUser(_ userID: String, archiveDays: Int, at instant: Date, in database: SQLiteDatabase) throws {
        let insert = try database.cached(
            "INSERT OR IGNORE INTO server_user (user_id, archive_days, created_ms, updated_ms) VALUES (?, ?, ?, ?)")
        try insert.bind([
            .text(userID), .integer(Int64(archiveDays)), .integer(instant.millisecondsSince1970),
            .integer(instant.millisecondsSince1970),
        ])
        try insert.run()
    }
}
