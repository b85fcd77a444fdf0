internal import Foundation
internal import GrowBroServer
internal import WaveNotifications
internal import WaveSQLite

/// The server inbox in SQL: the Linux adapter's inbox rules over the `server_inbox` table, with a user column.
extension SQLitePushServerStore {
    func addInboxEntries(_ entries: [InboxEntry], userID: String) throws {
        let coding = coding
        try database.transaction { database in
            for entry in entries {
                try Self.insert(entry, userID: userID, coding: coding, in: database)
            }
        }
    }

    func markInboxEntries(identifier: String, userID: String, deleting: Bool, at instant: Date) throws -> Int {
        try database.transaction { database in
            let update = try database.cached(
                "UPDATE server_inbox SET \(deleting ? "deleted_ms" : "read_ms") = ? WHERE user_id = ? AND identifier = ? AND deleted_ms IS NULL"
            )
            try update.bind([.integer(instant.millisecondsSince1970), .text(userID), .text(identifier)])
            try update.run()
            return database.changes
        }
    }

    func inboxCount(userID: String, unreadOnly: Bool, receivedSince oldest: Int64) throws -> Int {
        try database.withDatabase { database in
            try Self.inboxCount(userID: userID, unreadOnly: unreadOnly, oldest: oldest, in: database)
        }
    }

    func inboxRows(
        userID: String, after cursor: InboxCursor?, receivedSince oldest: Int64, limit: Int
    ) throws -> [InboxRow] {
        let coding = coding
        return try database.withDatabase { database in
            let select = try database.cached(
                """
                SELECT sequence, identifier, received_ms, channel_id, title, body, deep_link, read_ms
                FROM server_inbox INDEXED BY server_inbox_visible
                WHERE user_id = ?1 AND deleted_ms IS NULL AND received_ms >= ?2 AND (received_ms, sequence) < (?3, ?4)
                ORDER BY received_ms DESC, sequence DESC
                LIMIT ?5
                """)
            defer { select.reset() }
            try select.bind([
                .text(userID), .integer(oldest), .integer(cursor?.receivedAtMilliseconds ?? Int64.max),
                .integer(cursor?.sequence ?? Int64.max), .integer(Int64(limit)),
            ])
            return try select.inboxRows(coding: coding)
        }
    }

    func eraseAll(userID: String, droppedReason reason: String) throws -> [SendRecord] {
        try database.withDatabase { database in
            let dropped = try database.transaction { () throws -> [SendRecord] in
                let delete = try database.cached("DELETE FROM server_inbox WHERE user_id = ?")
                try delete.bind(userID, at: 1)
                try delete.run()
                let pending = try Self.sendRecords(
                    where: "user_id = ? AND state = 'pending'", [.text(userID)], in: database)
                let drop = try database.cached(
                    """
                    UPDATE push_send SET state = 'dropped', reason = ?, due_ms = NULL
                    WHERE user_id = ? AND state = 'pending'
                    """)
                try drop.bind([.text(reason), .text(userID)])
                try drop.run()
                let blank = try database.cached("UPDATE push_send SET payload = '' WHERE user_id = ?")
                try blank.bind(userID, at: 1)
                try blank.run()
                return pending
            }
            // The erased rows' old pages leave the write-ahead log too, not only the main file.
            try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            return dropped
        }
    }

    static func insert(
        _ entry: InboxEntry, userID: String, coding: LocalizedTextCoding, in database: SQLiteDatabase
    ) throws {
        let insert = try database.cached(
            """
            INSERT INTO server_inbox (user_id, identifier, received_ms, channel_id, title, body, deep_link, read_ms,
                deleted_ms)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        try insert.bind([
            .text(userID), .text(entry.identifier), .integer(entry.receivedAt.millisecondsSince1970),
            .text(entry.channelID), .text(try coding.encode(entry.title)), .text(try coding.encode(entry.body)),
            .text(entry.deepLink), .optional(entry.readAt?.millisecondsSince1970),
            .optional(entry.deletedAt?.millisecondsSince1970),
        ])
        try insert.run()
    }

    /// A user's visible entries received at or after `oldest` (milliseconds), the unread ones only when asked.
    static func inboxCount(userID: String, unreadOnly: Bool, oldest: Int64, in database: SQLiteDatabase) throws -> Int {
        let count = try database.cached(
            unreadOnly
                ? """
                SELECT count(*) FROM server_inbox INDEXED BY server_inbox_unread
                WHERE user_id = ? AND deleted_ms IS NULL AND read_ms IS NULL AND received_ms >= ?
                """
                : "SELECT count(*) FROM server_inbox WHERE user_id = ? AND deleted_ms IS NULL AND received_ms >= ?")
        defer { count.reset() }
        try count.bind([.text(userID), .integer(oldest)])
        return try count.step() ? Int(count.int64(at: 0)) : 0
    }
}
