package import WaveSQLite

/// The notification database's schema history, applied by ``SQLiteDatabase/migrate(_:)``.
///
/// Version 1 kept the pending requests and the delivery history. Version 2 added the inbox, and to the history
/// the collapse id and the responded instant (what follow-ups and collapsing need). Version 3 added what
/// ``LinuxNotificationManager`` needs to restart exactly: each pending request's own fire instant and the shown
/// notifications still to be withdrawn at their expiry. Version 4 keeps the inbox's unread entries counted per
/// UTC day (`received_ms / 86400000`) by triggers, so the unread count reads about 30 counters and one day's
/// entries instead of every unread entry. Instants are integers, milliseconds since 1970 UTC, except
/// the manager's exact instants (`*_date`), which are `REAL` seconds since 2001 (`Date`'s own value, so they round
/// trip bit for bit); requests are their `Codable` JSON.
package enum NotificationStoreSchema {
    /// Every step, in order.
    package static let migrations: [SQLiteMigration] = [version1, version2, version3, version4]

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

    /// Version 3: the manager's exact fire instant of a pending request, and its shown notifications that expire.
    package static let version3 = SQLiteMigration(
        version: 3,
        statements: [
            // NULL for a request stored through the public upsert: it fires at its own fireAt.
            "ALTER TABLE pending_request ADD COLUMN fire_date REAL",
            """
            CREATE TABLE shown_request (
                identifier TEXT PRIMARY KEY NOT NULL,
                shown_date REAL NOT NULL,
                expires_date REAL,
                request BLOB NOT NULL
            )
            """,
        ])

    /// Version 4: unread inbox entries (not read, not deleted) counted per UTC day of `received_ms`, kept by
    /// triggers on every insert, update and delete of an entry, and filled from the entries already there.
    package static let version4 = SQLiteMigration(
        version: 4,
        statements: [
            "CREATE TABLE inbox_unread_day (day INTEGER PRIMARY KEY NOT NULL, unread INTEGER NOT NULL)",
            """
            INSERT INTO inbox_unread_day (day, unread)
            SELECT received_ms / 86400000, count(*) FROM inbox_entry
            WHERE read_ms IS NULL AND deleted_ms IS NULL GROUP BY received_ms / 86400000
            """,
            """
            CREATE TRIGGER inbox_unread_insert AFTER INSERT ON inbox_entry
            WHEN NEW.read_ms IS NULL AND NEW.deleted_ms IS NULL
            BEGIN
                INSERT INTO inbox_unread_day (day, unread) VALUES (NEW.received_ms / 86400000, 1)
                ON CONFLICT (day) DO UPDATE SET unread = unread + 1;
            END
            """,
            """
            CREATE TRIGGER inbox_unread_update AFTER UPDATE OF read_ms, deleted_ms, received_ms ON inbox_entry
            BEGIN
                UPDATE inbox_unread_day SET unread = unread - 1
                WHERE day = OLD.received_ms / 86400000 AND OLD.read_ms IS NULL AND OLD.deleted_ms IS NULL;
                INSERT INTO inbox_unread_day (day, unread)
                SELECT NEW.received_ms / 86400000, 1 WHERE NEW.read_ms IS NULL AND NEW.deleted_ms IS NULL
                ON CONFLICT (day) DO UPDATE SET unread = unread + 1;
            END
            """,
            """
            CREATE TRIGGER inbox_unread_delete AFTER DELETE ON inbox_entry
            WHEN OLD.read_ms IS NULL AND OLD.deleted_ms IS NULL
            BEGIN
                UPDATE inbox_unread_day SET unread = unread - 1 WHERE day = OLD.received_ms / 86400000;
            END
            """,
        ])
}
