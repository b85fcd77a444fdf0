import Foundation
import GrowBroServer
import GrowBroServerSQLite
import GrowBroServerTesting
import TestSupport
import Testing
import WaveNotifications
import WaveNotificationsTesting
import WavePushHTTP
import WavePushPayloads

/// The dispatcher end to end through the real transport: tokens registered, an event fanned out, every send answered
/// by the stand-in over HTTP/2 on one connection, and the store ending as the rules say.
struct DispatchThroughCurlTests {
    static let start = Date(timeIntervalSince1970: 1_781_884_800)

    static func apnsToken(_ n: Int) -> String {
        let hex = String(n, radix: 16)
        return String(repeating: "0", count: 64 - hex.count) + hex
    }

    static func fcmToken(_ n: Int) -> String {
        "fcm-token:APA91b" + String(repeating: "x", count: 40) + String(n)
    }

    /// 100 phones of 100 users, each replied to: the stand-in answers none before all 100 are in flight (a
    /// dispatcher sending one at a time gets 503s instead), then one token is refused and one asked to wait.
    @Test
    func aHundredSendsGoOutTogetherOnOneConnectionAndEndAsTheRulesSay() async throws {
        let script = """
            {"barrier": 100, "barrier_timeout": 10,
             "answers": {"\(Self.apnsToken(7))": [{"status": 400, "reason": "BadDeviceToken"}],
                         "\(Self.apnsToken(8))": [{"status": 429, "reason": "TooManyRequests", "retry_after": "60"}],
                         "\(Self.fcmToken(9))": [{"status": 404, "reason": "UNREGISTERED"}]}}
            """
        guard let (standIn, directory) = try await PushStandIn.startForTest(script: script) else { return }
        defer { directory.remove() }
        let configuration = GrowBroServerConfiguration(
            apnsEndpoint: standIn.baseURL, fcmEndpoint: standIn.baseURL)
        let server = try PushServer.inMemory(configuration: configuration)
        for n in 0..<100 {
            let fcm = n % 10 == 9
            _ = try server.register(
                TokenRegistration(
                    userID: "u\(n)", installationID: "i\(n)", platform: fcm ? .fcm : .apns,
                    token: fcm ? Self.fcmToken(n) : Self.apnsToken(n), environment: fcm ? nil : .production,
                    at: Self.start))
            _ = try server.fanOut(
                CommunityEvent(
                    messageID: "m\(n)", recipientID: "u\(n)",
                    kind: .reply(postID: "42", author: "Ana", authorID: "ana", text: "Looks great"), at: Self.start))
        }
        let transport = try CurlPushTransport(options: .init(caFile: standIn.caFile))
        let dispatcher = PushDispatcher(
            server: server, transport: transport, credentials: CountingCredentials(),
            clock: ManualWaveClock(now: Self.start), random: SeededRandom(seed: 3), maximumInFlight: 100)
        let decisions = try await dispatcher.dispatchDue()

        #expect(decisions.count == 100)
        #expect(decisions.map(\.sendID) == decisions.map(\.sendID).sorted())
        let kinds = Dictionary(grouping: decisions, by: \.installationID).mapValues { $0.map(\.kind) }
        #expect(kinds["i7"] == [.purged])
        #expect(kinds["i8"] == [.retry])
        #expect(kinds["i9"] == [.purged])
        #expect(decisions.filter { $0.kind == .accepted }.count == 97)
        let retry = try #require(decisions.first { $0.installationID == "i8" })
        #expect(retry.retryAt.map { $0 >= Self.start.addingTimeInterval(60) } == true)
        #expect(try server.installation("i7") == nil)
        #expect(try server.pendingSendCount() == 1)

        let received = try standIn.received()
        #expect(received.count == 100)
        #expect(received.allSatisfy { $0.alpn == "h2" })
        #expect(try standIn.connectionCount() == 1)
        #expect(received.map(\.openStreams).max() == 100)
        let apns = try #require(received.first { $0.path == "/3/device/\(Self.apnsToken(1))" })
        #expect(apns.header("authorization") == "bearer apns-1")
        #expect(apns.header("apns-topic") == "app.growbro")
        #expect(apns.header("apns-push-type") == "alert")
        let fcm = try #require(received.first { $0.path == "/v1/projects/growbro/messages:send" })
        #expect(fcm.header("authorization") == "Bearer fcm-1")
        #expect(fcm.body.contains(#""token":"fcm-token:APA91b"#))
    }

    /// A certificate that does not verify fails the send at once, naming curl's error, and the token is kept; a
    /// dropped connection is retried, its reason curl's words rather than "no response".
    @Test
    func aCertificateErrorFailsTheSendAtOnceAndADroppedConnectionIsRetried() async throws {
        let script = #"{"answers": {"\#(Self.apnsToken(2))": [{"drop": true}]}}"#
        guard let (standIn, directory) = try await PushStandIn.startForTest(script: script) else { return }
        defer { directory.remove() }
        let configuration = GrowBroServerConfiguration(apnsEndpoint: standIn.baseURL, fcmEndpoint: standIn.baseURL)
        for (trusted, token, kind) in [(false, 1, DispatchDecision.Kind.failed), (true, 2, .retry)] {
            let server = try PushServer.inMemory(configuration: configuration)
            _ = try server.register(
                TokenRegistration(
                    userID: "u", installationID: "i", platform: .apns, token: Self.apnsToken(token),
                    environment: .production, at: Self.start))
            _ = try server.fanOut(
                CommunityEvent(
                    messageID: "m", recipientID: "u",
                    kind: .reply(postID: "42", author: "Ana", authorID: "ana", text: "Looks great"), at: Self.start))
            // Untrusted: the system's trust store, which does not hold the stand-in's authority.
            let transport = try CurlPushTransport(options: .init(caFile: trusted ? standIn.caFile : nil))
            let dispatcher = PushDispatcher(
                server: server, transport: transport, credentials: CountingCredentials(),
                clock: ManualWaveClock(now: Self.start), random: SeededRandom(seed: 3))
            let decision = try #require(try await dispatcher.dispatchDue().first)
            #expect(decision.kind == kind)
            switch decision.reason {
            case .transportRefused(let text):
                #expect(!trusted && text.contains("curl error 60") && text.contains("certificate"), "\(text)")
                #expect(
                    decision.reason?.description.hasSuffix(
                        "(not retried: the request cannot be answered as configured)") == true)
            case .noAnswer(let text):
                #expect(trusted && text.hasPrefix("curl error "), "\(text)")
            default:
                Issue.record("unexpected reason \(String(describing: decision.reason))")
            }
            #expect(try server.installation("i") != nil)
            #expect(try server.sends(of: "m").map(\.reason) == [decision.reason?.description])
        }
    }
}
