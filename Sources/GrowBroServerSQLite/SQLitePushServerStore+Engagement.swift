internal import Foundation
internal import GrowBroNotifications
internal import GrowBroServer
internal import WaveNotifications
internal import WaveSQLite

extension SQLitePushServerStore {
    func recordEngagement(
        _ kind: EngagementKind, messageID: String, installationID: String, at instant: Date
    ) throws -> Bool {
        return try database.transaction { database in
            let message = try database.cached("SELECT count(*) FROM push_send WHERE message_id = ?")
            try message.bind(messageID, at: 1)
            let sends = try message.step() ? message.int64(at: 0) : 0
            message.reset()
            guard sends > 0 else { throw GrowBroServerError.unknownMessage(messageID) }
            let sent = try database.cached(
                "SELECT count(*) FROM push_send WHERE message_id = ? AND installation_id = ?")
            try sent.bind([.text(messageID), .text(installationID)])
            let toInstallation = try sent.step() ? sent.int64(at: 0) : 0
            sent.reset()
            guard toInstallation > 0 else {
                throw GrowBroServerError.invalidValue(
                    field: "installation", value: installationID,
                    expected: "an installation message '\(messageID)' was sent to")
            }
            return try Self.record(
                kind, messageID: messageID, installationID: installationID, at: instant, in: database)
        }
    }

    @discardableResult
    static func record(
        _ kind: EngagementKind, messageID: String, installationID: String, at instant: Date, in database: SQLiteDatabase
    ) throws -> Bool {
        let insert = try database.cached(
            "INSERT OR IGNORE INTO engagement (message_id, installation_id, kind, at_ms) VALUES (?, ?, ?, ?)")
        try insert.bind([
            .text(messageID), .text(installationID), .text(kind.rawValue), .integer(instant.millisecondsSince1970),
        ])
        try insert.run()
        return database.changes == 1
    }

    func categoryReports(from: Date, to: Date) throws -> [CategoryReport] {
        let window: [SQLiteValue] = [.integer(from.millisecondsSince1970), .integer(to.millisecondsSince1970)]
        return try database.withDatabase { database in
            func count(_ sql: String, _ values: [SQLiteValue]) throws -> Int {
                let statement = try database.cached(sql)
                defer { statement.reset() }
                try statement.bind(values)
                return try statement.step() ? Int(statement.int64(at: 0)) : 0
            }
            let users = try count("SELECT count(DISTINCT user_id) FROM installation", [])
            var categories: [CategoryReport] = []
            for channel in GrowBroChannel.allCases {
                let id: [SQLiteValue] = [.text(channel.rawValue)]
                let sends = "FROM push_send WHERE channel_id = ?1 AND created_ms >= ?2 AND created_ms < ?3"
                func engaged(_ kind: EngagementKind, platform: String? = nil) throws -> Int {
                    try count(
                        """
                        SELECT count(*) FROM engagement e JOIN push_send s
                            ON s.message_id = e.message_id AND s.installation_id = e.installation_id
                        WHERE e.kind = ?4 AND s.state = 'accepted' AND s.channel_id = ?1 AND s.created_ms >= ?2
                            AND s.created_ms < ?3 AND (?5 IS NULL OR s.platform = ?5)
                        """, id + window + [.text(kind.rawValue), .optional(platform)])
                }
                let report = CategoryReport(
                    channelID: channel.rawValue, usersWithInstallation: users,
                    usersOptedIn: try count(
                        """
                        SELECT count(DISTINCT i.user_id) FROM installation i
                        WHERE i.permission IN ('authorized', 'provisional') AND NOT EXISTS (
                            SELECT 1 FROM category_switch c WHERE c.user_id = i.user_id AND c.channel_id = ? AND c.enabled = 0)
                        """, id),
                    sends: try count("SELECT count(*) " + sends, id + window),
                    finished: try count("SELECT count(*) " + sends + " AND state <> 'pending'", id + window),
                    accepted: try count("SELECT count(*) " + sends + " AND state = 'accepted'", id + window),
                    measurableAccepted: try count(
                        "SELECT count(*) " + sends + " AND state = 'accepted' AND platform = 'fcm'", id + window),
                    delivered: try engaged(.delivered, platform: "fcm"), opened: try engaged(.opened),
                    dismissed: try engaged(.dismissed))
                categories.append(report)
            }
            return categories
        }
    }
}
