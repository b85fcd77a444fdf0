internal import Foundation
internal import GrowBroServer
internal import WaveNotifications
internal import WavePostgres

/// The server's state in PostgreSQL through libpq: the store for an operator who outgrows one machine, shared by
/// several sending processes on one machine or several.
///
/// Every call is one transaction at `READ COMMITTED` on one connection (behind a lock); PostgreSQL's own
/// `synchronous_commit` makes a commit that returned durable. Senders claim due sends with
/// `FOR UPDATE SKIP LOCKED` and a lease (``claimDue(now:limit:lease:owner:platforms:)``). The schema is created and
/// migrated by the store itself, recorded in `schema_version`.
final class PostgresPushServerStore: PushServerStore {
    let database: PostgresServerDatabase
    /// For the connection a watch for new sends listens on (``watchNewSends(_:onError:)``).
    let connectionString: String

    /// Connects and brings the schema up to date.
    ///
    /// - Parameters:
    ///   - connectionString: libpq's connection string or URI.
    ///   - reconnection: How a lost connection is reconnected.
    /// - Throws: ``PushStoreError`` when the server cannot be reached, refuses the user, or has a newer schema.
    init(connectionString: String, reconnection: PostgresReconnection) throws {
        database = try PostgresServerDatabase(connectionString: connectionString, reconnection: reconnection)
        self.connectionString = connectionString
    }

    func close() {
        database.close()
    }

    func integrityCheck() throws -> [String] {
        try database.withConnection { connection in
            var problems: [String] = []
            let undue = try connection.query(
                "SELECT count(*) FROM push_send WHERE state = 'pending' AND due_ms IS NULL"
            ).int64(0, 0)
            if undue > 0 { problems.append("\(undue) pending sends without a due instant") }
            let orphans = try connection.query(
                "SELECT count(*) FROM installation i WHERE NOT EXISTS (SELECT 1 FROM server_user u WHERE u.user_id = i.user_id)"
            ).int64(0, 0)
            if orphans > 0 { problems.append("\(orphans) installations without a user") }
            return problems.isEmpty ? ["ok"] : problems
        }
    }

    func transaction<T: Sendable>(_ body: (any PushStoreTransaction) throws -> T) throws -> T {
        try database.transaction { connection in try body(PostgresStoreTransaction(connection: connection)) }
    }

    func archiveDays(of userID: String) throws -> Int? {
        try database.withConnection { connection in try Self.archiveDays(of: userID, in: connection) }
    }

    /// The user's archive age in days, or `nil` for an unknown user.
    static func archiveDays(of userID: String, in connection: PostgresConnection) throws -> Int? {
        let rows = try connection.query("SELECT archive_days FROM server_user WHERE user_id = $1", [.text(userID)])
        return rows.count > 0 ? Int(rows.int64(0, 0)) : nil
    }

    /// Adds the user with the given archive age when absent.
    static func ensureUser(
        _ userID: String, archiveDays: Int, at instant: Date, in connection: PostgresConnection
    ) throws {
        try connection.query(
            """
            INSERT INTO server_user (user_id, archive_days, created_ms, updated_ms) VALUES ($1, $2, $3, $3)
            ON CONFLICT (user_id) DO NOTHING
            """,
            [.text(userID), .integer(Int64(archiveDays)), .integer(instant.millisecondsSince1970)])
    }
}
