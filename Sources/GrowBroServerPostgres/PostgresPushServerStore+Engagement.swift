internal import Foundation
internal import GrowBroNotifications
internal import GrowBroServer
internal import WaveNotifications
internal import WavePostgres
internal import WavePushPayloads

extension PostgresPushServerStore {
    func reportCounts(
        channels: [String], optInPermissions: [PermissionStatus], from: Date, to: Date
    ) throws -> ReportCounts {
        let channelArray = PostgresValue.array(channels.map { .text($0) })
        let window: [PostgresValue] = [.integer(from.millisecondsSince1970), .integer(to.millisecondsSince1970)]
        return try database.withConnection { connection in
            var counts = ReportCounts(
                usersWithInstallation: Int(
                    try connection.query("SELECT count(DISTINCT user_id) FROM installation").int64(0, 0)),
                usersOptedIn: [:], sends: [], engagements: [])
            let optedIn = try connection.query(
                """
                SELECT k.channel_id, (SELECT count(DISTINCT i.user_id) FROM installation i
                    WHERE i.permission = ANY($2::text[]) AND NOT EXISTS (
                        SELECT 1 FROM category_switch c
                        WHERE c.user_id = i.user_id AND c.channel_id = k.channel_id AND c.enabled = 0))
                FROM unnest($1::text[]) AS k(channel_id)
                """, [channelArray, .array(optInPermissions.map { .text($0.rawValue) })])
            for row in 0..<optedIn.count { counts.usersOptedIn[optedIn.text(row, 0)] = Int(optedIn.int64(row, 1)) }
            let sends = try connection.query(
                """
                SELECT channel_id, state, platform, count(*) FROM push_send
                WHERE channel_id = ANY($1::text[]) AND created_ms >= $2 AND created_ms < $3
                GROUP BY channel_id, state, platform
                """, [channelArray] + window)
            counts.sends = (0..<sends.count).map { row in
                ReportCounts.Sends(
                    channelID: sends.text(row, 0), state: SendRecord.State(rawValue: sends.text(row, 1)) ?? .pending,
                    platform: PushPlatform(rawValue: sends.text(row, 2)) ?? .fcm, count: Int(sends.int64(row, 3)))
            }
            let engaged = try connection.query(
                """
                SELECT s.channel_id, s.state, s.platform, e.kind, count(*) FROM engagement e JOIN push_send s
                    ON s.message_id = e.message_id AND s.installation_id = e.installation_id
                WHERE s.channel_id = ANY($1::text[]) AND s.created_ms >= $2 AND s.created_ms < $3
                GROUP BY s.channel_id, s.state, s.platform, e.kind
                """, [channelArray] + window)
            counts.engagements = (0..<engaged.count).compactMap { row in
                EngagementKind(rawValue: engaged.text(row, 3)).map { kind in
                    ReportCounts.Engagements(
                        channelID: engaged.text(row, 0),
                        state: SendRecord.State(rawValue: engaged.text(row, 1)) ?? .pending,
                        platform: PushPlatform(rawValue: engaged.text(row, 2)) ?? .fcm, kind: kind,
                        count: Int(engaged.int64(row, 4)))
                }
            }
            return counts
        }
    }
}
