internal import Foundation
internal import GrowBroServer
internal import WaveNotifications
internal import WavePostgres
internal import WavePushPayloads

extension PostgresPushServerStore {
    func sends(of messageID: String?) throws -> [SendRecord] {
        try database.withConnection { connection in
            if let messageID {
                return try Self.sendRecords(where: "message_id = $1", [.text(messageID)], in: connection)
            }
            return try Self.sendRecords(where: "true", [], in: connection)
        }
    }

    func pendingSendCount() throws -> Int {
        try database.withConnection { connection in
            Int(try connection.query("SELECT count(*) FROM push_send WHERE state = 'pending'").int64(0, 0))
        }
    }

    func nextDueInstant() throws -> Date? {
        try database.withConnection { connection in
            try connection.query("SELECT min(due_ms) FROM push_send WHERE state = 'pending'").optionalInt64(0, 0)
                .map(Date.init(millisecondsSince1970:))
        }
    }

    /// The sends matching a condition, by send id.
    static func sendRecords(
        where condition: String, _ values: [PostgresValue], in connection: PostgresConnection
    ) throws -> [SendRecord] {
        let rows = try connection.query(
            """
            SELECT send_id, message_id, installation_id, user_id, platform, channel_id, payload, state, attempts,
                due_ms, finished_ms, status, reason
            FROM push_send WHERE \(condition) ORDER BY send_id
            """, values)
        return (0..<rows.count).map { row in
            SendRecord(
                sendID: rows.int64(row, 0), messageID: rows.text(row, 1), installationID: rows.text(row, 2),
                userID: rows.text(row, 3), platform: PushPlatform(rawValue: rows.text(row, 4)) ?? .fcm,
                channelID: rows.text(row, 5), payload: rows.text(row, 6),
                state: SendRecord.State(rawValue: rows.text(row, 7)) ?? .pending, attempts: Int(rows.int64(row, 8)),
                dueAt: rows.optionalInt64(row, 9).map(Date.init(millisecondsSince1970:)),
                finishedAt: rows.optionalInt64(row, 10).map(Date.init(millisecondsSince1970:)),
                status: rows.optionalInt64(row, 11).map { Int($0) }, reason: rows.optionalText(row, 12))
        }
    }

    static let pendingColumns = """
        send_id, message_id, installation_id, user_id, channel_id, payload, collapse_id, expires_ms, attempts,
            renewed, due_ms, platform, priority, apns_id
        """

    static func readPending(_ rows: PostgresRows) -> [PendingSend] {
        (0..<rows.count).map { row in
            PendingSend(
                sendID: rows.int64(row, 0), messageID: rows.text(row, 1), installationID: rows.text(row, 2),
                userID: rows.text(row, 3), platform: PushPlatform(rawValue: rows.text(row, 11)) ?? .fcm,
                channelID: rows.text(row, 4), payload: rows.text(row, 5), collapseID: rows.optionalText(row, 6),
                expiresAt: Date(millisecondsSince1970: rows.int64(row, 7)), attempts: Int(rows.int64(row, 8)),
                renewed: rows.int64(row, 9) != 0, dueAt: Date(millisecondsSince1970: rows.int64(row, 10)),
                priority: SendPriority(rawValue: Int(rows.int64(row, 12))) ?? .interactive,
                apnsID: rows.optionalText(row, 13))
        }
    }

    /// Up to `limit` pending sends due at `now`, by rank (``SendPriority``) then send id; the claim index is read up
    /// to the latest rank a due send can have.
    func dueSends(now: Date, limit: Int) throws -> [PendingSend] {
        try database.withConnection { connection in
            Self.readPending(
                try connection.query(
                    """
                    SELECT \(Self.pendingColumns) FROM push_send
                    WHERE state = 'pending' AND \(SendPriority.rankSQL) <= $3 AND due_ms <= $1
                    ORDER BY \(SendPriority.rankSQL), send_id LIMIT $2
                    """,
                    [
                        .integer(now.millisecondsSince1970), .integer(Int64(limit)),
                        .integer(now.millisecondsSince1970 + SendPriority.largestLagMilliseconds),
                    ]))
        }
    }

    func claimDue(now: Date, limit: Int, lease: Duration, owner: String) throws -> [PendingSend] {
        let until = now.addingTimeInterval(lease.timeInterval).millisecondsSince1970
        return try database.transaction { connection in
            // SKIP LOCKED: a send another sender is claiming right now is passed over, not waited for; the lease
            // moves its due instant past `now`, so after this commits no other claim sees it until the lease ends.
            let claimed = Self.readPending(
                try connection.query(
                    """
                    WITH due AS (
                        SELECT send_id, due_ms AS was_due FROM push_send
                        WHERE state = 'pending' AND \(SendPriority.rankSQL) <= $5 AND due_ms <= $1
                        ORDER BY \(SendPriority.rankSQL), send_id LIMIT $2
                        FOR UPDATE SKIP LOCKED)
                    UPDATE push_send s SET due_ms = $3, lease_owner = $4 FROM due WHERE s.send_id = due.send_id
                    RETURNING s.send_id, s.message_id, s.installation_id, s.user_id, s.channel_id, s.payload,
                        s.collapse_id, s.expires_ms, s.attempts, s.renewed, due.was_due, s.platform, s.priority,
                        s.apns_id
                    """,
                    [
                        .integer(now.millisecondsSince1970), .integer(Int64(limit)), .integer(until), .text(owner),
                        .integer(now.millisecondsSince1970 + SendPriority.largestLagMilliseconds),
                    ]))
            let fence = Date(millisecondsSince1970: until)
            return claimed.map { send in
                var send = send
                send.claimedUntil = fence
                return send
            }.sorted { ($0.priority.rank(due: $0.dueAt), $0.sendID) < ($1.priority.rank(due: $1.dueAt), $1.sendID) }
        }
    }

    func finish(_ send: PendingSend, _ outcome: SendOutcome) throws {
        _ = try database.transaction { connection in try Self.finish(send, outcome, in: connection) }
    }

    /// Ends a pending send with its outcome, in the caller's transaction; an accepted one also records the
    /// `accepted` engagement event.
    ///
    /// - Returns: Whether it took effect: `false` when the send had already ended, or its claim's lease had ended
    ///   and another sender claimed it (``PendingSend/claimedUntil``).
    @discardableResult
    static func finish(_ send: PendingSend, _ outcome: SendOutcome, in connection: PostgresConnection) throws -> Bool {
        let updated = try connection.query(
            """
            UPDATE push_send SET state = $1, attempts = $2, status = $3, reason = $4, finished_ms = $5, due_ms = NULL
            WHERE send_id = $6 AND state = 'pending' AND ($7::bigint IS NULL OR due_ms = $7::bigint)
            """,
            [
                .text(outcome.state.rawValue), .integer(Int64(outcome.attempts)),
                .optional(outcome.status.map { Int64($0) }), .optional(outcome.reason),
                .integer(outcome.at.millisecondsSince1970), .integer(send.sendID),
                .optional(send.claimedUntil?.millisecondsSince1970),
            ])
        guard updated.changes == 1 else { return false }
        if outcome.state == .accepted {
            try record(
                .accepted, messageID: send.messageID, installationID: send.installationID, at: outcome.at,
                in: connection)
        }
        return true
    }

    func reschedule(
        _ send: PendingSend, attempts: Int, renewed: Bool, status: Int?, reason: String?, due: Date
    ) throws -> Bool {
        try database.transaction { connection in
            try Self.reschedule(
                send, attempts: attempts, renewed: renewed, status: status, reason: reason, due: due, in: connection)
        }
    }

    /// Records a failed attempt in the caller's transaction.
    ///
    /// - Returns: Whether it took effect (see ``finish(_:_:in:)``).
    @discardableResult
    static func reschedule(
        _ send: PendingSend, attempts: Int, renewed: Bool, status: Int?, reason: String?, due: Date,
        in connection: PostgresConnection
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

    /// Gives a claimed send back, due at its instant before the claim, in the caller's transaction.
    ///
    /// - Returns: Whether it took effect (see ``finish(_:_:in:)``).
    static func release(_ send: PendingSend, in connection: PostgresConnection) throws -> Bool {
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

    func purge(
        _ send: PendingSend, _ outcome: SendOutcome, decide: (Installation?) -> TokenChange?
    ) throws -> TokenChange? {
        try database.transaction { connection in try Self.purge(send, outcome, decide: decide, in: connection).change }
    }

    /// Ends a send `purged` and records the installation's change, in the caller's transaction. A purge that does
    /// not take effect (see ``finish(_:_:in:)``) leaves the installation alone: the sender that holds the send now
    /// decides.
    ///
    /// - Returns: Whether it took effect, and the change logged.
    static func purge(
        _ send: PendingSend, _ outcome: SendOutcome, decide: (Installation?) -> TokenChange?,
        in connection: PostgresConnection
    ) throws -> (applied: Bool, change: TokenChange?) {
        guard try finish(send, outcome, in: connection) else { return (false, nil) }
        guard let change = decide(try installation(send.installationID, in: connection, locking: true)) else {
            return (true, nil)
        }
        try deleteInstallation(change.installationID, in: connection)
        try log(change, in: connection)
        return (true, change)
    }

    func recordOutcomes(
        _ commits: [SendCommit], decide: (_ token: String, _ reason: String, _ at: Date, Installation?) -> TokenChange?
    ) throws -> RecordedOutcomes {
        // The finishes, nearly all of a batch, go in one statement; that is only the same as one at a time when no
        // send has two commits in the batch (then the first would win), so such a batch goes one at a time.
        var sendIDs = Set<Int64>()
        let setBased = commits.allSatisfy { sendIDs.insert($0.send.sendID).inserted }
        return try database.transaction { connection in
            var recorded = RecordedOutcomes()
            var finishes: [(PendingSend, SendOutcome)] = []
            for commit in commits {
                let applied: Bool
                switch commit {
                case .finish(let send, let outcome):
                    if setBased {
                        finishes.append((send, outcome))
                        continue
                    }
                    applied = try Self.finish(send, outcome, in: connection)
                case .reschedule(let send, let attempts, let renewed, let status, let reason, let due):
                    applied = try Self.reschedule(
                        send, attempts: attempts, renewed: renewed, status: status, reason: reason, due: due,
                        in: connection)
                case .release(let send):
                    applied = try Self.release(send, in: connection)
                case .purge(let send, let outcome, let token):
                    let decision: (Installation?) -> TokenChange? = {
                        decide(token, outcome.reason ?? "", outcome.at, $0)
                    }
                    let purged = try Self.purge(send, outcome, decide: decision, in: connection)
                    applied = purged.applied
                    if let change = purged.change { recorded.tokenChanges.append(change) }
                }
                if !applied { recorded.unapplied.insert(commit.send.sendID) }
            }
            let ended = try Self.finish(finishes, in: connection)
            for (send, _) in finishes where !ended.contains(send.sendID) { recorded.unapplied.insert(send.sendID) }
            return recorded
        }
    }

    /// Ends many pending sends in one statement, in the caller's transaction, as ``finish(_:_:in:)`` does each: the
    /// accepted ones that were still pending (and still held by their claim) also get their `accepted` engagement
    /// event.
    ///
    /// - Returns: The sends it ended.
    static func finish(_ finishes: [(PendingSend, SendOutcome)], in connection: PostgresConnection) throws -> Set<Int64>
    {
        guard !finishes.isEmpty else { return [] }
        let rows = try connection.query(
            """
            WITH outcome AS (
                SELECT * FROM unnest(
                    $1::bigint[], $2::text[], $3::integer[], $4::integer[], $5::text[], $6::bigint[], $9::bigint[])
                    AS o(send_id, state, attempts, status, reason, finished_ms, fence)),
            ended AS (
                UPDATE push_send s SET state = o.state, attempts = o.attempts, status = o.status, reason = o.reason,
                    finished_ms = o.finished_ms, due_ms = NULL
                FROM outcome o
                WHERE s.send_id = o.send_id AND s.state = 'pending' AND (o.fence IS NULL OR s.due_ms = o.fence)
                RETURNING s.send_id, s.message_id, s.installation_id, o.state, o.finished_ms),
            engaged AS (
                INSERT INTO engagement (message_id, installation_id, kind, at_ms)
                SELECT message_id, installation_id, $7, finished_ms FROM ended WHERE state = $8
                ON CONFLICT DO NOTHING)
            SELECT send_id FROM ended
            """,
            [
                .array(finishes.map { .integer($0.0.sendID) }),
                .array(finishes.map { .text($0.1.state.rawValue) }),
                .array(finishes.map { .integer(Int64($0.1.attempts)) }),
                .array(finishes.map { .optional($0.1.status.map { Int64($0) }) }),
                .array(finishes.map { .optional($0.1.reason) }),
                .array(finishes.map { .integer($0.1.at.millisecondsSince1970) }),
                .text(EngagementKind.accepted.rawValue), .text(SendRecord.State.accepted.rawValue),
                .array(finishes.map { .optional($0.0.claimedUntil?.millisecondsSince1970) }),
            ])
        return Set(rows.rows.indices.map { rows.int64($0, 0) })
    }
}
