internal import Foundation
internal import GrowBroServer
internal import WaveNotifications
internal import WavePostgres

/// The server inbox in PostgreSQL: the same rules as ``SQLitePushServerStore``'s over `server_inbox`.
extension PostgresPushServerStore {
    func addInboxEntries(_ entries: [InboxEntry], userID: String) throws {
        try database.transaction { connection in
            for entry in entries {
                try Self.insert(entry, userID: userID, in: connection)
            }
        }
    }

    func markInboxEntries(identifier: String, userID: String, deleting: Bool, at instant: Date) throws -> Int {
        try database.transaction { connection in
            try connection.query(
                "UPDATE server_inbox SET \(deleting ? "deleted_ms" : "read_ms") = $1 WHERE user_id = $2 AND identifier = $3 AND deleted_ms IS NULL",
                [.integer(instant.millisecondsSince1970), .text(userID), .text(identifier)]
            ).changes
        }
    }

    func inboxCount(userID: String, unreadOnly: Bool, receivedSince oldest: Int64) throws -> Int {
        try database.withConnection { connection in
            try Self.inboxCount(userID: userID, unreadOnly: unreadOnly, oldest: oldest, in: connection)
        }
    }

    func inboxRows(
        userID: String, after cursor: InboxCursor?, receivedSince oldest: Int64, limit: Int
    ) throws -> [InboxRow] {
        return try database.withConnection { connection in
            let rows = try connection.query(
                """
                SELECT sequence, identifier, received_ms, channel_id, title, body, deep_link, read_ms
                FROM server_inbox
                WHERE user_id = $1 AND deleted_ms IS NULL AND received_ms >= $2 AND (received_ms, sequence) < ($3, $4)
                ORDER BY received_ms DESC, sequence DESC
                LIMIT $5
                """,
                [
                    .text(userID), .integer(oldest), .integer(cursor?.receivedAtMilliseconds ?? Int64.max),
                    .integer(cursor?.sequence ?? Int64.max), .integer(Int64(limit)),
                ])
            return try (0..<rows.count).map { row in
                InboxRow(
                    cursor: InboxCursor(receivedAtMilliseconds: rows.int64(row, 2), sequence: rows.int64(row, 0)),
                    entry: InboxEntry(
                        identifier: rows.text(row, 1), receivedAt: Date(millisecondsSince1970: rows.int64(row, 2)),
                        channelID: rows.text(row, 3), title: try Self.decode(rows.text(row, 4), connection),
                        body: try Self.decode(rows.text(row, 5), connection), deepLink: rows.text(row, 6),
                        readAt: rows.optionalInt64(row, 7).map(Date.init(millisecondsSince1970:))))
            }
        }
    }

    /// A stored text decoded, or ``PushStoreError/Kind-swift.enum/damaged`` naming no content.
    private static func decode(
        _ json: String, _ connection: PostgresConnection
    ) throws -> LocalizedText {
        do {
            return try LocalizedText(storedJSON: json)
        } catch {
            throw PushStoreError(
                kind: .damaged, store: connection.name, detail: "an inbox text does not decode",
                advice: "restore the database from a backup")
        }
    }

    func eraseAll(userID: String, droppedReason reason: String) throws -> [SendRecord] {
        try database.transaction { connection in
            try connection.query("DELETE FROM server_inbox WHERE user_id = $1", [.text(userID)])
            let pending = try Self.sendRecords(
                where: "user_id = $1 AND state = 'pending'", [.text(userID)], in: connection)
            try connection.query(
                """
                UPDATE push_send SET state = 'dropped', reason = $2, due_ms = NULL
                WHERE user_id = $1 AND state = 'pending'
                """, [.text(userID), .text(reason)])
            try connection.query("UPDATE push_send SET payload = '' WHERE user_id = $1", [.text(userID)])
            return pending
        }
    }

    static func insert(
        _ entry: InboxEntry, userID: String, in connection: PostgresConnection
    ) throws {
        try connection.query(
            """
            INSERT INTO server_inbox (user_id, identifier, received_ms, channel_id, title, body, deep_link, read_ms,
                deleted_ms)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
            """,
            [
                .text(userID), .text(entry.identifier), .integer(entry.receivedAt.millisecondsSince1970),
                .text(entry.channelID), .text(try entry.title.storedJSON()), .text(try entry.body.storedJSON()),
                .text(entry.deepLink), .optional(entry.readAt?.millisecondsSince1970),
                .optional(entry.deletedAt?.millisecondsSince1970),
            ])
    }

    /// A user's visible entries received at or after `oldest` (milliseconds), the unread ones only when asked.
    static func inboxCount(
        userID: String, unreadOnly: Bool, oldest: Int64, in connection: PostgresConnection
    ) throws -> Int {
        Int(
            try connection.query(
                """
                SELECT count(*) FROM server_inbox
                WHERE user_id = $1 AND deleted_ms IS NULL AND received_ms >= $2\(unreadOnly ? " AND read_ms IS NULL" : "")
                """, [.text(userID), .integer(oldest)]
            ).int64(0, 0))
    }
}
