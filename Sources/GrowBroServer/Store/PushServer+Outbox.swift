public import Foundation
internal import WaveNotifications
internal import WavePushPayloads
internal import WaveSQLite

extension PushServer {
    /// Every send of a message, by outbox id.
    ///
    /// - Parameter messageID: The message id.
    /// - Returns: The sends.
    /// - Throws: ``PushStoreError``.
    public func sends(of messageID: String) throws -> [SendRecord] {
        try sendRecords(where: "message_id = ?", [.text(messageID)])
    }

    /// Every send in the outbox, by outbox id.
    ///
    /// - Returns: The sends.
    /// - Throws: ``PushStoreError``.
    public func allSends() throws -> [SendRecord] {
        try sendRecords(where: "1", [])
    }

    /// How many sends are still pending.
    ///
    /// - Returns: The count.
    /// - Throws: ``PushStoreError``.
    public func pendingSendCount() throws -> Int {
        try database.withDatabase { database in
            let count = try database.cached("SELECT count(*) FROM push_send WHERE state = 'pending'")
            defer { count.reset() }
            return try count.step() ? Int(count.int64(at: 0)) : 0
        }
    }

    /// The earliest instant a pending send is due, or `nil` when none is pending.
    ///
    /// - Returns: The instant.
    /// - Throws: ``PushStoreError``.
    public func nextDueInstant() throws -> Date? {
        try database.withDatabase { database in
            let select = try database.cached("SELECT min(due_ms) FROM push_send WHERE state = 'pending'")
            defer { select.reset() }
            guard try select.step(), let milliseconds = select.optionalInt64(at: 0) else { return nil }
            return Date(millisecondsSince1970: milliseconds)
        }
    }

    private func sendRecords(where condition: String, _ values: [SQLiteValue]) throws -> [SendRecord] {
        try database.withDatabase { database in
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
    }

    /// Pending sends due at `now`, earliest first.
    func dueSends(now: Date, limit: Int) throws -> [PendingSend] {
        try database.withDatabase { database in
            let select = try database.cached(
                """
                SELECT send_id, message_id, installation_id, user_id, channel_id, payload, collapse_id, expires_ms,
                    attempts, renewed, due_ms, platform
                FROM push_send INDEXED BY push_send_due
                WHERE state = 'pending' AND due_ms <= ? ORDER BY due_ms, send_id LIMIT ?
                """)
            defer { select.reset() }
            try select.bind([.integer(now.millisecondsSince1970), .integer(Int64(limit))])
            var sends: [PendingSend] = []
            while try select.step() {
                sends.append(
                    PendingSend(
                        sendID: select.int64(at: 0), messageID: select.text(at: 1), installationID: select.text(at: 2),
                        userID: select.text(at: 3), platform: PushPlatform(rawValue: select.text(at: 11)) ?? .fcm,
                        channelID: select.text(at: 4), payload: select.text(at: 5),
                        collapseID: select.optionalText(at: 6),
                        expiresAt: Date(millisecondsSince1970: select.int64(at: 7)), attempts: Int(select.int64(at: 8)),
                        renewed: select.int64(at: 9) != 0, dueAt: Date(millisecondsSince1970: select.int64(at: 10))))
            }
            return sends
        }
    }

    /// Ends a send; an accepted one also records the `accepted` engagement event, in the same transaction.
    func finish(
        _ send: PendingSend, state: SendRecord.State, attempts: Int, status: Int?, reason: String?, at instant: Date
    ) throws {
        try database.transaction { database in
            try Self.finish(
                send, state: state, attempts: attempts, status: status, reason: reason, at: instant, in: database)
        }
    }

    static func finish(
        _ send: PendingSend, state: SendRecord.State, attempts: Int, status: Int?, reason: String?, at instant: Date,
        in database: SQLiteDatabase
    ) throws {
        let update = try database.cached(
            """
            UPDATE push_send SET state = ?, attempts = ?, status = ?, reason = ?, finished_ms = ?, due_ms = NULL
            WHERE send_id = ? AND state = 'pending'
            """)
        try update.bind([
            .text(state.rawValue), .integer(Int64(attempts)), .optional(status.map { Int64($0) }), .optional(reason),
            .integer(instant.millisecondsSince1970), .integer(send.sendID),
        ])
        try update.run()
        if state == .accepted {
            try record(
                .accepted, messageID: send.messageID, installationID: send.installationID, at: instant, in: database)
        }
    }

    /// Records a failed attempt and when the next is due.
    func reschedule(
        _ send: PendingSend, attempts: Int, renewed: Bool, status: Int?, reason: String?, due: Date
    ) throws {
        try database.transaction { database in
            let update = try database.cached(
                """
                UPDATE push_send SET attempts = ?, renewed = ?, status = ?, reason = ?, due_ms = ?
                WHERE send_id = ? AND state = 'pending'
                """)
            try update.bind([
                .integer(Int64(attempts)), .integer(renewed ? 1 : 0), .optional(status.map { Int64($0) }),
                .optional(reason), .integer(due.millisecondsSince1970), .integer(send.sendID),
            ])
            try update.run()
        }
    }

    /// Purges the token a provider refused (only while the installation still holds it) and ends the send, in one
    /// transaction.
    ///
    /// - Returns: The change logged, or `nil` when the installation no longer holds that token.
    func purge(
        _ send: PendingSend, token: String, attempts: Int, status: Int?, reason: String, at instant: Date
    ) throws -> TokenChange? {
        try database.transaction { database in
            try Self.finish(
                send, state: .purged, attempts: attempts, status: status, reason: reason, at: instant, in: database)
            let installation = try Self.installation(send.installationID, in: database)
            guard let change = TokenRules.purge(token: token, of: installation, reason: reason, at: instant) else {
                return nil
            }
            try Self.deleteInstallation(change.installationID, in: database)
            try Self.log(change, in: database)
            return change
        }
    }
}
