import Dispatch
import Foundation
import GrowBroServer
import TestSupport
import Testing
import WaveNotifications
import WavePush

#if canImport(Glibc)
    import Glibc
#endif

/// `wavepush dispatch` on PostgreSQL while its database restarts in the middle of a burst, and while it is down for
/// longer than a lease: the sender reconnects by itself, every send ends accepted once, what is requested twice is
/// bounded by the claim in flight, the log says what happened to the connection in one line each, and the metrics
/// scraped meanwhile make sense.
struct DispatchRestartTests {
    /// The burst: one push to each of this many installations, half APNs, half FCM.
    static let size = 2_000
    /// `wavepush dispatch`'s claim: what one interruption can cost at most in second requests.
    static let claimSize = 1_000
    /// The configuration's lease, in seconds.
    static let leaseSeconds = 2

    /// How the database goes away.
    enum Fault: String, CaseIterable, Sendable {
        /// `pg_ctl stop -m fast`, then `start` at once: a restart (a minor upgrade, a failover).
        case restart
        /// Stopped for longer than a lease, then started.
        case outage
    }

    @Test(.serialized, arguments: Fault.allCases)
    func theSenderReconnectsAndEverySendEndsAcceptedOnce(fault: Fault) async throws {
        // Each answer takes 50 ms: the burst lasts long enough for the database to go in its middle.
        guard let (standIn, directory) = try await PushStandIn.startForTest(script: #"{"delay_ms": 50}"#) else {
            return
        }
        defer { directory.remove() }
        // A cluster of the test's own: stopping it disturbs no other test.
        guard let cluster = try PostgresTestCluster.own() else {
            if PostgresTestCluster.isRequired {
                Issue.record("PostgreSQL is required but unavailable: \(PostgresTestCluster.unavailableReason)")
            }
            return
        }
        defer { try? cluster.stop() }
        // Trust authentication ignores the password: it is here to be looked for in the log.
        let password = "s3cret-not-for-logs"
        let database = "postgresql://wave:\(password)@127.0.0.1:\(cluster.port)/postgres?connect_timeout=5"
        let configuration = directory.appending("dispatch.json").path
        try """
        {"apns": {"topic": "app.growbro", "bearerToken": "apns-test", "endpoint": "\(standIn.baseURL)"},
         "fcm": {"project": "growbro-test", "bearerToken": "fcm-test", "endpoint": "\(standIn.baseURL)"},
         "caFile": "\(standIn.caFile)", "idleCheckSeconds": 0.1, "maximumInFlight": 100,
         "sender": {"leaseSeconds": \(Self.leaseSeconds), "commitBatch": 100}}
        """.write(toFile: configuration, atomically: true, encoding: .utf8)
        // The test's own connection retries at each call (no clock): its polls fail while the database is away.
        let server = try PushStoreLocation(database).open()
        defer { server.close() }
        try DispatchKillTests.burst(Self.size, into: server)

        let child = try ChildProcess(
            DispatchCommandTests.program,
            arguments: ["dispatch", configuration, "--db", database, "--metrics", "127.0.0.1:0"])
        defer { child.terminate() }
        let metricsLine = try #require(await child.nextLine())
        let port = try #require(metricsLine.firstMatch(of: /"port":(\d+)/).flatMap { Int($0.1) }, "\(metricsLine)")
        let lines = Task { await child.remainingLines() }
        let scrapes = Scrapes(port: port)

        // The fault once 600 sends are committed, with the burst's first claim (1,000) in flight.
        try await DispatchKillTests.onThread {
            while (try? server.pendingSendCount()).map({ $0 > Self.size - 600 }) ?? true { usleep(1_000) }
        }
        let requestsAtFault = try standIn.received().count
        try cluster.stop()
        if fault == .outage {
            // Down: a scrape says so at once (the connection's backoff never makes it wait).
            let down = try await MetricsSample.scrape(port: port)
            #expect(down.value("wavepush_store_up") == 0, "\(down.text)")
            #expect(down.value("wavepush_sends_due") == nil)
            // Longer than a lease: the claims the sender held when it lost the database end meanwhile.
            try await DispatchKillTests.onThread { usleep(UInt32(Self.leaseSeconds) * 1_500_000) }
        }
        try cluster.start()

        try await DispatchKillTests.onThread {
            let deadline = Date().addingTimeInterval(120)
            while (try? server.pendingSendCount()) != 0 {
                guard Date() < deadline else { throw MetricsScrapeError(status: -1) }
                usleep(20_000)
            }
        }
        // The sender's connection may still be waiting out its backoff (up to 30 s) when the test's own connection,
        // which retries at each call, already sees the database back: under load the burst can end before the fault,
        // and an idle sender then reconnects only at its next attempt. The final figures are read once it has.
        // And the sender counts a decision after its commit: the store can say "nothing pending" a moment before the
        // last batch's decisions are counted, so the final page is one whose accepted count held for half a second.
        var final = try await MetricsSample.scrape(port: port)
        let settleDeadline = Date().addingTimeInterval(60)
        while Date() < settleDeadline {
            try await Task.sleep(for: .milliseconds(500))
            let next = try await MetricsSample.scrape(port: port)
            let settled =
                final.value("wavepush_store_up") == 1 && next.value("wavepush_store_up") == 1
                && final.sum("wavepush_decisions_total", kind: "accepted")
                    == next.sum("wavepush_decisions_total", kind: "accepted")
                && next.value("wavepush_requests_in_flight") == 0
            final = next
            if settled { break }
        }
        let sampled = await scrapes.stop()
        await child.kill(SIGTERM)
        let printed = await lines.value
        #expect(printed.last?.contains(#""type":"stopped""#) == true, "\(printed.suffix(3))")

        // Every send ended accepted, once (an outcome is committed only on a pending send).
        let sends = try server.allSends()
        #expect(sends.count == Self.size)
        #expect(sends.filter { $0.state == .accepted }.count == Self.size)
        // Every installation was requested; what was requested twice is at most the claim in flight at the fault.
        let received = try standIn.received().filter { $0.path != "/token" }
        let requested = received.compactMap(DispatchKillTests.installation)
        #expect(requested.count == received.count, "a request the test cannot attribute")
        #expect(Set(requested) == Set((0..<Self.size).map { "p\($0)" }))
        let requestedTwice = Dictionary(requested.map { ($0, 1) }, uniquingKeysWith: +).values.filter { $0 > 1 }.count
        #expect(requestedTwice <= Self.claimSize)

        // The log: the connection lost once, the failed attempts, reconnected once, one line each; no `error` line
        // for the rounds that failed meanwhile (the `database` lines said why), and never the password.
        let events = printed.filter { $0.hasPrefix(#"{"type":"database""#) }
        func event(_ line: String) -> String? {
            line.firstMatch(of: /"event":"([a-z_]+)"/).map { String($0.1) }
        }
        // The sender's listening connection (LISTEN) is lost too: one `listen` line, no `error` line.
        let listening = printed.filter { $0.hasPrefix(#"{"type":"listen""#) }
        #expect(listening.count == 1, "\(listening)")
        #expect(listening.allSatisfy { $0.contains(#""event":"lost""#) }, "\(listening)")
        #expect(events.first.flatMap(event) == "lost", "\(events)")
        #expect(events.last.flatMap(event) == "reconnected", "\(events)")
        #expect(events.filter { event($0) == "lost" }.count == 1, "\(events)")
        #expect(events.filter { event($0) == "reconnected" }.count == 1, "\(events)")
        #expect(events.dropFirst().dropLast().allSatisfy { event($0) == "reconnect_failed" }, "\(events)")
        if fault == .outage {
            #expect(events.count >= 3, "no failed attempt while the database was down: \(events)")
        }
        #expect(events.allSatisfy { $0.contains(#""database":"postgresql 127.0.0.1/postgres""#) })
        #expect(!printed.contains { $0.hasPrefix(#"{"type":"error""#) }, "\(printed.filter { $0.contains("error") })")
        #expect(!printed.contains { $0.contains(password) })
        // Each acceptance logged once; a batch whose COMMIT the server finished as the connection went is accepted
        // in the store without its lines (the sender never learned it committed).
        let logged = DispatchKillTests.acceptedInstallations(printed)
        #expect(Set(logged).count == logged.count, "a send logged accepted twice")
        #expect(logged.count >= Self.size - 100 && logged.count <= Self.size)

        // The metrics: the accepted decisions are the `sent` lines; every request timed; nothing left.
        #expect(final.sum("wavepush_decisions_total", kind: "accepted") == Double(logged.count), "\(final.text)")
        #expect(final.sum("wavepush_request_duration_seconds_count") == Double(received.count))
        #expect(final.value("wavepush_store_up") == 1, "\(final.text)")
        #expect(final.value("wavepush_sends_pending") == 0, "\(final.text)")
        #expect(final.value("wavepush_sends_due") == 0, "\(final.text)")
        #expect(final.value("wavepush_requests_in_flight") == 0, "\(final.text)")
        // Scraped all along: the backlog was seen above 0 and came down to 0; the accepted count never went down.
        #expect(sampled.contains { ($0.value("wavepush_sends_due") ?? 0) > 0 }, "no backlog seen in \(sampled.count)")
        let accepted = sampled.map { $0.sum("wavepush_decisions_total", kind: "accepted") }
        #expect(zip(accepted, accepted.dropFirst()).allSatisfy { $0 <= $1 })
        print(
            "DispatchRestartTests(\(fault)): \(Self.size) sends, \(requestsAtFault) requests at the fault, "
                + "\(received.count) requests, \(requestedTwice) requested twice, \(events.count) database lines, "
                + "\(sampled.count) scrapes (\(sampled.filter { $0.value("wavepush_store_up") == 0 }.count) down), "
                + "all accepted\n" + events.joined(separator: "\n"))
    }

    /// Scrapes the metrics every 50 ms until stopped.
    final class Scrapes: Sendable {
        private let task: Task<[MetricsSample], Never>

        init(port: Int) {
            task = Task {
                var samples: [MetricsSample] = []
                while !Task.isCancelled {
                    if let sample = try? await MetricsSample.scrape(port: port) { samples.append(sample) }
                    try? await Task.sleep(for: .milliseconds(50))
                }
                return samples
            }
        }

        func stop() async -> [MetricsSample] {
            task.cancel()
            return await task.value
        }
    }
}
