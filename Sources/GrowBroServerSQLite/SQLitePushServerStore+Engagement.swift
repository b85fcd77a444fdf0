internal import Foundation
internal import GrowBroNotifications
internal import GrowBroServer
internal import WaveNotifications
internal import WavePushPayloads
internal import WaveSQLite

extension SQLitePushServerStore {
    func reportCounts(
        channels: [String], optInPermissions: [PermissionStatus], from: Date, to: Date
    ) throws -> ReportCounts {
        try database.withDatabase { database in
            let users = try database.cached("SELECT count(DISTINCT user_id) FROM installation")
            defer { users.reset() }
            var counts = ReportCounts(
                usersWithInstallation: try users.step() ? Int(users.int64(at: 0)) : 0, usersOptedIn: [:], sends: [],
                engagements: [])
            // The permissions as a JSON array: one statement, whatever their number.
            let permissions = "[" + optInPermissions.map { "\"\($0.rawValue)\"" }.joined(separator: ",") + "]"
            let optedIn = try database.cached(
                """
                SELECT count(DISTINCT i.user_id) FROM installation i
                WHERE i.permission IN (SELECT value FROM json_each(?1)) AND NOT EXISTS (
                    SELECT 1 FROM category_switch c WHERE c.user_id = i.user_id AND c.channel_id = ?2 AND c.enabled = 0)
                """)
            let sends = try database.cached(
                """
                SELECT state, platform, count(*) FROM push_send
                WHERE channel_id = ?1 AND created_ms >= ?2 AND created_ms < ?3 GROUP BY state, platform
                """)
            let engaged = try database.cached(
                """
                SELECT s.state, s.platform, e.kind, count(*) FROM engagement e JOIN push_send s
                    ON s.message_id = e.message_id AND s.installation_id = e.installation_id
                WHERE s.channel_id = ?1 AND s.created_ms >= ?2 AND s.created_ms < ?3
                GROUP BY s.state, s.platform, e.kind
                """)
            let window: [SQLiteValue] = [.integer(from.millisecondsSince1970), .integer(to.millisecondsSince1970)]
            for channel in channels {
                optedIn.reset()
                try optedIn.bind([.text(permissions), .text(channel)])
                counts.usersOptedIn[channel] = try optedIn.step() ? Int(optedIn.int64(at: 0)) : 0
                sends.reset()
                try sends.bind([.text(channel)] + window)
                while try sends.step() {
                    counts.sends.append(
                        ReportCounts.Sends(
                            channelID: channel, state: SendRecord.State(rawValue: sends.text(at: 0)) ?? .pending,
                            platform: PushPlatform(rawValue: sends.text(at: 1)) ?? .fcm, count: Int(sends.int64(at: 2)))
                    )
                }
                engaged.reset()
                try engaged.bind([.text(channel)] + window)
                while try engaged.step() {
                    guard let kind = EngagementKind(rawValue: engaged.text(at: 2)) else { continue }
                    counts.engagements.append(
                        ReportCounts.Engagements(
                            channelID: channel, state: SendRecord.State(rawValue: engaged.text(at: 0)) ?? .pending,
                            platform: PushPlatform(rawValue: engaged.text(at: 1)) ?? .fcm, kind: kind,
                            count: Int(engaged.int64(at: 3))))
                }
            }
            optedIn.reset()
            sends.reset()
            engaged.reset()
            return counts
        }
    }
}
