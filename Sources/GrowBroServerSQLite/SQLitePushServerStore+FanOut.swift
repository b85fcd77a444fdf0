internal import Foundation
internal import GrowBroNotifications
internal import GrowBroServer
internal import WaveNotifications
internal import WavePushPayloads
internal import WaveSQLite

extension SQLitePushServerStore {
    func fanOut(
        _ message: FanOutMessage, skip: (Installation, _ channelEnabled: Bool, _ background: Bool) -> String?,
        payload: (_ badge: Int, PushPlatform) throws -> String
    ) throws -> FanOutResult {
        let coding = coding
        return try database.transaction { database in
            try Self.fanOut(message, skip: skip, payload: payload, coding: coding, in: database)
        }
    }

    /// Records one message, its inbox entry and its sends in the caller's transaction.
    static func fanOut(
        _ message: FanOutMessage, skip: (Installation, _ channelEnabled: Bool, _ background: Bool) -> String?,
        payload: (_ badge: Int, PushPlatform) throws -> String, coding: LocalizedTextCoding,
        in database: SQLiteDatabase
    ) throws -> FanOutResult {
        let messageID = message.messageID
        let userID = message.userID
        let channel = message.channel
        let channelID = message.channelID
        let at = message.at
        let entry = message.entry
        let collapseID = message.collapseID
        let expiresAt = message.expiresAt
        let priority = message.priority
        let newAPNsID = message.newAPNsID
        do {
            guard let archiveDays = try Self.archiveDays(of: userID, in: database) else {
                throw GrowBroServerError.unknownUser(userID)
            }
            let message = try database.cached(
                "INSERT OR IGNORE INTO message (message_id, user_id, channel_id, created_ms) VALUES (?, ?, ?, ?)")
            try message.bind([
                .text(messageID), .text(userID), .text(channelID), .integer(at.millisecondsSince1970),
            ])
            try message.run()
            guard database.changes == 1 else { throw GrowBroServerError.duplicateMessage(messageID) }

            // A background push has no entry and no badge (0 in its result; its payload carries none).
            var badge = 0
            if let entry {
                let unread = try Self.inboxCount(
                    userID: userID, unreadOnly: true,
                    oldest: InboxArchive.oldestVisible(now: at, archiveAfterDays: archiveDays), in: database)
                try Self.insert(entry, userID: userID, coding: coding, in: database)
                badge = FanOutRules.badge(unreadBefore: unread)
            }

            let enabled = try Self.isEnabled(channel, for: userID, in: database)
            let select = try database.cached(Self.installationColumns + " WHERE user_id = ? ORDER BY installation_id")
            try select.bind(userID, at: 1)
            var installations: [Installation] = []
            while try select.step() { installations.append(Self.readInstallation(select)) }
            select.reset()

            var payloads: [PushPayload.Platform: String] = [:]
            var result = FanOutResult(
                messageID: messageID, userID: userID, channelID: channelID, badge: badge, sends: [],
                skipped: [])
            let insert = try database.cached(
                """
                INSERT INTO push_send (message_id, installation_id, user_id, platform, channel_id, payload, collapse_id,
                    created_ms, expires_ms, state, due_ms, priority, apns_id)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?)
                """)
            for installation in installations {
                if let reason = skip(installation, enabled, entry == nil) {
                    result.skipped.append(.init(installationID: installation.id, reason: reason))
                    continue
                }
                let json: String
                if let encoded = payloads[installation.platform] {
                    json = encoded
                } else {
                    // One payload per platform: the badge is the same for every installation of the recipient.
                    json = try payload(badge, installation.platform)
                    payloads[installation.platform] = json
                }
                insert.reset()
                try insert.bind([
                    .text(messageID), .text(installation.id), .text(userID), .text(installation.platform.rawValue),
                    .text(channelID), .text(json), .optional(collapseID),
                    .integer(at.millisecondsSince1970), .integer(expiresAt.millisecondsSince1970),
                    .integer(at.millisecondsSince1970), .integer(Int64(priority.rawValue)),
                    .optional(newAPNsID()),
                ])
                try insert.run()
                result.sends.append(
                    .init(
                        sendID: try Self.lastInsertedRow(in: database), installationID: installation.id,
                        platform: installation.platform))
            }
            return result
        }
    }

    static func isEnabled(_ channel: GrowBroChannel, for userID: String, in database: SQLiteDatabase) throws -> Bool {
        let select = try database.cached("SELECT enabled FROM category_switch WHERE user_id = ? AND channel_id = ?")
        defer { select.reset() }
        try select.bind([.text(userID), .text(channel.rawValue)])
        return try select.step() ? select.int64(at: 0) != 0 : true
    }

    static func lastInsertedRow(in database: SQLiteDatabase) throws -> Int64 {
        let select = try database.cached("SELECT last_insert_rowid()")
        defer { select.reset() }
        return try select.step() ? select.int64(at: 0) : 0
    }
}
