internal import Foundation
internal import GrowBroServer
internal import GrowBroServerTesting
internal import TestSupport
internal import WaveNotifications
internal import WaveNotificationsTesting
internal import WavePush
internal import WavePushPayloads

/// Workload 9: GrowBro's push server on a durable store, SQLite on a file in the temporary directory (real fsyncs)
/// or PostgreSQL on a throwaway loopback cluster (fsync on): a system message fanned out to N users of one
/// installation each (half APNs, half FCM), then the N recorded sends dispatched to a transport that accepts every
/// request at once, by one or several dispatchers each on its own connection.
enum PushFanOutWorkload {
    enum Phase {
        /// Timed: the N fan-outs (inbox entry, badge, payload, send record), `fanOutBatch` events per commit.
        case fanOut
        /// Timed: the N requests built, "sent" and their outcomes committed (the fan-out before is not timed).
        case dispatch
        /// Timed: from the broadcast's event to its last send accepted, the dispatchers running while the fan-out
        /// records (each claims what the batches committed so far, and looks again 2 ms after finding nothing), as
        /// a backend runs them.
        case broadcast
    }

    /// The store and how the server batches its commits.
    struct Setup {
        var postgres = false
        /// Events per fan-out transaction (1: one commit per recipient, the server before batching).
        var fanOutBatch = 1
        /// Outcomes per dispatch transaction (1: one commit per send, the dispatcher before batching).
        var commitBatch = 1
        /// Dispatchers sharing the store, each with its own connection.
        var senders = 1
    }

    /// A provider that accepts every request at once.
    private struct AcceptingTransport: PushTransport {
        func send(_ request: ProviderRequest) async throws -> ProviderResponse {
            ProviderResponse(status: 200)
        }
    }

    static func run(count: Int, phase: Phase, setup: Setup = Setup()) async throws -> [String: Double] {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("wavebench-push-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let location: PushStoreLocation
        if setup.postgres {
            guard let cluster = PostgresTestCluster.shared else {
                throw WorkloadFailure("PostgreSQL unavailable: \(PostgresTestCluster.unavailableReason)")
            }
            location = .postgres(connectionString: try cluster.freshSchema("bench"))
        } else {
            location = .sqlite(path: directory.appendingPathComponent("server.sqlite").path)
        }
        let server = try location.open()
        defer { server.close() }
        let start = Date(timeIntervalSince1970: 1_781_884_800)
        try registerAudience(count, on: server, at: start)
        let events = broadcast(to: count, at: start.addingTimeInterval(60))
        let clock = ManualWaveClock(now: start.addingTimeInterval(60))
        if phase == .broadcast {
            let fanOutDone = WaveLock(false)
            let broadcastStarted = ContinuousClock.now
            async let accepted = dispatchAll(
                server: server, location: location, clock: clock, setup: setup,
                finished: { fanOutDone.withLock { $0 } })
            let sends = try fanOut(events, on: server, batch: setup.fanOutBatch)
            fanOutDone.withLock { $0 = true }
            let total = try await accepted
            let seconds = (ContinuousClock.now - broadcastStarted).seconds
            try WorkloadFailure.check(sends == count, "\(sends) sends recorded for \(count) installations")
            try WorkloadFailure.check(total == count, "\(total) of \(count) sends accepted")
            return ["seconds": seconds, "operations": Double(count)]
        }
        let fanOutStarted = ContinuousClock.now
        let sends = try fanOut(events, on: server, batch: setup.fanOutBatch)
        let fanOutSeconds = (ContinuousClock.now - fanOutStarted).seconds
        try WorkloadFailure.check(sends == count, "\(sends) sends recorded for \(count) installations")
        if phase == .fanOut {
            let commits = Double((count + setup.fanOutBatch - 1) / setup.fanOutBatch)
            return ["seconds": fanOutSeconds, "operations": Double(count), "commits": commits]
        }
        let dispatchStarted = ContinuousClock.now
        let accepted = try await dispatchAll(
            server: server, location: location, clock: clock, setup: setup, finished: { true })
        let dispatchSeconds = (ContinuousClock.now - dispatchStarted).seconds
        try WorkloadFailure.check(accepted == count, "\(accepted) of \(count) sends accepted")
        try WorkloadFailure.check(try server.pendingSendCount() == 0, "sends still pending after the dispatch")
        return [
            "seconds": dispatchSeconds, "operations": Double(count),
            "commits": Double((count + setup.commitBatch - 1) / setup.commitBatch),
        ]
    }

    /// Registers N users of one installation each, half APNs, half FCM, in batches of 10,000 (never timed).
    static func registerAudience(_ count: Int, on server: PushServer, at start: Date) throws {
        for first in stride(from: 0, to: count, by: 10_000) {
            try server.register(
                (first..<min(count, first + 10_000)).map { index in
                    let apns = index.isMultiple(of: 2)
                    let hex = String(index, radix: 16)
                    return TokenRegistration(
                        userID: "u\(index)", installationID: "i\(index)", platform: apns ? .apns : .fcm,
                        token: apns
                            ? String(repeating: "0", count: 64 - hex.count) + hex
                            : "bench:" + String(repeating: "0", count: 40 - hex.count) + hex,
                        environment: apns ? .production : nil, at: start)
                })
        }
    }

    /// A system message to each of the N users of ``registerAudience(_:on:at:)``.
    static func broadcast(to count: Int, at instant: Date) -> [CommunityEvent] {
        (0..<count).map { index in
            CommunityEvent(
                messageID: "m\(index)", recipientID: "u\(index)",
                kind: .system(title: "GrowBro 3.0", text: "New grow journal templates are here."), at: instant)
        }
    }

    /// Records the events, one commit each or in batches; returns the sends recorded.
    private static func fanOut(_ events: [CommunityEvent], on server: PushServer, batch: Int) throws -> Int {
        var sends = 0
        if batch == 1 {
            for event in events { sends += try server.fanOut(event).sends.count }
        } else {
            for result in try server.fanOut(events, batchSize: batch) { sends += try result.get().sends.count }
        }
        return sends
    }

    /// Runs `setup.senders` dispatchers, each on its own connection (as separate processes would), until nothing
    /// is pending once `finished` says no more sends are coming; returns the sends accepted.
    private static func dispatchAll(
        server: PushServer, location: PushStoreLocation, clock: ManualWaveClock, setup: Setup,
        finished: @escaping @Sendable () -> Bool
    ) async throws -> Int {
        try await withThrowingTaskGroup(of: Int.self) { group in
            for sender in 0..<setup.senders {
                group.addTask {
                    let own = try location.open()
                    defer { own.close() }
                    let dispatcher = PushDispatcher(
                        server: own, transport: AcceptingTransport(), credentials: CountingCredentials(),
                        clock: clock, random: SeededRandom(seed: UInt64(sender + 1)), owner: "bench\(sender)",
                        commitBatchSize: setup.commitBatch)
                    var accepted = 0
                    while true {
                        let done = finished()
                        let decisions = try await dispatcher.dispatchDue(limit: 1_000)
                        accepted += decisions.count { $0.kind == .accepted }
                        if decisions.isEmpty {
                            if done, try own.pendingSendCount() == 0 { return accepted }
                            // The harness's stand-in for a sender's wake-up on a new batch: look again shortly.
                            try await Task.sleep(for: .milliseconds(2))
                        }
                    }
                }
            }
            return try await group.reduce(0, +)
        }
    }
}
