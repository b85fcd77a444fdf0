internal import Foundation
internal import WaveNotifications
internal import WaveSQLite

/// GrowBro's server state and rules: device tokens, category switches, the per-user inbox, the send outbox and
/// engagement, in one SQLite database through the adapter's store layer.
///
/// Every change is one transaction: when a call returns, its change is on disk (`synchronous=FULL`); when it
/// throws, nothing of it is kept. The server never reads a clock: every instant comes from the caller. Sending is
/// not done here: ``PushDispatcher`` takes the recorded sends to a ``PushTransport``.
public final class PushServer: Sendable {
    /// The rules in force.
    public let configuration: GrowBroServerConfiguration
    let database: ServerDatabase
    let coding = LocalizedTextCoding()

    /// Opens (creating if needed) the database file and brings its schema up to date.
    ///
    /// - Parameters:
    ///   - path: The database file; its directory must exist.
    ///   - configuration: The rules.
    /// - Throws: ``PushStoreError`` when the file cannot be opened, is damaged or was written by a newer build.
    public init(path: String, configuration: GrowBroServerConfiguration = GrowBroServerConfiguration()) throws {
        self.database = try ServerDatabase.open(path: path)
        self.configuration = configuration
    }

    private init(database: ServerDatabase, configuration: GrowBroServerConfiguration) {
        self.database = database
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
        PushServer(database: try ServerDatabase.open(path: nil), configuration: configuration)
    }

    /// Closes the database; any later call fails.
    public func close() {
        database.close()
    }

    /// `PRAGMA integrity_check` of the database: `["ok"]` when sound.
    ///
    /// - Returns: SQLite's lines.
    /// - Throws: ``PushStoreError``.
    public func integrityCheck() throws -> [String] {
        try database.withDatabase { try $0.integrityCheck() }
    }

    /// Whether a user is known (has registered an installation or synced settings).
    ///
    /// - Parameter userID: The user.
    /// - Returns: `true` when known.
    /// - Throws: ``PushStoreError``.
    public func isKnownUser(_ userID: String) throws -> Bool {
        try database.withDatabase { database in try Self.archiveDays(of: userID, in: database) != nil }
    }

    /// The user's archive age in days, or `nil` for an unknown user.
    static func archiveDays(of userID: String, in database: SQLiteDatabase) throws -> Int? {
        let select = try database.cached("SELECT archive_days FROM server_user WHERE user_id = ?")
        defer { select.reset() }
        try select.bind(userID, at: 1)
        return try select.step() ? Int(select.int64(at: 0)) : nil
    }

    /// Adds the user with the default archive age when absent.
    func ensureUser(_ userID: String, at instant: Date, in database: SQLiteDatabase) throws {
        let insert = try database.cached(
            "INSERT OR IGNORE INTO server_user (user_id, archive_days, created_ms, updated_ms) VALUES (?, ?, ?, ?)")
        try insert.bind([
            .text(userID), .integer(Int64(configuration.defaultArchiveDays)),
            .integer(instant.millisecondsSince1970), .integer(instant.millisecondsSince1970),
        ])
        try insert.run()
    }
}
