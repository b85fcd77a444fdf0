import Foundation
import GrowBroServerTesting
import TestSupport
import Testing
import WaveNotifications
import WaveNotificationsTesting
import WavePostgres
import WavePush
import WaveSQLite

@testable import GrowBroServer
@testable import GrowBroServerPostgres
@testable import GrowBroServerSQLite

/// Interactive before bulk: claims take due sends by rank (the due instant plus 5 minutes per level below
/// interactive), so a reply overtakes a broadcast, a refresh comes last, and no level starves.
struct SendPriorityTests {
    /// A broadcast of `count` system messages to users `b1`…, one APNs installation each, at `offset`.
    private func broadcast(_ harness: Harness, count: Int, prefix: String = "b", at offset: TimeInterval) throws {
        for n in 1...count { try harness.register("\(prefix)\(n)", "\(prefix)\(n)-phone", apns: 1_000 + n) }
        let events = (1...count).map { n in
            CommunityEvent(
                messageID: "\(prefix)-m\(n)", recipientID: "\(prefix)\(n)",
                kind: .system(title: "News", text: "Tonight"), at: Harness.start.addingTimeInterval(offset))
        }
        for result in try harness.server.fanOut(events, batchSize: 2) { _ = try result.get() }
    }

    private func claim(_ harness: Harness, at offset: TimeInterval, limit: Int = 100) throws -> [PendingSend] {
        try harness.server.claimDue(
            now: Harness.start.addingTimeInterval(offset), limit: limit, lease: .seconds(60), owner: "test")
    }

    @Test(arguments: TestStore.all)
    func aReplyIsClaimedBeforeTheBroadcastRecordedBeforeIt(store: TestStore) throws {
        let harness = try Harness(store: store)
        try broadcast(harness, count: 5, at: 0)
        try harness.register("u1", "u1-phone", apns: 1)
        try harness.reply("r1", to: "u1", at: 10)
        let claimed = try claim(harness, at: 10, limit: 2)
        #expect(claimed.map(\.messageID) == ["r1", "b-m1"])
        #expect(claimed.map(\.priority) == [.interactive, .bulk])
        // The rest of the broadcast still goes, in its order.
        #expect(try claim(harness, at: 10).map(\.messageID) == ["b-m2", "b-m3", "b-m4", "b-m5"])
    }

    /// The dispatcher sends the reply first: its decision is the first of the round.
    @Test(arguments: TestStore.all)
    func theDispatcherSendsTheReplyFirst(store: TestStore) async throws {
        let harness = try Harness(store: store)
        try broadcast(harness, count: 3, at: 0)
        try harness.register("u1", "u1-phone", apns: 1)
        try harness.reply("r1", to: "u1", at: 1)
        let decisions = try await harness.dispatch(at: 1)
        #expect(decisions.map(\.messageID) == ["r1", "b-m1", "b-m2", "b-m3"])
    }

    /// The lag is bounded: a broadcast send due at 0 goes after a reply due at 299 s and before one due at 301 s, so
    /// a stream of replies delays it by at most the replies of 5 minutes.
    @Test(arguments: TestStore.all)
    func aBroadcastSendIsNotStarvedByLaterReplies(store: TestStore) throws {
        let harness = try Harness(store: store)
        try broadcast(harness, count: 1, at: 0)
        try harness.register("u1", "u1-phone", apns: 1)
        try harness.register("u2", "u2-phone", apns: 2)
        try harness.reply("late", to: "u2", at: 301)
        try harness.reply("early", to: "u1", at: 299)
        #expect(try claim(harness, at: 400).map(\.messageID) == ["early", "b-m1", "late"])
    }

    /// A refresh is background whichever way it is fanned out, and ranks 5 minutes after a broadcast send.
    @Test(arguments: TestStore.all)
    func aRefreshComesAfterTheBroadcastAndTheReply(store: TestStore) throws {
        let harness = try Harness(store: store)
        try harness.register("u1", "u1-phone", apns: 1)
        _ = try harness.server.fanOut(
            CommunityEvent(messageID: "f1", recipientID: "u1", kind: .refresh(postID: "42"), at: Harness.start))
        let refreshInBroadcast = CommunityEvent(
            messageID: "f2", recipientID: "u1", kind: .refresh(postID: nil), at: Harness.start)
        _ = try #require(try harness.server.fanOut([refreshInBroadcast]).first).get()
        try broadcast(harness, count: 1, at: 0)
        try harness.reply("r1", to: "u1", at: 0)
        let claimed = try claim(harness, at: 0)
        #expect(claimed.map(\.messageID) == ["r1", "b-m1", "f1", "f2"])
        #expect(claimed.map(\.priority) == [.interactive, .bulk, .background, .background])
    }

    /// A retry keeps its priority and its own due instant: not claimed before it, then ahead of the broadcast.
    @Test(arguments: TestStore.all)
    func aRetryKeepsItsDueInstantAndItsPriority(store: TestStore) async throws {
        let harness = try Harness(store: store)
        try harness.register("u1", "u1-phone", apns: 1)
        try harness.reply("r1", to: "u1", at: 0)
        harness.script(apns: 1, .status(503, #"{"reason":"ServiceUnavailable"}"#))
        let retry = try #require(try await harness.dispatch(at: 0).first)
        let retryAt = try #require(retry.retryAt)
        try broadcast(harness, count: 2, at: 0)
        let offset = retryAt.timeIntervalSince(Harness.start)
        #expect(try claim(harness, at: offset - 0.001, limit: 1).map(\.messageID) == ["b-m1"])
        let claimed = try claim(harness, at: offset, limit: 1)
        #expect(claimed.map(\.messageID) == ["r1"])
        #expect(claimed.first?.dueAt.millisecondsSince1970 == retryAt.millisecondsSince1970)
        #expect(claimed.first?.priority == .interactive)
    }

    /// A version-1 database's rows, the same SQL on both stores: a user, an installation, and a pending send due
    /// 1 s after the start.
    private static let versionOneRows = """
        INSERT INTO server_user VALUES ('u1', 30, 0, 0);
        INSERT INTO installation VALUES ('i1', 'u1', 'apns', '\(Harness.apnsToken(1))', 'production',
            'authorized', 0, 0);
        INSERT INTO message VALUES ('old', 'u1', 'system.updates', 0);
        INSERT INTO push_send (message_id, installation_id, user_id, platform, channel_id, payload, created_ms,
            expires_ms, state, due_ms)
        VALUES ('old', 'i1', 'u1', 'apns', 'system.updates', '{}', 0, 9999999999999, 'pending',
            \(Harness.start.millisecondsSince1970 + 1_000))
        """

    /// A SQLite database written by schema version 1 gains the column: its pending sends are interactive, claimed
    /// earliest due first as before, and the new sends rank with their priority.
    @Test func aVersionOneSQLiteDatabaseIsMigrated() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.appending("push.sqlite").path
        let old = try SQLiteDatabase(path: path)
        try old.migrate(Array(ServerSchema.migrations.prefix(1)))
        try old.execute(Self.versionOneRows)
        old.close()
        let harness = try Harness(path: path)
        defer { harness.server.close() }
        try broadcast(harness, count: 1, at: 0)
        let claimed = try claim(harness, at: 1)
        #expect(claimed.map(\.messageID) == ["old", "b-m1"])
        #expect(claimed.map(\.priority) == [.interactive, .bulk])
    }

    /// A PostgreSQL schema at version 1 is migrated the same way (the advisory lock and `schema_version` record it).
    @Test func aVersionOnePostgresSchemaIsMigrated() throws {
        guard PostgresTestCluster.shared != nil else { return }
        let connectionString = try TestStore.freshSchema("prio")
        let old = try PostgresConnection(connectionString)
        try old.migrate(Array(PostgresServerSchema.migrations.prefix(1)), lockKey: PostgresServerSchema.lockKey)
        try old.execute(Self.versionOneRows)
        old.close()
        let harness = try Harness(location: .postgres(connectionString: connectionString))
        defer { harness.server.close() }
        try broadcast(harness, count: 1, at: 0)
        let claimed = try claim(harness, at: 1)
        #expect(claimed.map(\.messageID) == ["old", "b-m1"])
        #expect(claimed.map(\.priority) == [.interactive, .bulk])
        let versions = try PostgresConnection(connectionString).query("SELECT max(version) FROM schema_version")
        #expect(versions.int64(0, 0) == Int64(PostgresServerSchema.migrations.count))
    }
}
