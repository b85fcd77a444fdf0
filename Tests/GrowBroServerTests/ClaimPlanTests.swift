import Foundation
import GrowBroServer
import TestSupport
import Testing
import WaveNotifications
import WavePostgres
import WavePush
import WavePushPayloads

@testable import GrowBroServerPostgres

/// A PostgreSQL claim reads the rank index in order and stops at its limit, even on a table the planner has no
/// statistics for (a young table right after a fan-out): it never reads and sorts the whole backlog.
struct ClaimPlanTests {
    @Test
    func aClaimReadsTheRankIndexInOrderOnATableWithoutStatistics() throws {
        // Without PostgreSQL there is nothing to plan; its absence is reported by PostgresAvailabilityTests.
        guard TestStore.all.contains(.postgres) else { return }
        let connectionString = try TestStore.freshSchema("plan")
        let server = try PushStoreLocation.postgres(connectionString: connectionString).open()
        defer { server.close() }
        let connection = try PostgresConnection(connectionString)
        defer { connection.close() }
        // 10,000 pending sends, half of them bulk, written straight into the fresh table (never analyzed).
        try connection.execute(
            """
            INSERT INTO push_send (message_id, installation_id, user_id, platform, channel_id, payload, created_ms,
                expires_ms, state, due_ms, priority)
            SELECT 'm' || g, 'i' || g, 'u' || g, CASE WHEN g % 2 = 0 THEN 'apns' ELSE 'fcm' END, 'system.updates',
                '{}', 1000, 999999999, 'pending', 1000, g % 2
            FROM generate_series(1, 10000) g
            """)
        try connection.execute("BEGIN")
        try connection.execute(PostgresPushServerStore.claimPlanSettings)
        let rows = try connection.query(
            "EXPLAIN (COSTS OFF) " + PostgresPushServerStore.claimStatement,
            PostgresPushServerStore.claimParameters(
                now: Date(millisecondsSince1970: 2000), limit: 1000, until: 999_999, owner: "plan",
                platforms: [.apns, .fcm]))
        try connection.execute("ROLLBACK")
        let plan = (0..<rows.count).map { rows.text($0, 0) }.joined(separator: "\n")
        #expect(plan.contains("Index Scan using push_send_rank"), "\(plan)")
        #expect(!plan.contains("Sort"), "\(plan)")
        #expect(!plan.contains("Bitmap"), "\(plan)")
    }
}
