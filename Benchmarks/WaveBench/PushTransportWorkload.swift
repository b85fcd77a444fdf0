internal import Foundation
internal import GrowBroServer
internal import GrowBroServerSQLite
internal import GrowBroServerTesting
internal import TestSupport
internal import WaveNotifications
internal import WaveNotificationsTesting
internal import WavePushHTTP
internal import WavePushPayloads

/// Workload 11: GrowBro's dispatch through the real transport (`CurlPushTransport`, HTTP/2 over TLS through
/// libcurl) to the loopback stand-in for APNs and FCM (TestSupport's push-standin.py, Python's h2), beside the
/// stand-in's own ceiling as an independent client measures it (h2load, from Debian's nghttp2-client).
enum PushTransportWorkload {
    /// The dispatcher's requests in flight by default, and h2load's streams.
    static let inFlight = 100

    /// Timed: the N sends of a batched fan-out (SQLite on a file, not timed) dispatched through the real transport,
    /// `inFlight` requests at once and outcomes committed in batches of 500, the stand-in adding `delay`
    /// milliseconds to each answer (0: loopback as is; 20: a provider's round trip). Reports the sends per second,
    /// and the most streams the stand-in saw open on one connection and the connections it saw.
    static func dispatch(count: Int, delay: Int, inFlight: Int = inFlight) async throws -> [String: Double] {
        let directory = try workDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let standIn = try await startStandIn(script: #"{"delay_ms": \#(delay)}"#, in: directory)
        let server = try PushServer(
            path: directory.appendingPathComponent("server.sqlite").path,
            configuration: GrowBroServerConfiguration(apnsEndpoint: standIn.baseURL, fcmEndpoint: standIn.baseURL))
        defer { server.close() }
        let start = Date(timeIntervalSince1970: 1_781_884_800)
        try PushFanOutWorkload.registerAudience(count, on: server, at: start)
        let results = try server.fanOut(
            PushFanOutWorkload.broadcast(to: count, at: start.addingTimeInterval(60)), batchSize: 1_000)
        let recorded = try results.reduce(0) { $0 + (try $1.get().sends.count) }
        try WorkloadFailure.check(recorded == count, "\(recorded) sends recorded for \(count) installations")
        let transport = try CurlPushTransport(options: .init(caFile: standIn.caFile))
        let dispatcher = PushDispatcher(
            server: server, transport: transport, credentials: CountingCredentials(),
            clock: ManualWaveClock(now: start.addingTimeInterval(60)), random: SeededRandom(seed: 1),
            maximumInFlight: inFlight, commitBatchSize: 500)
        let started = ContinuousClock.now
        var accepted = 0
        while true {
            let decisions = try await dispatcher.dispatchDue(limit: 1_000)
            if decisions.isEmpty { break }
            accepted += decisions.count { $0.kind == .accepted }
        }
        let seconds = (ContinuousClock.now - started).seconds
        try WorkloadFailure.check(accepted == count, "\(accepted) of \(count) sends accepted")
        let received = try standIn.received()
        try WorkloadFailure.check(received.count == count, "the stand-in saw \(received.count) of \(count) requests")
        try WorkloadFailure.check(received.allSatisfy { $0.alpn == "h2" }, "a request did not arrive over HTTP/2")
        return [
            "seconds": seconds, "operations": Double(count),
            "maxOpenStreams": Double(received.map(\.openStreams).max() ?? 0),
            "connections": Double(try standIn.connectionCount()),
        ]
    }

    /// Timed: N APNs requests from h2load (one connection, 100 streams at once) to the stand-in: what the stand-in
    /// answers at most, with a client that is not ours.
    static func ceiling(count: Int) async throws -> [String: Double] {
        guard
            let h2load = ["/usr/bin/h2load", "/usr/local/bin/h2load"].first(where: FileManager.default.isExecutableFile)
        else {
            throw WorkloadFailure("h2load is not installed (Debian: apt-get install nghttp2-client)")
        }
        let directory = try workDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let standIn = try await startStandIn(script: "{}", in: directory)
        let body = directory.appendingPathComponent("body.json")
        try Data(#"{"aps":{"alert":{"title":"GrowBro 3.0","body":"New templates"}}}"#.utf8).write(to: body)
        let token = String(repeating: "0", count: 63) + "1"
        let child = try TestSupport.ChildProcess(
            URL(fileURLWithPath: h2load),
            arguments: [
                "-n", "\(count)", "-c", "1", "-m", "\(inFlight)", "-d", body.path, "-H", "authorization: bearer x",
                "-H", "apns-topic: app.growbro", "-H", "apns-push-type: alert",
                "\(standIn.baseURL)/3/device/\(token)",
            ])
        let lines = await child.remainingLines()
        try WorkloadFailure.check(await child.waitForExit() == 0, "h2load failed: \(lines.suffix(5))")
        // "finished in 2.51s, 3984.06 req/s, 450.03KB/s" and "requests: N total, N started, N done, N succeeded, …"
        guard let finished = lines.first(where: { $0.hasPrefix("finished in ") }),
            let rate = finished.split(separator: ",").dropFirst().first?.split(separator: " ").first.flatMap({
                Double($0)
            }),
            let requests = lines.first(where: { $0.hasPrefix("requests: ") }),
            requests.contains("\(count) succeeded")
        else {
            throw WorkloadFailure("h2load's output was not as expected: \(lines.prefix(12))")
        }
        let received = try standIn.received()
        try WorkloadFailure.check(received.count == count, "the stand-in saw \(received.count) of \(count) requests")
        return [
            "seconds": Double(count) / rate, "operations": Double(count),
            "maxOpenStreams": Double(received.map(\.openStreams).max() ?? 0),
            "connections": Double(try standIn.connectionCount()),
        ]
    }

    private static func workDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("wavebench-transport-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    private static func startStandIn(script: String, in directory: URL) async throws -> PushStandIn {
        if let reason = PushStandIn.unavailableReason {
            throw WorkloadFailure("the push stand-in cannot run: \(reason)")
        }
        return try await PushStandIn(script: script, in: directory)
    }
}
