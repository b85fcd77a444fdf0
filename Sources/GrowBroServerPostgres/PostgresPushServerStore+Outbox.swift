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

    func nextDueInstant(platforms: Set<PushPlatform>) throws -> Date? {
        try database.withConnection { connection in
            // The due index read in order up to the first send of `platforms`.
            let rows = try connection.query(
                """
                SELECT due_ms FROM push_send WHERE state = 'pending' AND platform = ANY($1::text[])
                ORDER BY due_ms LIMIT 1
                """, [Self.platformArray(platforms)])
            return rows.count == 0 ? nil : Date(millisecondsSince1970: rows.int64(0, 0))
        }
    }

    /// `platforms` as a `text[]` parameter (`{apns,fcm}`; `{}` for an empty set), for `platform = ANY($n::text[])`.
    static func platformArray(_ platforms: Set<PushPlatform>) -> PostgresValue {
        .text("{" + platforms.map(\.rawValue).sorted().joined(separator: ",") + "}")
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

    /// The sends of rows in the order ``claimStatement`` returns its columns.
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

    /// What a claim's transaction sets before its statement: the rank index read in order and left at `limit` (as
    /// SQLite's `INDEXED BY` does), whatever the table's statistics say. Right after a fan-out into a young table they
    /// say it is nearly empty, and the planner would read every due send and sort them all for each claim (a bitmap
    /// scan and a sort of the whole backlog: 5 to 7 ms of a 1,000-send claim's 25 on 10,000 pending, and a sort of a
    /// whole broadcast per claim; BENCHMARKS.md, issue 48 round five). `SET LOCAL`: this transaction only.
    static let claimPlanSettings = "SET LOCAL enable_sort = off; SET LOCAL enable_bitmapscan = off"

    /// The claim: `$1` now, `$2` the limit, `$3` the lease's end, `$4` the owner, `$5` the latest rank a send due
    /// now can have, `$6` the platforms. SKIP LOCKED: a send another sender is claiming right now is passed over, not
    /// waited for; the lease moves its due instant past `now`, so after this commits no other claim sees it until the
    /// lease ends.
    static let claimStatement = """
        WITH due AS (
            SELECT send_id, due_ms AS was_due FROM push_send
            WHERE state = 'pending' AND \(SendPriority.rankSQL) <= $5 AND due_ms <= $1
                AND platform = ANY($6::text[])
            ORDER BY \(SendPriority.rankSQL), send_id LIMIT $2
            FOR UPDATE SKIP LOCKED)
        UPDATE push_send s SET due_ms = $3, lease_owner = $4 FROM due WHERE s.send_id = due.send_id
        RETURNING s.send_id, s.message_id, s.installation_id, s.user_id, s.channel_id, s.payload,
            s.collapse_id, s.expires_ms, s.attempts, s.renewed, due.was_due, s.platform, s.priority,
            s.apns_id
        """

    /// The claim's parameters (see ``claimStatement``).
    static func claimParameters(
        now: Date, limit: Int, until: Int64, owner: String, platforms: Set<PushPlatform>
    ) -> [PostgresValue] {
        [
            .integer(now.millisecondsSince1970), .integer(Int64(limit)), .integer(until), .text(owner),
            .integer(now.millisecondsSince1970 + SendPriority.largestLagMilliseconds), platformArray(platforms),
        ]
    }

    func claimDue(
        now: Date, limit: Int, lease: Duration, owner: String, platforms: Set<PushPlatform>
    ) throws -> [PendingSend] {
        let until = now.addingTimeInterval(lease.timeInterval).millisecondsSince1970
        return try database.transaction { connection in
            try connection.execute(Self.claimPlanSettings)
            let claimed = Self.readPending(
                try connection.query(
                    Self.claimStatement,
                    Self.claimParameters(now: now, limit: limit, until: until, owner: owner, platforms: platforms)))
            let fence = Date(millisecondsSince1970: until)
            return claimed.map { send in
                var send = send
                send.claimedUntil = fence
                return send
            }.sorted { ($0.priority.rank(due: $0.dueAt), $0.sendID) < ($1.priority.rank(due: $1.dueAt), $1.sendID) }
        }
    }
}
