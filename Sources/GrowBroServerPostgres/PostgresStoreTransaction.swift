internal import Foundation
internal import GrowBroServer
internal import WaveNotifications
internal import WavePostgres
internal import WavePushPayloads

/// The PostgreSQL store's primitives inside one of its transactions: each batch is one statement over arrays
/// (`unnest`), so a broadcast of thousands of messages costs a few round trips, not thousands. A read that precedes a
/// write of the same rows locks them (`FOR UPDATE`).
struct PostgresStoreTransaction: PushStoreTransaction {
    let connection: PostgresConnection

    func archiveDays(of userIDs: [String]) throws -> [String: Int] {
        let rows = try connection.query(
            "SELECT user_id, archive_days FROM server_user WHERE user_id = ANY($1::text[])", [Self.texts(userIDs)])
        var found: [String: Int] = [:]
        for row in 0..<rows.count { found[rows.text(row, 0)] = Int(rows.int64(row, 1)) }
        return found
    }

    func addUser(_ userID: String, archiveDays: Int, at instant: Date) throws {
        try PostgresPushServerStore.ensureUser(userID, archiveDays: archiveDays, at: instant, in: connection)
    }

    func switchedOffChannels(of userIDs: [String]) throws -> [String: Set<String>] {
        let rows = try connection.query(
            "SELECT user_id, channel_id FROM category_switch WHERE user_id = ANY($1::text[]) AND enabled = 0",
            [Self.texts(userIDs)])
        var found: [String: Set<String>] = [:]
        for row in 0..<rows.count { found[rows.text(row, 0), default: []].insert(rows.text(row, 1)) }
        return found
    }

    func installations(ids installationIDs: [String], locking: Bool) throws -> [String: Installation] {
        let found = PostgresPushServerStore.readInstallations(
            try connection.query(
                PostgresPushServerStore.installationColumns + " WHERE installation_id = ANY($1::text[])"
                    + (locking ? " FOR UPDATE" : ""), [Self.texts(installationIDs)]))
        return Dictionary(found.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    func installations(ofUsers userIDs: [String]) throws -> [String: [Installation]] {
        var found: [String: [Installation]] = [:]
        for installation in PostgresPushServerStore.readInstallations(
            try connection.query(
                PostgresPushServerStore.installationColumns
                    + " WHERE user_id = ANY($1::text[]) ORDER BY user_id, installation_id", [Self.texts(userIDs)]))
        {
            found[installation.userID, default: []].append(installation)
        }
        return found
    }

    func installations(
        holding token: String, platform: PushPlatform, except installationID: String
    ) throws -> [Installation] {
        PostgresPushServerStore.readInstallations(
            try connection.query(
                PostgresPushServerStore.installationColumns
                    + " WHERE platform = $1 AND token = $2 AND installation_id <> $3 ORDER BY installation_id FOR UPDATE",
                [.text(platform.rawValue), .text(token), .text(installationID)]))
    }

    func installations(refreshedBefore limit: Int64) throws -> [Installation] {
        PostgresPushServerStore.readInstallations(
            try connection.query(
                PostgresPushServerStore.installationColumns
                    + " WHERE refreshed_ms < $1 ORDER BY refreshed_ms, installation_id FOR UPDATE",
                [.integer(limit)]))
    }

    func insertInstallation(_ installation: Installation) throws {
        try connection.query(
            """
            INSERT INTO installation (installation_id, user_id, platform, token, environment, permission,
                registered_ms, refreshed_ms)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
            """,
            [
                .text(installation.id), .text(installation.userID), .text(installation.platform.rawValue),
                .text(installation.token), .optional(installation.environment?.rawValue),
                .text(installation.permission.rawValue), .integer(installation.registeredAt.millisecondsSince1970),
                .integer(installation.refreshedAt.millisecondsSince1970),
            ])
    }

    func updateInstallation(_ installation: Installation) throws {
        try connection.query(
            """
            UPDATE installation SET platform = $1, token = $2, environment = $3, permission = $4, refreshed_ms = $5
            WHERE installation_id = $6
            """,
            [
                .text(installation.platform.rawValue), .text(installation.token),
                .optional(installation.environment?.rawValue), .text(installation.permission.rawValue),
                .integer(installation.refreshedAt.millisecondsSince1970), .text(installation.id),
            ])
    }

    func deleteInstallations(_ installationIDs: [String]) throws {
        try connection.query(
            "DELETE FROM installation WHERE installation_id = ANY($1::text[])", [Self.texts(installationIDs)])
    }

    func logTokenChanges(_ changes: [TokenChange]) throws {
        // The log's sequence follows the rows in the order given (WITH ORDINALITY … ORDER BY).
        try connection.query(
            """
            INSERT INTO token_change (at_ms, kind, installation_id, user_id, token, reason)
            SELECT a, k, i, u, t, r
            FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])
                WITH ORDINALITY AS v(a, k, i, u, t, r, n)
            ORDER BY n
            """,
            [
                .array(changes.map { .integer($0.at.millisecondsSince1970) }),
                .array(changes.map { .text($0.kind.rawValue) }), .array(changes.map { .text($0.installationID) }),
                .array(changes.map { .text($0.userID) }), .array(changes.map { .text($0.token) }),
                .array(changes.map { .optional($0.reason) }),
            ])
    }

    func unreadCounts(_ windows: [(userID: String, oldest: Int64)]) throws -> [Int] {
        let rows = try connection.query(
            """
            SELECT (SELECT count(*) FROM server_inbox s
                WHERE s.user_id = k.user_id AND s.deleted_ms IS NULL AND s.received_ms >= k.oldest
                    AND s.read_ms IS NULL)
            FROM unnest($1::text[], $2::bigint[]) WITH ORDINALITY AS k(user_id, oldest, n)
            ORDER BY n
            """, [.array(windows.map { .text($0.userID) }), .array(windows.map { .integer($0.oldest) })])
        return (0..<rows.count).map { Int(rows.int64($0, 0)) }
    }

    /// A batch of at least this many messages is probed first and inserted plainly (``insertMessages(_:)``).
    static let probedBatch = 100

    func insertMessages(_ messages: [FanOutMessage]) throws -> Set<String> {
        // `ON CONFLICT DO NOTHING` inserts each row speculatively, about twice the cost of a plain insert (18 against
        // 9 ms for 1,000 rows, BENCHMARKS.md, issue 48 side by side). So a broadcast's batch reads which ids are
        // recorded (index probes, about 1 ms for 1,000) and inserts the others plainly, in a savepoint: only when
        // another writer records one of them in between (a unique violation) does it go again with `ON CONFLICT`.
        // A small batch (a reply, an API call) takes the one statement: a round trip costs it more than the rows.
        guard messages.count >= Self.probedBatch else { return try insertMessages(messages, skippingRecorded: true) }
        let recorded = try connection.query(
            "SELECT message_id FROM message WHERE message_id = ANY($1::text[])",
            [Self.texts(messages.map(\.messageID))])
        let known = Set((0..<recorded.count).map { recorded.text($0, 0) })
        let fresh = known.isEmpty ? messages : messages.filter { !known.contains($0.messageID) }
        guard !fresh.isEmpty else { return [] }
        do {
            return try connection.transaction { try insertMessages(fresh, skippingRecorded: false) }
        } catch let error as PostgresError where error.sqlState == "23505" {
            return try insertMessages(fresh, skippingRecorded: true)
        }
    }

    /// Inserts messages in one statement: with `skippingRecorded`, an id already recorded is passed over; without,
    /// it is a unique violation (`23505`).
    ///
    /// - Returns: The ids inserted.
    private func insertMessages(_ messages: [FanOutMessage], skippingRecorded: Bool) throws -> Set<String> {
        let rows = try connection.query(
            """
            INSERT INTO message (message_id, user_id, channel_id, created_ms)
            SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[])
            """ + (skippingRecorded ? " ON CONFLICT (message_id) DO NOTHING RETURNING message_id" : ""),
            [
                .array(messages.map { .text($0.messageID) }), .array(messages.map { .text($0.userID) }),
                .array(messages.map { .text($0.channelID) }),
                .array(messages.map { .integer($0.at.millisecondsSince1970) }),
            ])
        guard skippingRecorded else { return Set(messages.map(\.messageID)) }
        return Set((0..<rows.count).map { rows.text($0, 0) })
    }

    func deleteMessages(_ messageIDs: [String]) throws {
        try connection.query("DELETE FROM message WHERE message_id = ANY($1::text[])", [Self.texts(messageIDs)])
    }

    func insertInboxEntries(_ entries: [(userID: String, entry: InboxEntry)]) throws {
        try connection.query(
            """
            INSERT INTO server_inbox (user_id, identifier, received_ms, channel_id, title, body, deep_link, read_ms,
                deleted_ms)
            SELECT u, i, r, c, t, b, d, rd, dl
            FROM unnest($1::text[], $2::text[], $3::bigint[], $4::text[], $5::text[], $6::text[], $7::text[],
                $8::bigint[], $9::bigint[]) WITH ORDINALITY AS v(u, i, r, c, t, b, d, rd, dl, n)
            ORDER BY n
            """,
            [
                .array(entries.map { .text($0.userID) }), .array(entries.map { .text($0.entry.identifier) }),
                .array(entries.map { .integer($0.entry.receivedAt.millisecondsSince1970) }),
                .array(entries.map { .text($0.entry.channelID) }),
                .array(try entries.map { .text(try $0.entry.title.storedJSON()) }),
                .array(try entries.map { .text(try $0.entry.body.storedJSON()) }),
                .array(entries.map { .text($0.entry.deepLink) }),
                .array(entries.map { .optional($0.entry.readAt?.millisecondsSince1970) }),
                .array(entries.map { .optional($0.entry.deletedAt?.millisecondsSince1970) }),
            ])
    }

    func insertSends(_ sends: [NewSend]) throws -> [Int64] {
        // Send ids in the order given: the rows inserted in that order (WITH ORDINALITY … ORDER BY).
        let rows = try connection.query(
            """
            INSERT INTO push_send (message_id, installation_id, user_id, platform, channel_id, payload, collapse_id,
                created_ms, expires_ms, state, due_ms, priority, apns_id)
            SELECT m, i, u, p, c, j, k, t, e, 'pending', t, r, a
            FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
                $8::bigint[], $9::bigint[], $10::integer[], $11::text[])
                WITH ORDINALITY AS v(m, i, u, p, c, j, k, t, e, r, a, n)
            ORDER BY n
            RETURNING send_id, message_id, installation_id
            """,
            [
                .array(sends.map { .text($0.content.messageID) }),
                .array(sends.map { .text($0.content.installationID) }),
                .array(sends.map { .text($0.content.userID) }),
                .array(sends.map { .text($0.content.platform.rawValue) }),
                .array(sends.map { .text($0.content.channelID) }), .array(sends.map { .text($0.content.payload) }),
                .array(sends.map { .optional($0.content.collapseID) }),
                .array(sends.map { .integer($0.createdAt.millisecondsSince1970) }),
                .array(sends.map { .integer($0.content.expiresAt.millisecondsSince1970) }),
                .array(sends.map { .integer(Int64($0.content.priority.rawValue)) }),
                .array(sends.map { .optional($0.content.apnsID) }),
            ])
        // Senders listening hear of the sends when the transaction commits (never on a rollback).
        if !sends.isEmpty { try PostgresPushServerStore.notifyNewSends(in: connection) }
        var sendIDs: [String: Int64] = [:]
        for row in 0..<rows.count { sendIDs[rows.text(row, 1) + "\u{0}" + rows.text(row, 2)] = rows.int64(row, 0) }
        return sends.map { sendIDs[$0.content.messageID + "\u{0}" + $0.content.installationID] ?? 0 }
    }

    func finishSends(_ finishes: [SendFinish]) throws -> Set<Int64> {
        // The finishes and the events of those that ended in one statement (a round trip saved per batch, and the
        // events' message and installation ids read from the rows, not sent).
        let rows = try connection.query(
            """
            WITH ended AS (
                UPDATE push_send s SET state = o.state, attempts = o.attempts, status = o.status, reason = o.reason,
                    finished_ms = o.finished_ms, due_ms = NULL
                FROM unnest($1::bigint[], $2::text[], $3::integer[], $4::integer[], $5::text[], $6::bigint[],
                    $7::bigint[], $8::text[])
                    AS o(send_id, state, attempts, status, reason, finished_ms, fence, records)
                WHERE s.send_id = o.send_id AND s.state = 'pending' AND (o.fence IS NULL OR s.due_ms = o.fence)
                RETURNING s.send_id, s.message_id, s.installation_id, o.records, o.finished_ms),
            engaged AS (
                INSERT INTO engagement (message_id, installation_id, kind, at_ms)
                SELECT message_id, installation_id, records, finished_ms FROM ended WHERE records IS NOT NULL
                ON CONFLICT DO NOTHING)
            SELECT send_id FROM ended
            """,
            [
                .array(finishes.map { .integer($0.send.sendID) }),
                .array(finishes.map { .text($0.outcome.state.rawValue) }),
                .array(finishes.map { .integer(Int64($0.outcome.attempts)) }),
                .array(finishes.map { .optional($0.outcome.status.map { Int64($0) }) }),
                .array(finishes.map { .optional($0.outcome.reason) }),
                .array(finishes.map { .integer($0.outcome.at.millisecondsSince1970) }),
                .array(finishes.map { .optional($0.send.claimedUntil?.millisecondsSince1970) }),
                .array(finishes.map { .optional($0.records?.rawValue) }),
            ])
        return Set((0..<rows.count).map { rows.int64($0, 0) })
    }

    func rescheduleSend(
        _ send: PendingSend, attempts: Int, renewed: Bool, status: Int?, reason: String?, due: Date
    ) throws -> Bool {
        try connection.query(
            """
            UPDATE push_send SET attempts = $1, renewed = $2, status = $3, reason = $4, due_ms = $5
            WHERE send_id = $6 AND state = 'pending' AND ($7::bigint IS NULL OR due_ms = $7::bigint)
            """,
            [
                .integer(Int64(attempts)), .integer(renewed ? 1 : 0), .optional(status.map { Int64($0) }),
                .optional(reason), .integer(due.millisecondsSince1970), .integer(send.sendID),
                .optional(send.claimedUntil?.millisecondsSince1970),
            ]
        ).changes == 1
    }

    func releaseSend(_ send: PendingSend) throws -> Bool {
        try connection.query(
            """
            UPDATE push_send SET due_ms = $1, lease_owner = NULL
            WHERE send_id = $2 AND state = 'pending' AND ($3::bigint IS NULL OR due_ms = $3::bigint)
            """,
            [
                .integer(send.dueAt.millisecondsSince1970), .integer(send.sendID),
                .optional(send.claimedUntil?.millisecondsSince1970),
            ]
        ).changes == 1
    }

    func sendCounts(messageID: String, installationID: String) throws -> (message: Int, installation: Int) {
        let rows = try connection.query(
            "SELECT count(*), count(*) FILTER (WHERE installation_id = $2) FROM push_send WHERE message_id = $1",
            [.text(messageID), .text(installationID)])
        return (Int(rows.int64(0, 0)), Int(rows.int64(0, 1)))
    }

    func insertEngagements(_ events: [EngagementEvent]) throws -> Int {
        try connection.query(
            """
            INSERT INTO engagement (message_id, installation_id, kind, at_ms)
            SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[])
            ON CONFLICT DO NOTHING
            """,
            [
                .array(events.map { .text($0.messageID) }), .array(events.map { .text($0.installationID) }),
                .array(events.map { .text($0.kind.rawValue) }),
                .array(events.map { .integer($0.at.millisecondsSince1970) }),
            ]
        ).changes
    }

    private static func texts(_ values: [String]) -> PostgresValue {
        .array(values.map { .text($0) })
    }
}
