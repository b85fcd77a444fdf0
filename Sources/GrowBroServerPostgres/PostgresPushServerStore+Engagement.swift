internal import Foundation
internal import GrowBroNotifications
internal import GrowBroServer
internal import WaveNotifications
internal import WavePostgres

extension PostgresPushServerStore {
    func recordEngagement(
        _ kind: EngagementKind, messageID: String, installationID: String, at instant: Date
    ) throws -> Bool {
        try database.transaction { connection in
            let sends = try connection.query(
                "SELECT count(*) FROM push_send WHERE message_id = $1", [.text(messageID)]
            ).int64(0, 0)
            guard sends > 0 else { throw GrowBroServerError.unknownMessage(messageID) }
            let toInstallation = try connection.query(
                "SELECT count(*) FROM push_send WHERE message_id = $1 AND installation_id = $2",
                [.text(messageID), .text(installationID)]
            ).int64(0, 0)
            guard toInstallation > 0 else {
                throw GrowBroServerError.invalidValue(
                    field: "installation", value: installationID,
                    expected: "an installation message '\(messageID)' was sent to")
            }
            return try Self.record(
                kind, messageID: messageID, installationID: installationID, at: instant, in: connection)
        }
    }

    @discardableResult
    static func record(
        _ kind: EngagementKind, messageID: String, installationID: String, at instant: Date,
        in connection: PostgresConnection
    ) throws -> Bool {
        try connection.query(
            """
            INSERT INTO engagement (message_id, installation_id, kind, at_ms) VALUES ($1, $2, $3, $4)
            ON CONFLICT DO NOTHING
            """,
            [.text(messageID), .text(installationID), .text(kind.rawValue), .integer(instant.millisecondsSince1970)]
        ).changes == 1
    }

    func categoryReports(from: Date, to: Date) throws -> [CategoryReport] {
        let window: [PostgresValue] = [.integer(from.millisecondsSince1970), .integer(to.millisecondsSince1970)]
        return try database.withConnection { connection in
            func count(_ sql: String, _ values: [PostgresValue]) throws -> Int {
                Int(try connection.query(sql, values).int64(0, 0))
            }
            let users = try count("SELECT count(DISTINCT user_id) FROM installation", [])
            var categories: [CategoryReport] = []
            for channel in GrowBroChannel.allCases {
                let id: [PostgresValue] = [.text(channel.rawValue)]
                let sends = "FROM push_send WHERE channel_id = $1 AND created_ms >= $2 AND created_ms < $3"
                func engaged(_ kind: EngagementKind, platform: String? = nil) throws -> Int {
                    try count(
                        """
                        SELECT count(*) FROM engagement e JOIN push_send s
                            ON s.message_id = e.message_id AND s.installation_id = e.installation_id
                        WHERE e.kind = $4 AND s.state = 'accepted' AND s.channel_id = $1 AND s.created_ms >= $2
                            AND s.created_ms < $3 AND ($5::text IS NULL OR s.platform = $5::text)
                        """, id + window + [.text(kind.rawValue), .optional(platform)])
                }
                let report = CategoryReport(
                    channelID: channel.rawValue, usersWithInstallation: users,
                    usersOptedIn: try count(
                        """
                        SELECT count(DISTINCT i.user_id) FROM installation i
                        WHERE i.permission IN ('authorized', 'provisional') AND NOT EXISTS (
                            SELECT 1 FROM category_switch c
                            WHERE c.user_id = i.user_id AND c.channel_id = $1 AND c.enabled = 0)
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
