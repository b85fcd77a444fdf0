internal import GrowBroServer
internal import WavePostgres

/// The server's PostgreSQL schema history, recorded in `schema_version`; a released step never changes.
///
/// Version 1: the SQLite schema's tables (``ServerSchema`` version 1) in PostgreSQL's types, with the send's
/// `lease_owner` (the sender that last claimed it, for an operator reading the outbox).
///
/// Version 2: each send's `priority` (``SendPriority``'s raw value; the sends of a database written by version 1
/// are interactive, claimed in the order they always were, earliest due first) and the claim's index on its rank,
/// `due_ms + priority * 300000`.
///
/// Version 3: each send's `apns_id` (``ServerSchema`` version 3).
enum PostgresServerSchema {
    /// The advisory lock every process takes to migrate, so senders starting together migrate once.
    static let lockKey: Int64 = 0x5741_5645_5055_5348  // "WAVEPUSH"

    static let migrations = [
        PostgresMigration(
            version: 1,
            statements: [
                """
                CREATE TABLE server_user (
                    user_id text PRIMARY KEY,
                    archive_days integer NOT NULL,
                    created_ms bigint NOT NULL,
                    updated_ms bigint NOT NULL)
                """,
                """
                CREATE TABLE category_switch (
                    user_id text NOT NULL REFERENCES server_user (user_id) ON DELETE CASCADE,
                    channel_id text NOT NULL,
                    enabled integer NOT NULL,
                    updated_ms bigint NOT NULL,
                    PRIMARY KEY (user_id, channel_id))
                """,
                """
                CREATE TABLE installation (
                    installation_id text PRIMARY KEY,
                    user_id text NOT NULL REFERENCES server_user (user_id),
                    platform text NOT NULL,
                    token text NOT NULL,
                    environment text,
                    permission text NOT NULL,
                    registered_ms bigint NOT NULL,
                    refreshed_ms bigint NOT NULL)
                """,
                "CREATE UNIQUE INDEX installation_token ON installation (platform, token)",
                "CREATE INDEX installation_user ON installation (user_id)",
                "CREATE INDEX installation_refreshed ON installation (refreshed_ms)",
                """
                CREATE TABLE token_change (
                    sequence bigserial PRIMARY KEY,
                    at_ms bigint NOT NULL,
                    kind text NOT NULL,
                    installation_id text NOT NULL,
                    user_id text NOT NULL,
                    token text NOT NULL,
                    reason text)
                """,
                """
                CREATE TABLE message (
                    message_id text PRIMARY KEY,
                    user_id text NOT NULL,
                    channel_id text NOT NULL,
                    created_ms bigint NOT NULL)
                """,
                """
                CREATE TABLE server_inbox (
                    sequence bigserial PRIMARY KEY,
                    user_id text NOT NULL,
                    identifier text NOT NULL,
                    received_ms bigint NOT NULL,
                    channel_id text NOT NULL,
                    title text NOT NULL,
                    body text NOT NULL,
                    deep_link text NOT NULL,
                    read_ms bigint,
                    deleted_ms bigint)
                """,
                "CREATE INDEX server_inbox_visible ON server_inbox (user_id, received_ms, sequence) WHERE deleted_ms IS NULL",
                "CREATE INDEX server_inbox_identifier ON server_inbox (user_id, identifier)",
                """
                CREATE TABLE push_send (
                    send_id bigserial PRIMARY KEY,
                    message_id text NOT NULL,
                    installation_id text NOT NULL,
                    user_id text NOT NULL,
                    platform text NOT NULL,
                    channel_id text NOT NULL,
                    payload text NOT NULL,
                    collapse_id text,
                    created_ms bigint NOT NULL,
                    expires_ms bigint NOT NULL,
                    state text NOT NULL,
                    attempts integer NOT NULL DEFAULT 0,
                    renewed integer NOT NULL DEFAULT 0,
                    due_ms bigint,
                    finished_ms bigint,
                    status integer,
                    reason text,
                    lease_owner text)
                """,
                "CREATE INDEX push_send_due ON push_send (due_ms, send_id) WHERE state = 'pending'",
                "CREATE INDEX push_send_channel ON push_send (channel_id, created_ms)",
                "CREATE INDEX push_send_message ON push_send (message_id, installation_id)",
                "CREATE INDEX push_send_user ON push_send (user_id)",
                """
                CREATE TABLE engagement (
                    message_id text NOT NULL,
                    installation_id text NOT NULL,
                    kind text NOT NULL,
                    at_ms bigint NOT NULL,
                    PRIMARY KEY (message_id, installation_id, kind))
                """,
            ]),
        PostgresMigration(
            version: 2,
            statements: [
                "ALTER TABLE push_send ADD COLUMN priority integer NOT NULL DEFAULT 0",
                "CREATE INDEX push_send_rank ON push_send ((due_ms + priority * 300000), send_id) WHERE state = 'pending'",
            ]),
        PostgresMigration(version: 3, statements: ["ALTER TABLE push_send ADD COLUMN apns_id text"]),
    ]
}
