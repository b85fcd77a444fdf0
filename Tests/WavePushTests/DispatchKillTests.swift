import Dispatch
import Foundation
import GrowBroServer
import TestSupport
import Testing
import WaveNotifications
import WavePush
import WavePushPayloads

#if canImport(Glibc)
    import Glibc
#endif

/// `wavepush dispatch` killed with SIGKILL in the middle of a burst to the loopback stand-ins, then started again on
/// the same database: no push is lost, and no push whose outcome was committed before the kill is requested again.
struct DispatchKillTests {
    /// The burst: one push to each of this many installations, half APNs, half FCM.
    static let size = 3_000
    /// `wavepush dispatch`'s claim (Sources/WavePush/Commands/DispatchCommand): what a kill can cost at most.
    static let claimSize = 1_000

    /// The configuration's `sender.commitBatch`.
    static let commitBatch = 100

    /// The stores the command runs on here: SQLite, and PostgreSQL where a throwaway cluster starts.
    static let stores: [String] = PostgresTestCluster.shared != nil ? ["sqlite", "postgres"] : ["sqlite"]

    static func token(_ n: Int) -> String {
        if n.isMultiple(of: 2) {
            let hex = String(n + 1, radix: 16)
            return String(repeating: "0", count: 64 - hex.count) + hex
        }
        return "fcm-token:APA91b" + String(repeating: "k", count: 40) + String(n)
    }

    @Test(.serialized, arguments: stores)
    func aDispatcherKilledMidBurstLosesNoPushAndResendsNoCommittedOne(store: String) async throws {
        // Each answer takes 10 ms: the burst lasts long enough to be killed in its middle on any machine.
        guard let (standIn, directory) = try await PushStandIn.startForTest(script: #"{"delay_ms": 10}"#) else {
            return
        }
        defer { directory.remove() }
        let database =
            store == "sqlite"
            ? directory.appending("push.sqlite").path
            : try #require(PostgresTestCluster.shared).freshSchema("dispatchkill")
        let configuration = directory.appending("dispatch.json").path
        // A 2-second lease: the claim the killed process held is due again 2 s after its claim, not 60.
        try """
        {"apns": {"topic": "app.growbro", "bearerToken": "apns-test", "endpoint": "\(standIn.baseURL)"},
         "fcm": {"project": "growbro-test", "bearerToken": "fcm-test", "endpoint": "\(standIn.baseURL)"},
         "caFile": "\(standIn.caFile)", "idleCheckSeconds": 0.1, "maximumInFlight": 100,
         "sender": {"leaseSeconds": 2, "commitBatch": \(Self.commitBatch)}}
        """.write(toFile: configuration, atomically: true, encoding: .utf8)

        let server = try PushStoreLocation(database).open()
        defer { server.close() }
        try Self.burst(Self.size, into: server)
        #expect(try server.pendingSendCount() == Self.size)

        let arguments = ["dispatch", configuration, "--db", database]
        let first = try ChildProcess(DispatchCommandTests.program, arguments: arguments)
        let firstLines = Task { await first.remainingLines() }
        // Killed in the middle of its second claim (of 1,000), once 1,450 sends are committed, polled and killed
        // from a thread of its own (not from a task, which other tests' work could starve while the burst ends).
        try await Self.onThread {
            while try server.pendingSendCount() > Self.size - 1_450 { usleep(1_000) }
            Foundation.kill(first.pid, SIGKILL)
        }
        _ = await first.waitForExit()
        let printedBeforeKill = await firstLines.value
        // What the store holds as ended at the kill: each of these was acknowledged and committed. A COMMIT the killed
        // process had already sent can still finish on the database server after the process is gone (PostgreSQL
        // completes a transaction whose client died once it has its COMMIT), so the ended sends are read until three
        // reads 100 ms apart agree.
        let settled = WaveLock<Set<String>>([])
        try await Self.onThread {
            var reads: [Set<String>] = []
            while reads.count < 3 || Set(reads.suffix(3)).count > 1 {
                reads.append(Set(try server.allSends().filter { $0.state != .pending }.map(\.installationID)))
                usleep(100_000)
            }
            settled.withLock { $0 = reads[reads.count - 1] }
        }
        let committed = settled.withLock { $0 }
        let requestsBeforeRestart = try standIn.received().count
        #expect(committed.count > 0 && committed.count < Self.size, "the kill fell outside the burst")

        // The second run serves its metrics: scraped once the burst is done, they count what it committed.
        let second = try ChildProcess(
            DispatchCommandTests.program, arguments: arguments + ["--metrics", "127.0.0.1:0"])
        defer { second.terminate() }
        let metricsLine = try #require(await second.nextLine())
        let port = try #require(metricsLine.firstMatch(of: /"port":(\d+)/).flatMap { Int($0.1) }, "\(metricsLine)")
        let secondLines = Task { await second.remainingLines() }
        try await Self.onThread { while try server.pendingSendCount() > 0 { usleep(10_000) } }
        let scraped = try await MetricsSample.scrape(port: port)
        await second.kill(SIGTERM)
        let printedAfter = await secondLines.value
        #expect(printedAfter.last?.contains(#""type":"stopped""#) == true)

        // The metrics agree with the log and the store: one accepted decision per `sent` line, one request timed per
        // request the stand-in saw from this run, nothing left due or in flight.
        let sentLines = printedAfter.filter { $0.hasPrefix(#"{"type":"sent""#) }.count
        #expect(scraped.sum("wavepush_decisions_total", kind: "accepted") == Double(sentLines), "\(scraped.text)")
        #expect(scraped.sum("wavepush_decisions_total", kind: "accepted") == Double(Self.size - committed.count))
        #expect(scraped.value("wavepush_store_up") == 1)
        #expect(scraped.value("wavepush_sends_pending") == 0)
        #expect(scraped.value("wavepush_sends_due") == 0)
        #expect(scraped.value("wavepush_oldest_due_send_age_seconds") == 0)
        #expect(scraped.value("wavepush_requests_in_flight") == 0)

        // No push lost: every send ended accepted.
        let sends = try server.allSends()
        #expect(sends.count == Self.size)
        #expect(sends.filter { $0.state == .accepted }.count == Self.size)
        // The stand-in saw every installation's push, over HTTP/2.
        let received = try standIn.received().filter { $0.path != "/token" }
        #expect(received.allSatisfy { $0.alpn == "h2" })
        #expect(
            scraped.sum("wavepush_request_duration_seconds_count") == Double(received.count - requestsBeforeRestart))
        let requested = received.compactMap(Self.installation)
        #expect(requested.count == received.count, "a request the test cannot attribute")
        #expect(Set(requested) == Set((0..<Self.size).map { "p\($0)" }))
        // Nothing committed before the kill was requested again after it.
        let afterRestart = received.dropFirst(requestsBeforeRestart).compactMap(Self.installation)
        #expect(Set(afterRestart).isDisjoint(with: committed))
        // What was requested twice belongs to the claim the kill interrupted.
        let requestedTwice = Dictionary(requested.map { ($0, 1) }, uniquingKeysWith: +).values.filter { $0 > 1 }.count
        #expect(requestedTwice <= Self.claimSize)
        // The operator's log agrees: the restarted run reports no acceptance for a send committed before the kill,
        // and every send has an acceptance line in one run or the other, but for the batch committed as the kill
        // fell (its lines are written after its commit, so a log never shows an uncommitted decision).
        let acceptedInstallations = { (lines: [String]) in Set(Self.acceptedInstallations(lines)) }
        #expect(acceptedInstallations(printedAfter).isDisjoint(with: committed))
        let logged = acceptedInstallations(printedBeforeKill).union(acceptedInstallations(printedAfter))
        let unlogged = Set((0..<Self.size).map { "p\($0)" }).subtracting(logged)
        #expect(unlogged.isSubset(of: committed))
        #expect(unlogged.count <= Self.commitBatch, "\(unlogged.count) committed decisions missing from the log")
        print(
            "DispatchKillTests(\(store)): \(Self.size) sends, \(committed.count) committed at the kill, "
                + "\(received.count) requests, \(requestedTwice) requested twice, \(unlogged.count) committed and not "
                + "logged, all accepted")
    }

    /// Registers `size` installations (`p0`…, even ones APNs, odd ones FCM) and fans out one system message to each,
    /// due now.
    static func burst(_ size: Int, into server: PushServer) throws {
        let start = Date(timeIntervalSince1970: 1_781_884_800)
        try server.register(
            (0..<size).map { n in
                TokenRegistration(
                    userID: "u\(n)", installationID: "p\(n)", platform: n.isMultiple(of: 2) ? .apns : .fcm,
                    token: Self.token(n), environment: n.isMultiple(of: 2) ? .production : nil, at: start)
            })
        let now = Date()
        _ = try server.fanOut(
            (0..<size).map { n in
                CommunityEvent(
                    messageID: "b\(n)", recipientID: "u\(n)",
                    kind: .system(title: "GrowBro 3.0", text: "New templates"),
                    at: now)
            }, batchSize: 1_000)
    }

    /// The installation a request of ``burst(_:into:)`` went to, from its APNs path or its FCM body.
    static func installation(of request: PushStandIn.Received) -> String? {
        if request.path.hasPrefix("/3/device/") {
            let token = String(request.path.dropFirst("/3/device/".count))
            return Int(token, radix: 16).map { "p\($0 - 1)" }
        }
        guard let range = request.body.range(of: "fcm-token:APA91b" + String(repeating: "k", count: 40)) else {
            return nil
        }
        let digits = request.body[range.upperBound...].prefix { $0.isNumber }
        return digits.isEmpty ? nil : "p" + digits
    }

    /// The installations of the `sent` lines, one entry per line (a repeat is a send logged accepted twice).
    static func acceptedInstallations(_ lines: [String]) -> [String] {
        lines.filter { $0.hasPrefix(#"{"type":"sent""#) }.compactMap { line in
            line.range(of: #""installation":""#).map { range in
                String(line[range.upperBound...].prefix { $0 != "\"" })
            }
        }
    }

    /// Runs `body` on a Dispatch thread and waits for it: polling the store there never waits for this process's
    /// task threads, which other tests may keep busy.
    static func onThread(_ body: @escaping @Sendable () throws -> Void) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            DispatchQueue.global().async {
                do {
                    try body()
                    continuation.resume()
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }
}
