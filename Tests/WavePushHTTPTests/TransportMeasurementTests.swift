import Foundation
import GrowBroServer
import GrowBroServerTesting
import TestSupport
import Testing
import WaveNotifications
import WaveNotificationsTesting
import WavePushHTTP
import WavePushPayloads

/// The figures of BENCHMARKS.md ("Push transport"): requests per second and latency through the real transport to
/// the stand-in with 1 and 100 requests in flight, and a dispatch of 1,000 sends at each. Runs only with
/// `WAVE_MEASURE_TRANSPORT=1` (it takes seconds and its figures are for a person to read); it checks that every
/// request was answered 200 on one connection, and prints the figures.
@Suite(
    .serialized,
    .enabled(
        if: ProcessInfo.processInfo.environment["WAVE_MEASURE_TRANSPORT"] == "1",
        "a measurement for BENCHMARKS.md, run with WAVE_MEASURE_TRANSPORT=1"))
struct TransportMeasurementTests {
    /// In flight, and the stand-in's added delay in milliseconds (0: loopback as is; 20: a provider's round trip).
    @Test(arguments: [(1, 0), (100, 0), (1, 20), (100, 20)])
    func measureRequestsPerSecondAndLatency(inFlight: Int, delay: Int) async throws {
        guard let (standIn, directory) = try await PushStandIn.startForTest(script: #"{"delay_ms": \#(delay)}"#) else {
            return
        }
        defer { directory.remove() }
        let transport = try CurlPushTransport(options: .init(caFile: standIn.caFile))
        let count = delay == 0 || inFlight > 1 ? 3_000 : 200
        func request(_ n: Int) -> ProviderRequest {
            ProviderRequest(
                sendID: Int64(n), messageID: "m\(n)", installationID: "i\(n)", platform: .apns, token: "t\(n)",
                attempt: 1, url: "\(standIn.baseURL)/3/device/t\(n)",
                headers: [
                    HTTPHeader("authorization", "bearer x"), HTTPHeader("apns-topic", "app.growbro"),
                    HTTPHeader("apns-push-type", "alert"),
                ],
                body: #"{"aps":{"alert":{"title":"Ana replied","body":"Looks great"}},"messageId":"m"}"#)
        }
        _ = try await transport.send(request(-1))  // the connection and TLS set up outside the timing
        let clock = ContinuousClock()
        let started = clock.now
        let latencies = try await withThrowingTaskGroup(of: (Int, Duration).self) { group in
            var next = 0
            var results: [Duration] = []
            func add() {
                let n = next
                next += 1
                group.addTask {
                    let sent = clock.now
                    let status = try await transport.send(request(n)).status
                    return (status, clock.now - sent)
                }
            }
            while next < min(inFlight, count) { add() }
            while let (status, latency) = try await group.next() {
                #expect(status == 200)
                results.append(latency)
                if next < count { add() }
            }
            return results.sorted()
        }
        let seconds = (clock.now - started) / .seconds(1)
        #expect(latencies.count == count)
        #expect(try standIn.connectionCount() == 1)
        func milliseconds(_ fraction: Double) -> String {
            let value = latencies[min(latencies.count - 1, Int(Double(latencies.count) * fraction))]
            return String(format: "%.2f", value / .milliseconds(1))
        }
        print(
            "transport: \(inFlight) in flight, +\(delay) ms: \(count) requests in \(String(format: "%.2f", seconds)) s, "
                + "\(Int(Double(count) / seconds)) req/s, p50 \(milliseconds(0.5)) ms, p99 \(milliseconds(0.99)) ms")

        // The dispatcher over the same transport: sends fanned out, dispatched with this many in flight.
        let sends = delay == 0 || inFlight > 1 ? 1_000 : 100
        let start = Date(timeIntervalSince1970: 1_781_884_800)
        let server = try PushServer.inMemory(configuration: GrowBroServerConfiguration(apnsEndpoint: standIn.baseURL))
        for n in 0..<sends {
            let hex = String(n, radix: 16)
            _ = try server.register(
                TokenRegistration(
                    userID: "u\(n)", installationID: "i\(n)", platform: .apns,
                    token: String(repeating: "0", count: 64 - hex.count) + hex, environment: .production, at: start))
            _ = try server.fanOut(
                CommunityEvent(
                    messageID: "m\(n)", recipientID: "u\(n)", kind: .like(postID: "1", author: "Ana"), at: start))
        }
        let dispatcher = PushDispatcher(
            server: server, transport: transport, credentials: CountingCredentials(),
            clock: ManualWaveClock(now: start), random: SeededRandom(seed: 1), maximumInFlight: inFlight)
        let dispatchStarted = clock.now
        let decisions = try await dispatcher.dispatchDue()
        let dispatchSeconds = (clock.now - dispatchStarted) / .seconds(1)
        #expect(decisions.filter { $0.kind == .accepted }.count == sends)
        print(
            "dispatch: \(inFlight) in flight, +\(delay) ms: \(sends) sends in \(String(format: "%.2f", dispatchSeconds)) s, "
                + "\(Int(Double(sends) / dispatchSeconds)) sends/s")
    }
}
