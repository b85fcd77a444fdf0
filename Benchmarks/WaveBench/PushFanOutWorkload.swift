internal import Foundation
internal import GrowBroServer
internal import GrowBroServerTesting
internal import TestSupport
internal import WaveNotifications
internal import WaveNotificationsTesting
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
        /// Timed: from the broadcast's event to its last send accepted: the fan-out, then the dispatch.
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
        let server = try PushServer(store: location)
        defer { server.close() }
        let start = Date(timeIntervalSince1970: 1_781_884_800)
        // The audience, registered in batches of 10,000 (not timed).
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
        let events = (0..<count).map { index in
            CommunityEvent(
                messageID: "m\(index)", recipientID: "u\(index)",
                kind: .system(title: "GrowBro 3.0", text: "New grow journal templates are here."),
                at: start.addingTimeInterval(60))
        }
        let fanOutStarted = ContinuousClock.now
        var sends = 0
        if setup.fanOutBatch == 1 {
            for event in events { sends += try server.fanOut(event).sends.count }
        } else {
            for result in try server.fanOut(events, batchSize: setup.fanOutBatch) {
                sends += try result.get().sends.count
            }
        }
        let fanOutSeconds = (ContinuousClock.now - fanOutStarted).seconds
        try WorkloadFailure.check(sends == count, "\(sends) sends recorded for \(count) installations")
        let fanOutCommits = Double((count + setup.fanOutBatch - 1) / setup.fanOutBatch)
        if phase == .fanOut {
            return ["seconds": fanOutSeconds, "operations": Double(count), "commits": fanOutCommits]
        }
        let clock = ManualWaveClock(now: start.addingTimeInterval(60))
        let dispatchStarted = ContinuousClock.now
        let accepted = try await withThrowingTaskGroup(of: Int.self) { group in
            for sender in 0..<setup.senders {
                group.addTask {
                    // Each dispatcher its own connection, as separate processes would have.
                    let own = sender == 0 ? server : try PushServer(store: location)
                    defer { if sender != 0 { own.close() } }
                    let dispatcher = PushDispatcher(
                        server: own, transport: AcceptingTransport(), credentials: CountingCredentials(),
                        clock: clock, random: SeededRandom(seed: UInt64(sender + 1)), owner: "bench\(sender)",
                        commitBatchSize: setup.commitBatch)
                    var accepted = 0
                    while true {
                        let decisions = try await dispatcher.dispatchDue(limit: 1_000)
                        if decisions.isEmpty { return accepted }
                        accepted += decisions.count { $0.kind == .accepted }
                    }
                }
            }
            return try await group.reduce(0, +)
        }
        let dispatchSeconds = (ContinuousClock.now - dispatchStarted).seconds
        try WorkloadFailure.check(accepted == count, "\(accepted) of \(count) sends accepted")
        try WorkloadFailure.check(try server.pendingSendCount() == 0, "sends still pending after the dispatch")
        let dispatchCommits = Double(count / setup.commitBatch)
        if phase == .dispatch {
            return ["seconds": dispatchSeconds, "operations": Double(count), "commits": dispatchCommits]
        }
        return [
            "seconds": fanOutSeconds + dispatchSeconds, "operations": Double(count),
            "commits": fanOutCommits + dispatchCommits,
        ]
    }
}
