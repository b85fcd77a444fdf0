import Foundation
import GrowBroServer
import GrowBroServerPostgres
import GrowBroServerTesting
import TestSupport
import Testing
import WaveNotifications
import WaveNotificationsTesting
import WavePostgres
import WavePushPayloads

/// A PostgreSQL server that goes away under a running `PushServer`: the call in flight fails as `unavailable`, the
/// calls after it reconnect with backoff on the injected clock (a manual one here), one event for each loss, failed
/// attempt and reconnection, and nothing of the connection string's password in any of them.
struct PostgresReconnectionTests {
    /// The server's events, in order.
    final class Events: Sendable {
        private let recorded = WaveLock<[PostgresConnectionEvent]>([])
        var all: [PostgresConnectionEvent] { recorded.withLock { $0 } }
        func append(_ event: PostgresConnectionEvent) { recorded.withLock { $0.append(event) } }
    }

    /// A cluster of the test's own (stopping it must not disturb the tests sharing the other one), or `nil` to skip.
    static func ownCluster() throws -> PostgresTestCluster? {
        guard let cluster = try PostgresTestCluster.own() else {
            if PostgresTestCluster.isRequired {
                Issue.record("PostgreSQL is required but unavailable: \(PostgresTestCluster.unavailableReason)")
            }
            return nil
        }
        return cluster
    }

    @Test
    func aLostConnectionIsReconnectedWithCappedBackoffOnTheClock() async throws {
        guard let cluster = try Self.ownCluster() else { return }
        defer { try? cluster.stop() }
        let password = "s3cret-not-for-logs"
        // Trust authentication ignores the password: it is here to be looked for in what the server reports.
        let connectionString = "postgresql://wave:\(password)@127.0.0.1:\(cluster.port)/postgres?connect_timeout=10"
        let clock = ManualWaveClock(now: Harness.start)
        let events = Events()
        let backoff = RetryPolicy(base: .seconds(1), cap: .seconds(4))
        let server = try PushServer(
            postgres: connectionString, clock: clock, random: SeededRandom(seed: 5), backoff: backoff,
            onConnectionEvent: events.append)
        defer { server.close() }
        _ = try server.register(
            TokenRegistration(
                userID: "u1", installationID: "i1", platform: .fcm, token: Harness.fcmToken(1), at: Harness.start))
        #expect(events.all.isEmpty)

        try cluster.stop()
        var errors: [PushStoreError] = []
        func failingCall() throws {
            errors.append(try #require(throws: PushStoreError.self) { try server.isKnownUser("u1") })
        }
        // The call that meets the loss fails, and says so once.
        try failingCall()
        #expect(events.all.map(\.kind) == [.lost])
        // The next call attempts at once (a restarted server is often back by then): it fails, and the next attempt
        // waits 0.5 to 1 s (equal jitter over the first nominal second).
        try failingCall()
        #expect(events.all.map(\.kind) == [.lost, .reconnectFailed])
        // Until then calls fail at once without an attempt (nor an event): a scrape reads "down" without waiting.
        try failingCall()
        try failingCall()
        #expect(events.all.count == 2)
        #expect(errors.last?.detail.contains("the next attempt to reconnect is in") == true, "\(errors)")
        // Each failed attempt doubles the nominal wait, up to the cap: 1, 2, 4, 4, 4 s, each jittered in its upper
        // half.
        var nominal = 1.0
        for attempt in 1...5 {
            let event = try #require(events.all.last)
            #expect(event.kind == .reconnectFailed && event.attempts == attempt)
            let wait = Int64((try #require(event.nextAttempt).timeIntervalSince(event.at) * 1000).rounded())
            #expect(wait >= Int64(nominal * 500) && wait <= Int64(nominal * 1000), "attempt \(attempt): \(wait) ms")
            await clock.advance(by: .milliseconds(wait - 1))
            try failingCall()
            #expect(events.all.count == attempt + 1, "an attempt before its instant")
            await clock.advance(by: .milliseconds(1))
            try failingCall()
            #expect(events.all.count == attempt + 2)
            nominal = min(nominal * 2, 4)
        }
        #expect(errors.allSatisfy { $0.kind == .unavailable }, "\(errors)")

        try cluster.start()
        // Not before the next attempt's instant, however ready the server is.
        try failingCall()
        let last = try #require(events.all.last)
        await clock.advance(
            by: .milliseconds(Int64((try #require(last.nextAttempt).timeIntervalSince(last.at) * 1000).rounded())))
        #expect(try server.isKnownUser("u1"))
        let reconnected = try #require(events.all.last)
        #expect(reconnected.kind == .reconnected && reconnected.attempts == 7)
        #expect(reconnected.secondsWithoutConnection == clock.now.timeIntervalSince(events.all[0].at))
        #expect(try server.isKnownUser("u1"))
        #expect(events.all.count == 8)

        // One line each, naming the database and never the password.
        let lines = events.all.map(\.description) + errors.map(\.description)
        #expect(lines.allSatisfy { !$0.contains(password) && !$0.contains("\n") }, "\(lines)")
        #expect(lines[0].hasPrefix("postgresql 127.0.0.1/postgres: connection lost ("), "\(lines[0])")
        #expect(lines[1].contains("reconnect attempt 1 failed ("), "\(lines[1])")
        #expect(lines[7].contains("reconnected after 7 attempts"), "\(lines[7])")
    }

    /// A transaction that loses its connection fails to its end and keeps nothing; the next call reconnects.
    @Test
    func aCallInFlightFailsAndTheNextReconnects() throws {
        guard let cluster = try Self.ownCluster() else { return }
        defer { try? cluster.stop() }
        let clock = ManualWaveClock(now: Harness.start)
        let events = Events()
        let server = try PushServer(
            postgres: cluster.connectionString(), clock: clock, random: SeededRandom(seed: 1),
            onConnectionEvent: events.append)
        defer { server.close() }
        // The server restarts between two calls: the first call after it is the one in flight when the connection
        // turns out gone; it is not retried (its caller decides), and the next call reconnects at once.
        try cluster.stop()
        try cluster.start()
        let error = try #require(throws: PushStoreError.self) { try server.pendingSendCount() }
        #expect(error.kind == .unavailable)
        #expect(try server.pendingSendCount() == 0)
        #expect(events.all.map(\.kind) == [.lost, .reconnected])
        #expect(events.all.last?.attempts == 1)
    }
}
