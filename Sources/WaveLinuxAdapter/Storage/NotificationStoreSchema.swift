/// The notification database's schema history, applied by ``SQLiteDatabase/migrate(_:)``.
///
/// Version 1 kept the pending requests and the delivery history. Version 2 added the inbox, and to the history
/// the collapse id and the responded instant (what follow-ups and collapsing need). Instants are integers,
/// milliseconds since 1970 UTC; requests are their `Codable` JSON.
package enum NotificationStoreSchema {
    /// Every step, in order.
    package static let migrations: [SQLiteMigration] = [version1, version2]

    /// Version 1: pending requests and delivery history.
    package static let version1 = SQLiteMigration(
        version: 1,
        statements: [
            """
            CREATE TABLE pending_request (
                identifier TEXT PRIMARY KEY NOT NULL,
                thread_id TEXT NOT NULL,
                fire_ms INTEGER NOT NULL,
                sequence INTEGER NOT NULL,
                request BLOB NOT NULL
            )
            """,
            "CREATE INDEX pending_request_by_fire ON pending_request (fire_ms, sequence)",
            "CREATE INDEX pending_request_by_thread ON pending_request (thread_id)",
            """
            CREATE TABLE delivery (
                id INTEGER PRIMARY KEY,
                identifier TEXT NOT NULL,
                thread_id TEXT NOT NULL,
                channel_id TEXT NOT NULL,
                fire_ms INTEGER NOT NULL,
                shown_ms INTEGER NOT NULL,
                late INTEGER NOT NULL CHECK (late IN (0, 1)),
                withdrawn_ms INTEGER,
                withdrawn_reason TEXT
            )
            """,
            "CREATE INDEX delivery_by_identifier ON delivery (identifier, shown_ms)",
            "CREATE INDEX delivery_by_shown ON delivery (shown_ms)",
        ])

    /// Version 2: the inbox; the collapse id and the responded instant in the history.
    package static let version2 = SQLiteMigration(
        version: 2,
        statements: [
            "ALTER TABLE delivery ADD COLUMN collapse_id TEXT",
            "ALTER TABLE delivery ADD COLUMN responded_ms INTEGER",
            "CREATE INDEX delivery_by_collapse ON delivery (collapse_id) WHERE collapse_id IS NOT NULL",
            """
            CREATE TABLE inbox_entry (
                sequence INTEGER PRIMARY KEY AUTOINCREMENT,
                identifier TEXT NOT NULL,
                received_ms INTEGER NOT NULL,
                channel_id TEXT NOT NULL,
                title TEXT NOT NULL,
                body TEXT NOT NULL,
                deep_link TEXT NOT NULL,
                read_ms INTEGER,
                deleted_ms INTEGER
            )
            """,
            "CREATE INDEX inbox_entry_by_identifier ON inbox_entry (identifier)",
            // Pages walk this index backwards from the cursor; the total is a range count over it.
            "CREATE INDEX inbox_entry_visible ON inbox_entry (deleted_ms, received_ms, sequence)",
            // The unread count is a range count over this one, without reading the table.
            "CREATE INDEX inbox_entry_unread ON inbox_entry (deleted_ms, read_ms, received_ms)",
        ])
}
