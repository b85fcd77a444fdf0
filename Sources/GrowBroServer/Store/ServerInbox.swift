public import Foundation
public import WaveNotifications
internal import WavePushPayloads
internal import WaveSQLite

/// One user's server inbox: the app's ``InboxStore`` rules (order, archive, keyset pages, counts, erase) kept in
/// the server's database, so an app syncing with it ends with the same entries.
///
/// Get one from ``PushServer/inbox(of:)``; its archive age is the user's setting when it was opened.
public final class ServerInbox: InboxStore {
    /// The user.
    public let userID: String
    /// Entries received more than this many days before `now` are archived: the user's setting.
    public let archiveAfterDays: Int
    private let database: ServerDatabase
    private let coding = LocalizedTextCoding()

    init(userID: String, archiveAfterDays: Int, database: ServerDatabase) {
        self.userID = userID
        self.archiveAfterDays = archiveAfterDays
        self.database = database
    }

    /// Adds entries in one transaction (see ``InboxStore/add(_:)``).
    public func add(_ entries: [InboxEntry]) throws {
        let userID = userID
        let coding = coding
        try database.transaction { database in
            for entry in entries {
                try Self.insert(entry, userID: userID, coding: coding, in: database)
            }
        }
    }

    /// Marks the user's entries with the identifier read (see ``InboxStore/markRead(identifier:at:)``).
    @discardableResult
    public func markRead(identifier: String, at instant: Date) throws -> Int {
        try update("read_ms", identifier: identifier, instant: instant)
    }

    /// Deletes the user's entries with the identifier (see ``InboxStore/delete(identifier:at:)``).
    @discardableResult
    public func delete(identifier: String, at instant: Date) throws -> Int {
        try update("deleted_ms", identifier: identifier, instant: instant)
    }

    /// The user's visible unread entries: the badge (see ``InboxStore/unreadCount(now:)``).
    public func unreadCount(now: Date) throws -> Int {
        let userID = userID
        let oldest = Self.oldestVisible(now: now, archiveAfterDays: archiveAfterDays)
        return try database.withDatabase { database in
            try Self.unreadCount(userID: userID, oldest: oldest, in: database)
        }
    }

    /// The user's visible entries (see ``InboxStore/totalCount(now:)``).
    public func totalCount(now: Date) throws -> Int {
        let userID = userID
        let oldest = Self.oldestVisible(now: now, archiveAfterDays: archiveAfterDays)
        return try database.withDatabase { database in
            let count = try database.cached(
                "SELECT count(*) FROM server_inbox WHERE user_id = ? AND deleted_ms IS NULL AND received_ms >= ?")
            defer { count.reset() }
            try count.bind([.text(userID), .integer(oldest)])
            return try count.step() ? Int(count.int64(at: 0)) : 0
        }
    }

    /// One page of the user's visible entries, newest first (see ``InboxStore/page(size:after:now:)``).
    public func page(size: Int, after cursor: InboxCursor?, now: Date) throws -> InboxPage {
        guard (1...InboxError.maximumPageSize).contains(size) else { throw InboxError.pageSizeOutOfRange(size) }
        let userID = userID
        let coding = coding
        let oldest = Self.oldestVisible(now: now, archiveAfterDays: archiveAfterDays)
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
                .integer(cursor?.sequence ?? Int64.max), .integer(Int64(size + 1)),
            ])
            return try select.inboxPage(size: size, coding: coding)
        }
    }

    /// Erases this user's notifications for good (the right to erasure), in one transaction: every inbox entry is
    /// deleted, every send's payload (which carries the texts' arguments) is blanked, and pending sends end
    /// `dropped` (`gdpr_erase`) unsent. Other users' data stays; token and engagement records, which hold no text,
    /// stay for the reports.
    ///
    /// - Parameter instant: When the erasure happens, the instant of each `dropped` decision.
    /// - Returns: A `dropped` decision (reason `gdpr_erase`) for each pending send it ended, in outbox order, so the
    ///   operator's log names every push the erasure cancelled.
    /// - Throws: ``PushStoreError`` when the store fails; nothing is erased then.
    @discardableResult
    public func eraseAll(at instant: Date) throws -> [DispatchDecision] {
        try erase(at: instant)
    }

    /// Erases this user's notifications for good, as ``eraseAll(at:)`` does (the inbox contract's call, which reports
    /// nothing; a server names each dropped send with ``eraseAll(at:)``).
    ///
    /// - Throws: ``PushStoreError`` when the store fails; nothing is erased then.
    public func eraseAll() throws {
        _ = try erase(at: nil)
    }

    /// The erasure, with a `dropped` decision per pending send it ends when `instant` is given.
    private func erase(at instant: Date?) throws -> [DispatchDecision] {
        let userID = userID
        return try database.withDatabase { database in
            let dropped = try database.transaction { () throws -> [DispatchDecision] in
                let delete = try database.cached("DELETE FROM server_inbox WHERE user_id = ?")
                try delete.bind(userID, at: 1)
                try delete.run()
                let pending = try database.cached(
                    """
                    SELECT send_id, message_id, installation_id, platform, attempts FROM push_send
                    WHERE user_id = ? AND state = 'pending' ORDER BY send_id
                    """)
                defer { pending.reset() }
                try pending.bind(userID, at: 1)
                var decisions: [DispatchDecision] = []
                while let instant, try pending.step() {
                    decisions.append(
                        DispatchDecision(
                            kind: .dropped, at: instant, sendID: pending.int64(at: 0), messageID: pending.text(at: 1),
                            installationID: pending.text(at: 2),
                            platform: PushPlatform(rawValue: pending.text(at: 3)) ?? .fcm,
                            attempt: Int(pending.int64(at: 4)), status: nil, reason: "gdpr_erase"))
                }
                let drop = try database.cached(
                    """
                    UPDATE push_send SET state = 'dropped', reason = 'gdpr_erase', due_ms = NULL
                    WHERE user_id = ? AND state = 'pending'
                    """)
                try drop.bind(userID, at: 1)
                try drop.run()
                let blank = try database.cached("UPDATE push_send SET payload = '' WHERE user_id = ?")
                try blank.bind(userID, at: 1)
                try blank.run()
                return decisions
            }
            try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            return dropped
        }
    }

    private func update(_ column: String, identifier: String, instant: Date) throws -> Int {
        let userID = userID
        return try database.transaction { database in
            let update = try database.cached(
                "UPDATE server_inbox SET \(column) = ? WHERE user_id = ? AND identifier = ?")
            try update.bind([.integer(instant.millisecondsSince1970), .text(userID), .text(identifier)])
            try update.run()
            return database.changes
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

    static func unreadCount(userID: String, oldest: Int64, in database: SQLiteDatabase) throws -> Int {
        let count = try database.cached(
            """
            SELECT count(*) FROM server_inbox INDEXED BY server_inbox_unread
            WHERE user_id = ? AND deleted_ms IS NULL AND read_ms IS NULL AND received_ms >= ?
            """)
        defer { count.reset() }
        try count.bind([.text(userID), .integer(oldest)])
        return try count.step() ? Int(count.int64(at: 0)) : 0
    }

    static func oldestVisible(now: Date, archiveAfterDays: Int) -> Int64 {
        now.millisecondsSince1970 - Int64(archiveAfterDays) * 86_400_000
    }
}
