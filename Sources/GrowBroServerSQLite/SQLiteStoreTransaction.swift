internal import Foundation
internal import GrowBroServer
internal import WaveNotifications
internal import WavePushPayloads
internal import WaveSQLite

/// The SQLite store's primitives inside one of its transactions: each batch is a loop over one cached statement
/// (SQLite runs in process, so a statement costs no round trip). SQLite has one writer, so a read that precedes a
/// write already keeps its rows.
struct SQLiteStoreTransaction: PushStoreTransaction {
    let database: SQLiteDatabase
    let coding: LocalizedTextCoding

    func archiveDays(of userIDs: [String]) throws -> [String: Int] {
        var found: [String: Int] = [:]
        for userID in userIDs {
            found[userID] = try SQLitePushServerStore.archiveDays(of: userID, in: database)
        }
        return found
    }

    func addUser(_ userID: String, archiveDays: Int, at instant: Date) throws {
        try SQLitePushServerStore.ensureUser(userID, archiveDays: archiveDays, at: instant, in: database)
    }

    func switchedOffChannels(of userIDs: [String]) throws -> [String: Set<String>] {
        let select = try database.cached("SELECT channel_id FROM category_switch WHERE user_id = ? AND enabled = 0")
        var found: [String: Set<String>] = [:]
        for userID in userIDs {
            select.reset()
            try select.bind(userID, at: 1)
            while try select.step() { found[userID, default: []].insert(select.text(at: 0)) }
        }
        select.reset()
        return found
    }

    func installations(ids installationIDs: [String], locking: Bool) throws -> [String: Installation] {
        var found: [String: Installation] = [:]
        for installationID in installationIDs {
            found[installationID] = try SQLitePushServerStore.installation(installationID, in: database)
        }
        return found
    }

    func installations(ofUsers userIDs: [String]) throws -> [String: [Installation]] {
        let select = try database.cached(
            SQLitePushServerStore.installationColumns + " WHERE user_id = ? ORDER BY installation_id")
        var found: [String: [Installation]] = [:]
        for userID in userIDs {
            select.reset()
            try select.bind(userID, at: 1)
            while try select.step() {
                found[userID, default: []].append(SQLitePushServerStore.readInstallation(select))
            }
        }
        select.reset()
        return found
    }

    func installations(
        holding token: String, platform: PushPlatform, except installationID: String
    ) throws -> [Installation] {
        try read(
            SQLitePushServerStore.installationColumns
                + " WHERE platform = ? AND token = ? AND installation_id <> ? ORDER BY installation_id",
            [.text(platform.rawValue), .text(token), .text(installationID)])
    }

    func installations(refreshedBefore limit: Int64) throws -> [Installation] {
        try read(
            SQLitePushServerStore.installationColumns
                + " WHERE refreshed_ms < ? ORDER BY refreshed_ms, installation_id", [.integer(limit)])
    }

    private func read(_ sql: String, _ values: [SQLiteValue]) throws -> [Installation] {
        let select = try database.cached(sql)
        defer { select.reset() }
        try select.bind(values)
        var installations: [Installation] = []
        while try select.step() { installations.append(SQLitePushServerStore.readInstallation(select)) }
        return installations
    }

    func insertInstallation(_ installation: Installation) throws {
        let insert = try database.cached(
            """
            INSERT INTO installation (installation_id, user_id, platform, token, environment, permission,
                registered_ms, refreshed_ms)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """)
        try insert.bind([
            .text(installation.id), .text(installation.userID), .text(installation.platform.rawValue),
            .text(installation.token), .optional(installation.environment?.rawValue),
            .text(installation.permission.rawValue), .integer(installation.registeredAt.millisecondsSince1970),
            .integer(installation.refreshedAt.millisecondsSince1970),
        ])
        try insert.run()
    }

    func updateInstallation(_ installation: Installation) throws {
        let update = try database.cached(
            """
            UPDATE installation SET platform = ?, token = ?, environment = ?, permission = ?, refreshed_ms = ?
            WHERE installation_id = ?
            """)
        try update.bind([
            .text(installation.platform.rawValue), .text(installation.token),
            .optional(installation.environment?.rawValue), .text(installation.permission.rawValue),
            .integer(installation.refreshedAt.millisecondsSince1970), .text(installation.id),
        ])
        try update.run()
    }

    func deleteInstallations(_ installationIDs: [String]) throws {
        for installationID in installationIDs {
            try SQLitePushServerStore.deleteInstallation(installationID, in: database)
        }
    }

    func logTokenChanges(_ changes: [TokenChange]) throws {
        for change in changes { try SQLitePushServerStore.log(change, in: database) }
    }

    func unreadCounts(_ windows: [(userID: String, oldest: Int64)]) throws -> [Int] {
        try windows.map { window in
            try SQLitePushServerStore.inboxCount(
                userID: window.userID, unreadOnly: true, oldest: window.oldest, in: database)
        }
    }

    func insertMessages(_ messages: [FanOutMessage]) throws -> Set<String> {
        let insert = try database.cached(
            "INSERT OR IGNORE INTO message (message_id, user_id, channel_id, created_ms) VALUES (?, ?, ?, ?)")
        var inserted = Set<String>()
        for message in messages {
            insert.reset()
            try insert.bind([
                .text(message.messageID), .text(message.userID), .text(message.channelID),
                .integer(message.at.millisecondsSince1970),
            ])
            try insert.run()
            if database.changes == 1 { inserted.insert(message.messageID) }
        }
        return inserted
    }

    func deleteMessages(_ messageIDs: [String]) throws {
        let delete = try database.cached("DELETE FROM message WHERE message_id = ?")
        for messageID in messageIDs {
            delete.reset()
            try delete.bind(messageID, at: 1)
            try delete.run()
        }
    }

    func insertInboxEntries(_ entries: [(userID: String, entry: InboxEntry)]) throws {
        for (userID, entry) in entries {
            try SQLitePushServerStore.insert(entry, userID: userID, coding: coding, in: database)
        }
    }

    func insertSends(_ sends: [NewSend]) throws -> [Int64] {
        let insert = try database.cached(
            """
            INSERT INTO push_send (message_id, installation_id, user_id, platform, channel_id, payload, collapse_id,
                created_ms, expires_ms, state, due_ms, priority, apns_id)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, 'pending', ?8, ?10, ?11)
            """)
        let lastRow = try database.cached("SELECT last_insert_rowid()")
        return try sends.map { send in
            insert.reset()
            try insert.bind([
                .text(send.content.messageID), .text(send.content.installationID), .text(send.content.userID),
                .text(send.content.platform.rawValue), .text(send.content.channelID), .text(send.content.payload),
                .optional(send.content.collapseID), .integer(send.createdAt.millisecondsSince1970),
                .integer(send.content.expiresAt.millisecondsSince1970), .integer(Int64(send.content.priority.rawValue)),
                .optional(send.content.apnsID),
            ])
            try insert.run()
            defer { lastRow.reset() }
            return try lastRow.step() ? lastRow.int64(at: 0) : 0
        }
    }

    // The fence: a claimed send is still held by its claim while its due instant is the lease's end.

    func finishSends(_ finishes: [SendFinish]) throws -> Set<Int64> {
        let update = try database.cached(
            """
            UPDATE push_send SET state = ?1, attempts = ?2, status = ?3, reason = ?4, finished_ms = ?5, due_ms = NULL
            WHERE send_id = ?6 AND state = 'pending' AND (?7 IS NULL OR due_ms = ?7)
            """)
        var ended = Set<Int64>()
        var events: [EngagementEvent] = []
        for finish in finishes {
            let (send, outcome) = (finish.send, finish.outcome)
            update.reset()
            try update.bind([
                .text(outcome.state.rawValue), .integer(Int64(outcome.attempts)),
                .optional(outcome.status.map { Int64($0) }), .optional(outcome.reason),
                .integer(outcome.at.millisecondsSince1970), .integer(send.sendID),
                .optional(send.claimedUntil?.millisecondsSince1970),
            ])
            try update.run()
            guard database.changes == 1 else { continue }
            ended.insert(send.sendID)
            if let kind = finish.records {
                events.append(
                    EngagementEvent(
                        kind: kind, messageID: send.messageID, installationID: send.installationID, at: outcome.at))
            }
        }
        _ = try insertEngagements(events)
        return ended
    }

    func rescheduleSend(
        _ send: PendingSend, attempts: Int, renewed: Bool, status: Int?, reason: String?, due: Date
    ) throws -> Bool {
        let update = try database.cached(
            """
            UPDATE push_send SET attempts = ?1, renewed = ?2, status = ?3, reason = ?4, due_ms = ?5
            WHERE send_id = ?6 AND state = 'pending' AND (?7 IS NULL OR due_ms = ?7)
            """)
        defer { update.reset() }
        try update.bind([
            .integer(Int64(attempts)), .integer(renewed ? 1 : 0), .optional(status.map { Int64($0) }),
            .optional(reason), .integer(due.millisecondsSince1970), .integer(send.sendID),
            .optional(send.claimedUntil?.millisecondsSince1970),
        ])
        try update.run()
        return database.changes == 1
    }

    func releaseSend(_ send: PendingSend) throws -> Bool {
        let update = try database.cached(
            "UPDATE push_send SET due_ms = ?1 WHERE send_id = ?2 AND state = 'pending' AND (?3 IS NULL OR due_ms = ?3)")
        defer { update.reset() }
        try update.bind([
            .integer(send.dueAt.millisecondsSince1970), .integer(send.sendID),
            .optional(send.claimedUntil?.millisecondsSince1970),
        ])
        try update.run()
        return database.changes == 1
    }

    func sendCounts(messageID: String, installationID: String) throws -> (message: Int, installation: Int) {
        let select = try database.cached(
            """
            SELECT count(*), count(CASE WHEN installation_id = ?2 THEN 1 END) FROM push_send INDEXED BY push_send_message
            WHERE message_id = ?1
            """)
        defer { select.reset() }
        try select.bind([.text(messageID), .text(installationID)])
        guard try select.step() else { return (0, 0) }
        return (Int(select.int64(at: 0)), Int(select.int64(at: 1)))
    }

    func insertEngagements(_ events: [EngagementEvent]) throws -> Int {
        let insert = try database.cached(
            "INSERT OR IGNORE INTO engagement (message_id, installation_id, kind, at_ms) VALUES (?, ?, ?, ?)")
        var recorded = 0
        for event in events {
            insert.reset()
            try insert.bind([
                .text(event.messageID), .text(event.installationID), .text(event.kind.rawValue),
                .integer(event.at.millisecondsSince1970),
            ])
            try insert.run()
            recorded += database.changes
        }
        return recorded
    }
}
