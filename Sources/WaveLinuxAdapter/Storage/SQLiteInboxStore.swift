public import Foundation
public import WaveNotifications
internal import WaveSQLite

/// The inbox kept in SQLite: the ``InboxStore`` contract, durable, with index-backed pages and counts.
///
/// Usually reached as ``NotificationStore/inbox``, sharing the notification database and its connection.
/// Pages walk the `(received_ms, sequence)` index backwards from the cursor (keyset pagination), so a page costs
/// the same at the start and deep in a large inbox; the counts are range counts over covering indexes.
public final class SQLiteInboxStore: InboxStore {
    public let archiveAfterDays: Int
    /// Entries received more than this many days before `now` are removed by ``purgeArchived(now:)``: at least
    /// ``archiveAfterDays``.
    public let purgeAfterDays: Int
    private let database: SerializedDatabase
    private let titleEncoder = LocalizedTextCoding()

    /// A store over a connection whose schema is already migrated.
    ///
    /// - Parameters:
    ///   - database: The shared connection.
    ///   - archiveAfterDays: Entries older than this many days are archived.
    ///   - purgeAfterDays: Entries older than this many days are removed by ``purgeArchived(now:)``, raised to
    ///     `archiveAfterDays` when less; `nil` for `archiveAfterDays` + ``InboxStore/purgeMarginDays``.
    init(database: SerializedDatabase, archiveAfterDays: Int, purgeAfterDays: Int? = nil) {
        precondition(archiveAfterDays >= 0, "archiveAfterDays must not be negative")
        let purgeAfterDays = max(archiveAfterDays, purgeAfterDays ?? archiveAfterDays + Self.purgeMarginDays)
        self.database = database
        self.archiveAfterDays = archiveAfterDays
        self.purgeAfterDays = purgeAfterDays
    }

    /// A store in a private in-memory database: the SQLite code paths without a file (tests, previews).
    ///
    /// - Parameters:
    ///   - archiveAfterDays: Entries older than this many days are archived; 30 by default.
    ///   - purgeAfterDays: Entries older than this many days are removed by ``purgeArchived(now:)``, raised to
    ///     `archiveAfterDays` when less; `nil` for `archiveAfterDays` + ``InboxStore/purgeMarginDays``.
    /// - Returns: The store.
    /// - Throws: ``SQLiteError`` when SQLite cannot set it up.
    public static func inMemory(archiveAfterDays: Int = 30, purgeAfterDays: Int? = nil) throws -> SQLiteInboxStore {
        let connection = try SQLiteDatabase.inMemory()
        try connection.migrate(NotificationStoreSchema.migrations)
        return SQLiteInboxStore(
            database: SerializedDatabase(connection), archiveAfterDays: archiveAfterDays,
            purgeAfterDays: purgeAfterDays)
    }

    public func add(_ entries: [InboxEntry]) throws {
        let coding = titleEncoder
        try database.transaction { database in
            let insert = try database.cached(
                """
                INSERT INTO inbox_entry (identifier, received_ms, channel_id, title, body, deep_link, read_ms,
                    deleted_ms)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """)
            for entry in entries {
                insert.reset()
                try insert.bind([
                    .text(entry.identifier), .integer(entry.receivedAt.millisecondsSince1970),
                    .text(entry.channelID), .text(try coding.encode(entry.title)), .text(try coding.encode(entry.body)),
                    .text(entry.deepLink), .optional(entry.readAt?.millisecondsSince1970),
                    .optional(entry.deletedAt?.millisecondsSince1970),
                ])
                try insert.run()
            }
        }
    }

    @discardableResult
    public func markRead(identifier: String, at instant: Date) throws -> Int {
        try update("read_ms", identifier: identifier, instant: instant)
    }

    @discardableResult
    public func delete(identifier: String, at instant: Date) throws -> Int {
        try update("deleted_ms", identifier: identifier, instant: instant)
    }

    public func unreadCount(now: Date) throws -> Int {
        // Whole days after the oldest visible instant's day come from the per-day counters (schema v4); that
        // day itself is counted from its entries, from the oldest visible instant on.
        let oldest = oldestVisible(now: now)
        let day = oldest / Self.dayMilliseconds
        let dayEnd =
            oldest >= 0
            ? (day + 1) * Self.dayMilliseconds : (day == 0 ? Self.dayMilliseconds : day * Self.dayMilliseconds + 1)
        return try database.withDatabase { database in
            let count = try database.cached(Self.unreadSQL)
            // Finished at once: a statement left mid-read would keep the counters' table locked for the
            // triggers of the next write on this connection.
            defer { count.reset() }
            try count.bind([.integer(day), .integer(oldest), .integer(dayEnd), .integer(day)])
            return try count.step() ? Int(count.int64(at: 0)) : 0
        }
    }

    /// A UTC day in milliseconds: the unit of the unread counters (`received_ms / 86400000`, truncated as SQLite
    /// and Swift both divide integers).
    private static let dayMilliseconds: Int64 = 86_400_000

    public func totalCount(now: Date) throws -> Int {
        try count(Self.totalSQL, now: now)
    }

    public func page(size: Int, after cursor: InboxCursor?, now: Date) throws -> InboxPage {
        guard (1...InboxError.maximumPageSize).contains(size) else { throw InboxError.pageSizeOutOfRange(size) }
        let oldest = oldestVisible(now: now)
        let coding = titleEncoder
        return try database.withDatabase { database in
            let select = try database.cached(Self.pageSQL)
            defer { select.reset() }
            try select.bind([
                .integer(oldest), .integer(cursor?.receivedAtMilliseconds ?? Int64.max),
                .integer(cursor?.sequence ?? Int64.max), .integer(Int64(InboxPage.rowsToRead(forPageSize: size))),
            ])
            return InboxPage(rows: try select.inboxRows(coding: coding), size: size)
        }
    }

    @discardableResult
    public func purgeArchived(now: Date) throws -> Int {
        let oldest = now.millisecondsSince1970 - Int64(purgeAfterDays) * Self.dayMilliseconds
        return try database.transaction { database in
            var removed = 0
            // Two ranges of `inbox_entry_visible` (not deleted; deleted, which purges keep few), not a table scan.
            for sql in Self.purgeSQL {
                let delete = try database.cached(sql)
                try delete.bind(oldest, at: 1)
                try delete.run()
                removed += database.changes
            }
            // Days wholly before the oldest kept instant have no entries left: their counters (all 0) go too.
            // Only from 1970 on, where `received_ms / 86400000` is the floor.
            if removed > 0, oldest > 0 {
                let days = try database.cached("DELETE FROM inbox_unread_day WHERE day < ?")
                try days.bind(oldest / Self.dayMilliseconds, at: 1)
                try days.run()
            }
            return removed
        }
    }

    public func eraseAll() throws {
        try database.withDatabase { database in
            try database.transaction { try database.execute("DELETE FROM inbox_entry") }
            // Move the erased pages out of the write-ahead log into the (zeroed, with secure_delete) file.
            try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
    }

    /// The plan SQLite chooses for the page and the unread count (for checking the indexes are used).
    ///
    /// - Returns: `EXPLAIN QUERY PLAN` details, one line per step: the page, the unread count, the total.
    /// - Throws: ``SQLiteError``.
    package func queryPlans() throws -> [String] {
        try database.withDatabase { database in
            var lines: [String] = []
            for query in [Self.pageSQL, Self.unreadSQL, Self.totalSQL] {
                let plan = try database.prepare("EXPLAIN QUERY PLAN " + query)
                while try plan.step() {
                    lines.append(plan.text(at: 3))
                }
            }
            return lines
        }
    }

    /// The plans SQLite chooses for the purge's two deletes (for checking they are index ranges, not table scans).
    ///
    /// - Returns: `EXPLAIN QUERY PLAN` details, one line per step.
    /// - Throws: ``SQLiteError``.
    package func purgeQueryPlans() throws -> [String] {
        try database.withDatabase { database in
            var lines: [String] = []
            for query in Self.purgeSQL {
                let plan = try database.prepare("EXPLAIN QUERY PLAN " + query)
                while try plan.step() {
                    lines.append(plan.text(at: 3))
                }
            }
            return lines
        }
    }

    private static let pageSQL = """
        SELECT sequence, identifier, received_ms, channel_id, title, body, deep_link, read_ms
        FROM inbox_entry INDEXED BY inbox_entry_visible
        WHERE deleted_ms IS NULL AND received_ms >= ?1 AND (received_ms, sequence) < (?2, ?3)
        ORDER BY received_ms DESC, sequence DESC
        LIMIT ?4
        """

    private static let unreadSQL = """
        SELECT (SELECT coalesce(sum(unread), 0) FROM inbox_unread_day WHERE day > ?1)
            + (SELECT count(*) FROM inbox_entry INDEXED BY inbox_entry_unread
               WHERE deleted_ms IS NULL AND read_ms IS NULL AND received_ms >= ?2 AND received_ms < ?3
                   AND received_ms / 86400000 = ?4)
        """

    /// The purge: entries not deleted, then deleted ones, received before `?1`.
    private static let purgeSQL = [
        "DELETE FROM inbox_entry INDEXED BY inbox_entry_visible WHERE deleted_ms IS NULL AND received_ms < ?1",
        "DELETE FROM inbox_entry INDEXED BY inbox_entry_visible WHERE deleted_ms IS NOT NULL AND received_ms < ?1",
    ]

    private static let totalSQL = """
        SELECT count(*) FROM inbox_entry INDEXED BY inbox_entry_visible
        WHERE deleted_ms IS NULL AND received_ms >= ?
        """

    private func update(_ column: String, identifier: String, instant: Date) throws -> Int {
        try database.transaction { database in
            let update = try database.cached(
                "UPDATE inbox_entry SET \(column) = ? WHERE identifier = ? AND deleted_ms IS NULL")
            try update.bind([.integer(instant.millisecondsSince1970), .text(identifier)])
            try update.run()
            return database.changes
        }
    }

    private func count(_ sql: String, now: Date) throws -> Int {
        let oldest = oldestVisible(now: now)
        return try database.withDatabase { database in
            let count = try database.cached(sql)
            defer { count.reset() }
            try count.bind(oldest, at: 1)
            return try count.step() ? Int(count.int64(at: 0)) : 0
        }
    }

    private func oldestVisible(now: Date) -> Int64 {
        InboxArchive.oldestVisible(now: now, archiveAfterDays: archiveAfterDays)
    }
}
