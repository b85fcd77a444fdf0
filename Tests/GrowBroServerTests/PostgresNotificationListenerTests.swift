import Foundation
import GrowBroServer
import GrowBroServerPostgres
import GrowBroServerTesting
import TestSupport
import Testing
import WaveNotifications
import WaveNotificationsTesting
import WavePostgres
import WavePush

/// A sender on PostgreSQL learns of sends another connection commits through `LISTEN`/`NOTIFY`, with no
/// `sendNow()` and no idle check; the listener survives the loss of its connection.
///
/// Each test's time limit is a guard against a hang only (alone each takes well under a second): in `.ci/run`'s
/// ThreadSanitizer run, beside the rest of the suite on two cores, two minutes were once exceeded.
struct PostgresNotificationListenerTests {
    /// The sender waits on a manual clock that never moves and has no idle check: only the notification of the
    /// other connection's fan-out can wake it.
    @Test(.timeLimit(.minutes(10)))
    func aSenderIsWokenByAFanOutOnAnotherConnection() async throws {
        guard PostgresTestCluster.shared != nil else { return }
        let connectionString = try TestStore.freshSchema("wake")
        let harness = try Harness(location: .postgres(connectionString: connectionString))
        defer { harness.server.close() }
        try harness.register("u1", "phone", apns: 1)
        let (decisions, sink) = AsyncStream.makeStream(of: DispatchDecision.self)
        let sender = PushSender(
            dispatcher: harness.dispatcher, server: harness.server, clock: harness.clock,
            onDecision: { sink.yield($0) })
        sender.start()
        // Another process's backend: its own connection, which calls no sendNow().
        let backend = try PushServer(postgres: connectionString)
        defer { backend.close() }
        var next = decisions.makeAsyncIterator()
        _ = try backend.fanOut(
            CommunityEvent(
                messageID: "m1", recipientID: "u1", kind: .like(postID: "42", author: "Ana"), at: Harness.start))
        let first = try #require(await next.next())
        #expect(first.kind == .accepted && first.messageID == "m1")
        // A second one, once the sender is waiting again.
        _ = try backend.fanOut(
            [
                CommunityEvent(
                    messageID: "m2", recipientID: "u1", kind: .system(title: "T", text: "B"), at: Harness.start)
            ])
        let second = try #require(await next.next())
        #expect(second.kind == .accepted && second.messageID == "m2")
        await sender.stop()
        #expect(harness.transport.requests.count == 2)
    }

    /// Its connection terminated by the server (as a restart does), the listener says so once, connects again,
    /// calls back once for what it may have missed, and hears the notifications after.
    @Test(.timeLimit(.minutes(10)))
    func aListenerReconnectsAfterItsConnectionIsTerminated() async throws {
        guard PostgresTestCluster.shared != nil else { return }
        let connectionString = try TestStore.freshSchema("listen")
        let channel = "wave_test_\(UInt32.random(in: 0...UInt32.max))"
        let (calls, sink) = AsyncStream.makeStream(of: String.self)
        let listener = PostgresNotificationListener(
            connectionString: connectionString, channel: channel, retryInterval: .milliseconds(100),
            onNotification: { sink.yield("notified") }, onError: { sink.yield("error: \($0.message)") })
        defer { listener.stop() }
        var next = calls.makeAsyncIterator()
        // The call that follows the first LISTEN.
        #expect(await next.next() == "notified")
        let other = try PostgresConnection(connectionString)
        defer { other.close() }
        try other.execute("NOTIFY \(channel)")
        #expect(await next.next() == "notified")
        let terminated = try other.query(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = $1", [.text("LISTEN \(channel)")])
        #expect(terminated.count == 1)
        let error = try #require(await next.next())
        #expect(error.hasPrefix("error: "))
        // Listening again: the catch-up call, then a notification heard on the new session.
        #expect(await next.next() == "notified")
        try other.execute("NOTIFY \(channel)")
        #expect(await next.next() == "notified")
    }
}
