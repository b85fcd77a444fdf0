internal import GrowBroServer
internal import WaveSQLite

/// The server database's schema history (see ``SQLiteMigration``); a released step never changes.
///
/// Version 1: users (archive setting), category switches, installations (one token each, unique per platform),
/// the token change log, messages (one per id), the per-user inbox, the send outbox (every push recorded before
/// it is attempted) and engagement events (once per message, installation and kind).
///
/// Version 2: each send's `priority` (``SendPriority``'s raw value; the sends of a database written by version 1
/// are interactive, which claims them in the order they always were, earliest due first) and the claim's index on
/// its rank, `due_ms + priority * 300000`.
///
/// Version 3: each send's `apns_id`, a random UUID made at the fan-out (``GrowBroServerConfiguration/APNsIDs``);
/// `NULL` for the sends of an older database and of a replay, which carry the one derived from the send id, as
/// their earlier attempts did.
enum ServerSchema {
    static let migrations = [
        SQLiteMigration(
            version: 1,
            statements: [
                """
                CREATE TABLE server_user (
                    user_id TEXT PRIMARY KEY NOT NULL,
                    archive_days INTEGER NOT NULL,
                    created_ms INTEGER NOT NULL,
                    updated_ms INTEGER NOT NULL
                ) WITHOUT ROWID
                """,
                """
                CREATE TABLE category_switch (
                    user_id TEXT NOT NULL REFERENCES server_user (user_id) ON DELETE CASCADE,
                    channel_id TEXT NOT NULL,
                    enabled INTEGER NOT NULL,
                    updated_ms INTEGER NOT NULL,
                    PRIMARY KEY (user_id, channel_id)
                ) WITHOUT ROWID
                """,
                """
                CREATE TABLE installation (
                    installation_id TEXT PRIMARY KEY NOT NULL,
                    user_id TEXT NOT NULL REFERENCES server_user (user_id),
                    platform TEXT NOT NULL,
                    token TEXT NOT NULL,
                    environment TEXT,
                    permission TEXT NOT NULL,
                    registered_ms INTEGER NOT NULL,
                    refreshed_ms INTEGER NOT NULL
                ) WITHOUT ROWID
                """,
                "CREATE UNIQUE INDEX installation_token ON installation (platform, token)",
                "CREATE INDEX installation_user ON installation (user_id)",
                "CREATE INDEX installation_refreshed ON installation (refreshed_ms)",
                """
                CREATE TABLE token_change (
                    sequence INTEGER PRIMARY KEY,
                    at_ms INTEGER NOT NULL,
                    kind TEXT NOT NULL,
                    installation_id TEXT NOT NULL,
                    user_id TEXT NOT NULL,
                    token TEXT NOT NULL,
                    reason TEXT
                )
                """,
                """
                CREATE TABLE message (
                    message_id TEXT PRIMARY KEY NOT NULL,
                    user_id TEXT NOT NULL,
                    channel_id TEXT NOT NULL,
                    created_ms INTEGER NOT NULL
                ) WITHOUT ROWID
                """,
                """
                CREATE TABLE server_inbox (
                    sequence INTEGER PRIMARY KEY,
                    user_id TEXT NOT NULL,
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
                "CREATE INDEX server_inbox_visible ON server_inbox (user_id, deleted_ms, received_ms, sequence)",
                "CREATE INDEX server_inbox_unread ON server_inbox (user_id, deleted_ms, read_ms, received_ms)",
                "CREATE INDEX server_inbox_identifier ON server_inbox (user_id, identifier)",
                """
                CREATE TABLE push_send (
                    send_id INTEGER PRIMARY KEY,
                    message_id TEXT NOT NULL,
                    installation_id TEXT NOT NULL,
                    user_id TEXT NOT NULL,
                    platform TEXT NOT NULL,
                    channel_id TEXT NOT NULL,
                    payload TEXT NOT NULL,
                    collapse_id TEXT,
                    created_ms INTEGER NOT NULL,
                    expires_ms INTEGER NOT NULL,
                    state TEXT NOT NULL,
                    attempts INTEGER NOT NULL DEFAULT 0,
                    renewed INTEGER NOT NULL DEFAULT 0,
                    due_ms INTEGER,
                    finished_ms INTEGER,
                    status INTEGER,
                    reason TEXT
                )
                """,
                "CREATE INDEX push_send_due ON push_send (due_ms, send_id) WHERE state = 'pending'",
                "CREATE INDEX push_send_channel ON push_send (channel_id, created_ms)",
                "CREATE INDEX push_send_message ON push_send (message_id, installation_id)",
                """
                CREATE TABLE engagement (
                    message_id TEXT NOT NULL,
                    installation_id TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    at_ms INTEGER NOT NULL,
                    PRIMARY KEY (message_id, installation_id, kind)
                ) WITHOUT ROWID
                """,
            ]),
        SQLiteMigration(
            version: 2,
            statements: [
                "ALTER TABLE push_send ADD COLUMN priority INTEGER NOT NULL DEFAULT 0",
                "CREATE INDEX push_send_rank ON push_send (due_ms + priority * 300000, send_id) WHERE state = 'pending'",
            ]),
        SQLiteMigration(version: 3, statements: ["ALTER TABLE push_send ADD COLUMN apns_id TEXT"]),
    ]
}
