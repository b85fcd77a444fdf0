internal import Foundation
internal import GrowBroServer
internal import WaveNotifications
internal import WavePushPayloads
internal import WaveSQLite

extension SQLitePushServerStore {
    func sends(of messageID: String?) throws -> [SendRecord] {
        if let messageID {
            return try sendRecords(where: "message_id = ?", [.text(messageID)])
        }
        return try sendRecords(where: "1", [])
    }

    func pendingSendCount() throws -> Int {
        try database.withDatabase { database in
            let count = try database.cached("SELECT count(*) FROM push_send WHERE state = 'pending'")
            defer { count.reset() }
            return try count.step() ? Int(count.int64(at: 0)) : 0
        }
    }

    func nextDueInstant(platforms: Set<PushPlatform>) throws -> Date? {
        let (platformList, platformValues) = Self.platformFilter(platforms)
        return try database.withDatabase { database in
            // The due index read in order up to the first send of `platforms`.
            let select = try database.cached(
                """
                SELECT due_ms FROM push_send INDEXED BY push_send_due
                WHERE state = 'pending' AND platform IN (\(platformList)) ORDER BY due_ms LIMIT 1
                """)
            defer { select.reset() }
            try select.bind(platformValues)
            guard try select.step() else { return nil }
            return Date(millisecondsSince1970: select.int64(at: 0))
        }
    }

    /// The list of `platform IN (…)` for `platforms`, `?, ?`, and their names to bind, sorted (one cached statement
    /// per set); `NULL` for an empty set, which matches no row and, unlike `IN ()`, keeps the `INDEXED BY` plan.
    static func platformFilter(_ platforms: Set<PushPlatform>) -> (placeholders: String, values: [SQLiteValue]) {
        let names = platforms.map(\.rawValue).sorted()
        return (names.isEmpty ? "NULL" : names.map { _ in "?" }.joined(separator: ", "), names.map { .text($0) })
    }

    private func sendRecords(where condition: String, _ values: [SQLiteValue]) throws -> [SendRecord] {
        try database.withDatabase { database in try Self.sendRecords(where: condition, values, in: database) }
    }

    /// The sends matching a condition, by send id.
    static func sendRecords(
        where condition: String, _ values: [SQLiteValue], in database: SQLiteDatabase
    ) throws -> [SendRecord] {
        let select = try database.prepare(
            """
            SELECT send_id, message_id, installation_id, user_id, platform, channel_id, payload, state, attempts,
                due_ms, finished_ms, status, reason
            FROM push_send WHERE \(condition) ORDER BY send_id
            """)
        try select.bind(values)
        var records: [SendRecord] = []
        while try select.step() {
            records.append(
                SendRecord(
                    sendID: select.int64(at: 0), messageID: select.text(at: 1), installationID: select.text(at: 2),
                    userID: select.text(at: 3), platform: PushPlatform(rawValue: select.text(at: 4)) ?? .fcm,
                    channelID: select.text(at: 5), payload: select.text(at: 6),
                    state: SendRecord.State(rawValue: select.text(at: 7)) ?? .pending,
                    attempts: Int(select.int64(at: 8)),
                    dueAt: select.optionalInt64(at: 9).map(Date.init(millisecondsSince1970:)),
                    finishedAt: select.optionalInt64(at: 10).map(Date.init(millisecondsSince1970:)),
                    status: select.optionalInt64(at: 11).map { Int($0) }, reason: select.optionalText(at: 12)))
        }
        return records
    }

    /// Up to `limit` pending sends of `platforms` due at `now`, by rank (``SendPriority``: the due instant plus the
    /// priority's lag) then send id. The index on the rank is read from its start up to the latest rank a due send
    /// can have, so the sends passed over are the pending ones not yet due whose rank is that early (a retry or a
    /// lease within the largest lag) and the due ones of other platforms.
    static func dueSends(
        now: Date, limit: Int, platforms: Set<PushPlatform>, in database: SQLiteDatabase
    ) throws -> [PendingSend] {
        do {
            let (platformList, platformValues) = Self.platformFilter(platforms)
            let select = try database.cached(
                """
                SELECT send_id, message_id, installation_id, user_id, channel_id, payload, collapse_id, expires_ms,
                    attempts, renewed, due_ms, platform, priority, apns_id
                FROM push_send INDEXED BY push_send_rank
                WHERE state = 'pending' AND \(SendPriority.rankSQL) <= ? AND due_ms <= ?
                    AND platform IN (\(platformList))
                ORDER BY \(SendPriority.rankSQL), send_id LIMIT ?
                """)
            defer { select.reset() }
            let now = now.millisecondsSince1970
            try select.bind(
                [.integer(now + SendPriority.largestLagMilliseconds), .integer(now)] + platformValues + [
                    .integer(Int64(limit))
                ])
            var sends: [PendingSend] = []
            while try select.step() {
                sends.append(
                    PendingSend(
                        sendID: select.int64(at: 0), messageID: select.text(at: 1), installationID: select.text(at: 2),
                        userID: select.text(at: 3), platform: PushPlatform(rawValue: select.text(at: 11)) ?? .fcm,
                        channelID: select.text(at: 4), payload: select.text(at: 5),
                        collapseID: select.optionalText(at: 6),
                        expiresAt: Date(millisecondsSince1970: select.int64(at: 7)), attempts: Int(select.int64(at: 8)),
                        renewed: select.int64(at: 9) != 0, dueAt: Date(millisecondsSince1970: select.int64(at: 10)),
                        priority: SendPriority(rawValue: Int(select.int64(at: 12))) ?? .interactive,
                        apnsID: select.optionalText(at: 13)))
            }
            return sends
        }
    }

    func claimDue(
        now: Date, limit: Int, lease: Duration, owner: String, platforms: Set<PushPlatform>
    ) throws -> [PendingSend] {
        try database.transaction { database in
            let sends = try Self.dueSends(now: now, limit: limit, platforms: platforms, in: database)
            // The lease moves the send's due instant to its end: no other claim sees it before, and a sender that
            // dies holding it leaves it due again then.
            let update = try database.cached("UPDATE push_send SET due_ms = ? WHERE send_id = ? AND state = 'pending'")
            let until = now.addingTimeInterval(lease.timeInterval)
            var claimed = sends
            for index in claimed.indices {
                update.reset()
                try update.bind([.integer(until.millisecondsSince1970), .integer(claimed[index].sendID)])
                try update.run()
                claimed[index].claimedUntil = until
            }
            return claimed
        }
    }
}
