internal import Foundation
internal import GrowBroServer
internal import GrowBroServerTesting
internal import TestSupport
internal import WaveNotifications
internal import WavePush
internal import WavePushAPI
internal import WavePushHTTP
internal import WavePushPayloads
internal import WaveSystemClock

/// Workload 14: how long an event takes from the start of its `POST /v1/events` to its request at the loopback
/// stand-in for APNs (TestSupport's push-standin.py, which logs each request's arrival by the wall clock): the
/// HTTP API as `wavepush serve` runs it (PushAPI on libmicrohttpd, 4 threads, the system clock) and a sender as
/// `wavepush dispatch` runs it (`PushSender`, `CurlPushTransport` over HTTP/2 and TLS, idle check 1 s, the default),
/// both in this process but each on its own connection to the store, as two processes are: nothing tells the sender
/// of the API's events but the store. On PostgreSQL the fan-out's `NOTIFY` wakes the sender; on SQLite the sender
/// finds the send at its next idle check, so the latency there is mostly that wait.
///
/// Timed: `samples` replies, each to its own user's one APNs installation, one at a time over one keep-alive
/// connection, each after the previous one's push was answered and a pause drawn evenly from 50 ms to 1.05 s (a
/// seeded generator): an event comes at any point of the sender's 1 s idle wait, as a backend's do, rather than
/// always just after the sender's last round (which would make every SQLite sample wait the whole second). Reports the median, 99th
/// percentile and largest latency in milliseconds, and the median of the API's answer alone (request to answer).
enum APIEventLatencyWorkload {
    static func run(samples: Int, postgres: Bool) async throws -> [String: Double] {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("wavebench-api-latency-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let location = try PushStoreLocation.forBenchmark(postgres: postgres, schema: "apilatency", in: directory)
        let (standIn, configuration) = try await PushStandIn.forBenchmark(in: directory)
        let apiStore = try location.open(configuration: configuration)
        defer { apiStore.close() }
        let senderStore = try location.open(configuration: configuration)
        defer { senderStore.close() }
        let clock = SystemAlarmClock()
        let warmUps = 3
        let total = warmUps + samples
        try apiStore.register(
            (0..<total).map { index in
                TokenRegistration(
                    userID: "r\(index)", installationID: "r\(index)-phone", platform: .apns,
                    token: PushLatencyWorkload.token(index), environment: .production, at: clock.now)
            })

        // The API, as `wavepush serve` makes it, on the system clock.
        let http = try APIRequestWorkload.startAPI(on: apiStore, clock: clock, in: directory)
        defer { http.stop(grace: .seconds(1)) }

        // The sender, as `wavepush dispatch` makes it.
        let decided = DispatchSemaphore(value: 0)
        let decisions = WaveLock<[DispatchDecision]>([])
        let sender = PushSender(
            dispatcher: PushDispatcher(
                server: senderStore, transport: try CurlPushTransport(options: .init(caFile: standIn.caFile)),
                credentials: CountingCredentials(), clock: clock, random: SystemRandomNumberGenerator(),
                maximumInFlight: 100, commitBatchSize: 500),
            server: senderStore, clock: clock, idleCheck: .seconds(1),
            onDecision: { decision in
                decisions.withLock { $0.append(decision) }
                decided.signal()
            })
        sender.start()

        // The backend: one keep-alive connection, on a thread of its own (blocking sockets, off Swift's pool).
        let port = http.port
        let started = ContinuousClock.now
        let timing = await withCheckedContinuation {
            (
                continuation: CheckedContinuation<
                    Result<(starts: [String: Double], answers: [Double]), any Error>, Never
                >
            )
            in
            let thread = Thread {
                continuation.resume(
                    returning: Result {
                        let connection = try APIRequestWorkload.Connection(port: port)
                        defer { connection.close() }
                        var random = SplitMix64(seed: 51)
                        var starts: [String: Double] = [:]
                        var answers: [Double] = []
                        for index in 0..<total {
                            let body = Array(
                                #"{"kind":"reply","recipient":"r\#(index)","messageId":"event\#(index)","postId":"p\#(index)","author":"Ana","text":"Nice buds!"}"#
                                    .utf8)
                            let start = Date().timeIntervalSince1970
                            let status = try connection.post("/v1/events", key: APIRequestWorkload.key, body: body)
                            let answered = Date().timeIntervalSince1970
                            guard status == 200 else { throw WorkloadFailure("/v1/events answered \(status)") }
                            guard decided.wait(timeout: .now() + 30) == .success else {
                                throw WorkloadFailure("event \(index) was not sent within 30 s")
                            }
                            if index >= warmUps {
                                starts[PushLatencyWorkload.token(index)] = start
                                answers.append((answered - start) * 1_000)
                            }
                            Thread.sleep(forTimeInterval: Double.random(in: 0.05..<1.05, using: &random))
                        }
                        return (starts, answers)
                    })
            }
            thread.start()
        }
        let seconds = (ContinuousClock.now - started).seconds
        await sender.stop()
        let (starts, answers) = try timing.get()
        let refused = decisions.withLock { $0 }.filter { $0.kind != .accepted }
        try WorkloadFailure.check(refused.isEmpty, "not accepted: \(refused.map(\.kind))")
        let latencies = try standIn.received().compactMap { request -> Double? in
            let token = String(request.path.split(separator: "/").last ?? "")
            guard let at = request.receivedAt, let start = starts[token] else { return nil }
            return (at - start) * 1_000
        }.sorted()
        try WorkloadFailure.check(
            latencies.count == samples, "\(latencies.count) of \(samples) events seen at the stand-in")
        return [
            "seconds": seconds, "operations": Double(samples),
            "p50Milliseconds": Statistics.percentile(50, ofSorted: latencies),
            "p99Milliseconds": Statistics.percentile(99, ofSorted: latencies),
            "maxMilliseconds": latencies.last ?? 0,
            "answerP50Milliseconds": Statistics.percentile(50, ofSorted: answers.sorted()),
        ]
    }
}
