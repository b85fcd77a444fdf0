internal import Foundation
internal import GrowBroServer
internal import GrowBroServerTesting
internal import TestSupport
internal import WaveNotifications
internal import WavePush
internal import WavePushHTTP
internal import WavePushPayloads
internal import WaveSystemClock

/// Workload 12: how long a reply takes from its fan-out's commit to its request at the loopback stand-in for APNs
/// (TestSupport's push-standin.py, which logs each request's arrival by the wall clock), through a running
/// `PushSender` on the wall clock (`SystemAlarmClock`), the real transport (`CurlPushTransport`, HTTP/2 over TLS)
/// and a store on disk: a SQLite file, or a PostgreSQL schema in the throwaway cluster.
///
/// On SQLite the backend fans out in the sender's process and calls `sendNow()`, as an embedding backend does (a
/// SQLite sender in another process finds the send at its idle check instead). On PostgreSQL the backend is a second
/// `PushServer` on its own connection that calls nothing of the sender: the sender learns of the reply only through
/// the fan-out's `NOTIFY`. The sender's idle check is 1 s, as `wavepush dispatch`'s default, so a lost wake-up would
/// show as hundreds of milliseconds.
enum PushLatencyWorkload {
    /// What the sender is doing when the replies come.
    enum Load {
        /// Nothing: each reply comes to a waiting sender.
        case idle
        /// Sending a broadcast to `broadcastSize` installations (a system message each, fanned out in batches of
        /// 1,000, so bulk): replies come while it is being sent.
        case broadcast
    }

    /// The broadcast's size.
    static let broadcastSize = 100_000

    /// Timed: `samples` replies, each to its own user's one APNs installation, fanned out one at a time, each after
    /// the previous one's request was answered and 50 ms (idle) or 200 ms (during the broadcast) later. Reports
    /// the median, 99th percentile and largest latency in milliseconds; during the broadcast only the replies
    /// fanned out before its last send was answered count (a sender that sends the broadcast first answers the
    /// first of them after it, and that one is measured), and the run fails when none was.
    static func run(samples: Int, postgres: Bool, load: Load, quick: Bool) async throws -> [String: Double] {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("wavebench-latency-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let (standIn, configuration) = try await PushStandIn.forBenchmark(in: directory)
        let location = try PushStoreLocation.forBenchmark(postgres: postgres, schema: "latency", in: directory)
        let server = try location.open(configuration: configuration)
        defer { server.close() }
        // The backend: on PostgreSQL another connection, as another process would have.
        let backend = postgres ? try location.open(configuration: configuration) : server
        defer { if postgres { backend.close() } }
        let clock = SystemAlarmClock()
        let broadcastSize = load == .broadcast ? (quick ? 10_000 : Self.broadcastSize) : 0
        if broadcastSize > 0 { try PushFanOutWorkload.registerAudience(broadcastSize, on: server, at: clock.now) }
        let warmUps = 3
        let repliers = warmUps + samples
        try server.register(
            (0..<repliers).map { index in
                TokenRegistration(
                    userID: "r\(index)", installationID: "r\(index)-phone", platform: .apns, token: token(index),
                    environment: .production, at: clock.now)
            })

        let transport = try CurlPushTransport(options: .init(caFile: standIn.caFile))
        let dispatcher = PushDispatcher(
            server: server, transport: transport, credentials: CountingCredentials(), clock: clock,
            random: SystemRandomNumberGenerator(), maximumInFlight: 100, commitBatchSize: 500)
        let broadcastAccepted = WaveLock(0)
        let (replies, sink) = AsyncStream.makeStream(of: DispatchDecision.self)
        let sender = PushSender(
            dispatcher: dispatcher, server: server, clock: clock, idleCheck: .seconds(1),
            onDecision: { decision in
                if decision.messageID.hasPrefix("reply") {
                    sink.yield(decision)
                } else if decision.kind == .accepted {
                    broadcastAccepted.withLock { $0 += 1 }
                }
            })
        sender.start()
        var answered = replies.makeAsyncIterator()
        var committed: [String: Double] = [:]  // token → the reply's commit, seconds since 1970
        var counted: Set<String> = []

        func reply(_ index: Int) async throws -> DispatchDecision {
            _ = try backend.fanOut(
                CommunityEvent(
                    messageID: "reply\(index)", recipientID: "r\(index)",
                    kind: .reply(postID: "p\(index)", author: "Ana", authorID: nil, text: "Nice buds!"), at: clock.now))
            committed[token(index)] = Date().timeIntervalSince1970
            if !postgres { sender.sendNow() }
            guard let decision = await answered.next(), decision.messageID == "reply\(index)" else {
                throw WorkloadFailure("the reply \(index) was not answered in order")
            }
            try WorkloadFailure.check(decision.kind == .accepted, "reply \(index): \(decision.kind)")
            return decision
        }

        // Unmeasured: the TLS connection, the listener's LISTEN, the statements' preparation.
        for index in 0..<warmUps { _ = try await reply(index) }
        let started = ContinuousClock.now
        if broadcastSize > 0 {
            let events = PushFanOutWorkload.broadcast(to: broadcastSize, at: clock.now)
            for result in try backend.fanOut(events, batchSize: 1_000) { _ = try result.get() }
            if !postgres { sender.sendNow() }
            // Replies from when the broadcast is under way.
            while broadcastAccepted.withLock({ $0 }) < min(2_000, broadcastSize / 2) {
                try await Task.sleep(for: .milliseconds(20))
            }
        }
        for index in warmUps..<repliers {
            if broadcastSize > 0 {
                // A reply counts when it is fanned out before the broadcast's last send was answered.
                guard broadcastAccepted.withLock({ $0 }) < broadcastSize else { break }
                counted.insert(token(index))
                _ = try await reply(index)
                try await Task.sleep(for: .milliseconds(200))
            } else {
                _ = try await reply(index)
                counted.insert(token(index))
                try await Task.sleep(for: .milliseconds(50))
            }
        }
        let seconds = (ContinuousClock.now - started).seconds
        if broadcastSize > 0 {
            // The rest of the broadcast, so the store is left as a sender leaves it.
            while broadcastAccepted.withLock({ $0 }) < broadcastSize { try await Task.sleep(for: .milliseconds(50)) }
        }
        await sender.stop()
        let latencies = try standIn.received().compactMap { request -> Double? in
            let token = String(request.path.split(separator: "/").last ?? "")
            guard counted.contains(token), let at = request.receivedAt, let commit = committed[token] else {
                return nil
            }
            return (at - commit) * 1_000
        }.sorted()
        try WorkloadFailure.check(
            latencies.count == counted.count, "\(latencies.count) of \(counted.count) replies seen at the stand-in")
        try WorkloadFailure.check(
            broadcastSize == 0 || !latencies.isEmpty, "no reply was fanned out during the broadcast")
        func percentile(_ p: Double) -> Double { latencies[min(latencies.count - 1, Int(Double(latencies.count) * p))] }
        return [
            "seconds": seconds, "operations": Double(latencies.count), "p50Milliseconds": percentile(0.5),
            "p99Milliseconds": percentile(0.99), "maxMilliseconds": latencies.last ?? 0,
            "broadcast": Double(broadcastSize),
        ]
    }

    /// The APNs token of replier `index`: 64 hex digits, apart from the broadcast's.
    static func token(_ index: Int) -> String {
        let hex = String(0x1_0000_0000 + index, radix: 16)
        return String(repeating: "f", count: 64 - hex.count) + hex
    }
}
