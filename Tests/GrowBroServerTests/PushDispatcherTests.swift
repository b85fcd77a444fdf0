import Foundation
import GrowBroServer
import GrowBroServerSQLite
import GrowBroServerTesting
import Testing
import WaveNotifications
import WaveNotificationsTesting
import WavePushPayloads

/// What the dispatcher does with each answer: accept, purge, the 410 rule, renewals, retries and expiry.
struct PushDispatcherTests {
    @Test(arguments: TestStore.all)
    func anAcceptedSendIsFinalAndRecordsTheAcceptedEvent(store: TestStore) async throws {
        let harness = try Harness(store: store)
        try harness.register("u1", "phone", apns: 1)
        try harness.reply("m1", to: "u1")
        #expect(try await harness.dispatch().map(\.kind) == [.accepted])
        #expect(try await harness.dispatch(at: 60).isEmpty)
        #expect(harness.transport.requests.count == 1)
        #expect(try harness.server.sends(of: "m1").map(\.state) == [.accepted])
    }

    @Test(arguments: TestStore.all, ["BadDeviceToken", "DeviceTokenNotForTopic"])
    func apnsBadTokensArePurged(store: TestStore, reason: String) async throws {
        let harness = try Harness(store: store)
        try harness.register("u1", "phone", apns: 1)
        harness.script(apns: 1, .status(400, #"{"reason":"\#(reason)"}"#))
        try harness.reply("m1", to: "u1")
        let decision = try #require(try await harness.dispatch().first)
        #expect(decision.kind == .purged)
        #expect(decision.reason == .provider(reason))
        #expect(decision.token == Harness.apnsToken(1))
        #expect(try harness.server.installations(of: "u1").isEmpty)
        #expect(try harness.server.tokenChanges().last?.kind == .purged)
    }

    @Test(arguments: TestStore.all)
    func apnsUnregisteredPurgesUnlessTheTokenWasRefreshedAfterItsTimestamp(store: TestStore) async throws {
        let harness = try Harness(store: store)
        try harness.register("u1", "phone", apns: 1, at: 0)
        try harness.register("u1", "tablet", apns: 2, at: 0)
        try harness.register("u1", "tablet", apns: 2, at: 100)  // refreshed after the timestamp below
        let timestamp = Int(Harness.start.timeIntervalSince1970 + 50) * 1000
        let body = #"{"reason":"Unregistered","timestamp":\#(timestamp)}"#
        harness.script(apns: 1, .status(410, body))
        harness.script(apns: 2, .status(410, body))
        try harness.reply("m1", to: "u1", at: 200)
        let decisions = try await harness.dispatch(at: 200)
        #expect(decisions.map(\.kind) == [.purged, .failed])
        #expect(decisions[1].reason == .unregisteredBeforeRefresh(.provider("Unregistered")))
        #expect(decisions[1].reason?.description == "Unregistered before the token's refresh; token kept")
        #expect(try harness.server.installations(of: "u1").map(\.id) == ["tablet"])
    }

    @Test(arguments: TestStore.all)
    func anExpiredProviderTokenIsRenewedAndRetriedOnce(store: TestStore) async throws {
        let harness = try Harness(store: store)
        try harness.register("u1", "phone", apns: 1)
        harness.script(apns: 1, .status(403, #"{"reason":"ExpiredProviderToken"}"#))
        try harness.reply("m1", to: "u1")
        let decisions = try await harness.dispatch()
        #expect(decisions.map(\.kind) == [.retry, .accepted])
        #expect(
            harness.transport.requests.map { $0.headers.value(named: "authorization") } == [
                "bearer apns-1", "bearer apns-2",
            ])
        #expect(harness.credentials.renewals(of: .apns) == 1)
    }

    /// A renewal that cannot be made now (APNs allows one provider token per 20 minutes) is not announced as a new
    /// credential: the send waits with the refusal and why no new one was made, and no request is made meanwhile.
    @Test(arguments: TestStore.all)
    func aRefusedCredentialThatCannotBeRenewedYetWaitsSayingWhy(store: TestStore) async throws {
        let harness = try Harness(store: store, credentials: CountingCredentials(refusingRenewal: [.apns]))
        try harness.register("u1", "phone", apns: 1)
        harness.script(apns: 1, .status(403, #"{"reason":"ExpiredProviderToken"}"#))
        try harness.reply("m1", to: "u1")
        let decisions = try await harness.dispatch()
        #expect(decisions.map(\.kind) == [.retry])
        #expect(
            decisions.first?.reason?.description
                == "ExpiredProviderToken: no new credential: a new apns credential is not allowed yet")
        #expect(decisions.first?.retryAt.map { $0 > Harness.start } == true)
        #expect(harness.transport.requests.count == 1)
        #expect(harness.credentials.renewals(of: .apns) == 0)
        #expect(try harness.server.sends(of: "m1").map(\.state) == [.pending])
    }

    @Test(arguments: TestStore.all)
    func aSecondRefusalAfterRenewalFailsTheSendAndKeepsTheToken(store: TestStore) async throws {
        let harness = try Harness(store: store)
        try harness.register("u1", "android", fcm: 1)
        let refusal = ScriptedTransport.Answer.status(401, #"{"error":{"code":401,"status":"UNAUTHENTICATED"}}"#)
        harness.script(fcm: 1, refusal, refusal)
        try harness.reply("m1", to: "u1")
        let decisions = try await harness.dispatch()
        #expect(decisions.map(\.kind) == [.retry, .failed])
        #expect(decisions[1].reason?.description == "UNAUTHENTICATED again after a new credential")
        #expect(try harness.server.installations(of: "u1").count == 1)
    }

    @Test(arguments: TestStore.all)
    func aServiceUnavailableIsRetriedWithExponentialBackoffAndJitter(store: TestStore) async throws {
        let harness = try Harness(store: store, configuration: GrowBroServerConfiguration(backoffBase: .seconds(10)))
        try harness.register("u1", "phone", apns: 1)
        let busy = ScriptedTransport.Answer.status(503, #"{"reason":"ServiceUnavailable"}"#)
        harness.script(apns: 1, busy, busy, busy)
        try harness.reply("m1", to: "u1")
        var offset = 0.0
        var delays: [Double] = []
        for _ in 0..<3 {
            let decision = try #require(try await harness.dispatch(at: offset).first)
            #expect(decision.kind == .retry)
            let retryAt = try #require(decision.retryAt)
            delays.append(retryAt.timeIntervalSince(Harness.start) - offset)
            offset = retryAt.timeIntervalSince(Harness.start)
            #expect(try await harness.dispatch(at: offset - 0.5).isEmpty)  // not before it is due
        }
        for (index, delay) in delays.enumerated() {
            let nominal = 10.0 * pow(2, Double(index))
            #expect(delay >= nominal / 2 && delay <= nominal, "retry \(index + 1): \(delay)")
        }
        #expect(try await harness.dispatch(at: offset).map(\.kind) == [.accepted])
    }

    @Test
    func theJitterIsSeededAndSpreadsSends() {
        let policy = RetryPolicy(base: .seconds(8), cap: .seconds(900))
        var first = SeededRandom(seed: 1)
        var second = SeededRandom(seed: 1)
        let a = (0..<20).map { _ in policy.delay(afterAttempt: 3, retryAfter: nil, using: &first) }
        let b = (0..<20).map { _ in policy.delay(afterAttempt: 3, retryAfter: nil, using: &second) }
        #expect(a == b)
        #expect(Set(a).count > 10)
        #expect(a.allSatisfy { $0 >= .seconds(16) && $0 <= .seconds(32) })
        var random = SeededRandom(seed: 2)
        #expect(policy.delay(afterAttempt: 30, retryAfter: nil, using: &random) <= .seconds(900))
        #expect(policy.delay(afterAttempt: 1, retryAfter: .seconds(300), using: &random) == .seconds(300))
    }

    @Test(arguments: TestStore.all)
    func fcmRetryAfterIsAFloor(store: TestStore) async throws {
        let harness = try Harness(store: store)
        try harness.register("u1", "android", fcm: 1)
        harness.script(
            fcm: 1,
            .status(429, #"{"error":{"status":"RESOURCE_EXHAUSTED"}}"#, headers: [HTTPHeader("Retry-After", "600")]))
        try harness.reply("m1", to: "u1")
        let decision = try #require(try await harness.dispatch().first)
        #expect(decision.retryAt == Harness.start.addingTimeInterval(600))
    }

    @Test(arguments: TestStore.all)
    func noRetryIsMadePastTheExpiration(store: TestStore) async throws {
        let harness = try Harness(
            store: store,
            configuration: GrowBroServerConfiguration(sendLifetime: .seconds(60), backoffBase: .seconds(40)))
        try harness.register("u1", "phone", apns: 1)
        harness.script(apns: 1, .noResponse, .noResponse)
        try harness.reply("m1", to: "u1")
        let first = try #require(try await harness.dispatch().first)
        #expect(first.kind == .retry)
        #expect(first.reason == .noAnswer("no response"))
        let retryAt = try #require(first.retryAt).timeIntervalSince(Harness.start)
        let second = try #require(try await harness.dispatch(at: retryAt).first)
        #expect(second.kind == .expired)
        #expect(try harness.server.sends(of: "m1").map(\.state) == [.expired])
    }

    /// A transport that says no attempt can succeed (a certificate that does not verify) fails the send at once, its
    /// reason the transport's words and that it was not retried; the token is kept.
    @Test(arguments: TestStore.all)
    func aTransportFailureThatNoRetryCanMendFailsTheSendAtOnce(store: TestStore) async throws {
        let harness = try Harness(store: store)
        try harness.register("u1", "phone", apns: 1)
        harness.script(apns: 1, .refused("curl error 60: SSL certificate problem"))
        try harness.reply("m1", to: "u1")
        let decision = try #require(try await harness.dispatch().first)
        #expect(decision.kind == .failed)
        #expect(decision.attempt == 1)
        #expect(decision.reason == .transportRefused("curl error 60: SSL certificate problem"))
        let recorded = try #require(try harness.server.sends(of: "m1").first)
        #expect(recorded.state == .failed)
        #expect(
            recorded.reason
                == "curl error 60: SSL certificate problem (not retried: the request cannot be answered as configured)")
        #expect(harness.transport.requests.count == 1)
        #expect(try harness.server.installations(of: "u1").count == 1)
    }

    @Test(arguments: TestStore.all)
    func theAttemptsAreCapped(store: TestStore) async throws {
        let harness = try Harness(store: store, configuration: GrowBroServerConfiguration(maximumAttempts: 2))
        try harness.register("u1", "phone", apns: 1)
        harness.script(apns: 1, .status(500), .status(500))
        try harness.reply("m1", to: "u1")
        let first = try #require(try await harness.dispatch().first)
        let retryAt = try #require(first.retryAt)
        let second = try #require(try await harness.dispatch(at: retryAt.timeIntervalSince(Harness.start)).first)
        #expect(second.kind == .failed)
        #expect(second.reason == .gaveUp(.provider("status 500"), attempts: 2))
        #expect(second.reason?.description == "status 500; gave up after 2 attempts")
    }

    @Test(arguments: TestStore.all)
    func aResponseThatIsNotJSONFailsTheSendNamingItAndKeepsTheToken(store: TestStore) async throws {
        let harness = try Harness(store: store)
        try harness.register("u1", "phone", apns: 1)
        harness.script(apns: 1, .status(400, "<html>Bad Request</html>"))
        try harness.reply("m1", to: "u1")
        let decision = try #require(try await harness.dispatch().first)
        #expect(decision.kind == .failed)
        #expect(decision.reason?.description.hasPrefix("APNs 400 response is not JSON: line 1, column 1") == true)
        #expect(try harness.server.installations(of: "u1").count == 1)
    }

    @Test(
        arguments: TestStore.all,
        [
            (404, #"{"error":{"status":"NOT_FOUND","details":[{"errorCode":"UNREGISTERED"}]}}"#),
            (403, #"{"error":{"status":"PERMISSION_DENIED","details":[{"errorCode":"SENDER_ID_MISMATCH"}]}}"#),
            (
                400,
                #"{"error":{"status":"INVALID_ARGUMENT","message":"The registration token is not a valid FCM registration token"}}"#
            ),
        ])
    func fcmInvalidTokensArePurged(store: TestStore, example: (status: Int, body: String)) async throws {
        let (status, body) = example
        let harness = try Harness(store: store)
        try harness.register("u1", "android", fcm: 1)
        harness.script(fcm: 1, .status(status, body))
        try harness.reply("m1", to: "u1")
        #expect(try await harness.dispatch().map(\.kind) == [.purged])
        #expect(try harness.server.installations(of: "u1").isEmpty)
    }

    @Test(arguments: TestStore.all)
    func aRotationBeforeTheAttemptSendsToTheNewToken(store: TestStore) async throws {
        let harness = try Harness(store: store)
        try harness.register("u1", "android", fcm: 1)
        try harness.reply("m1", to: "u1")
        try harness.register("u1", "android", fcm: 2, at: 1)
        _ = try await harness.dispatch(at: 2)
        #expect(harness.transport.requests.map(\.token) == [Harness.fcmToken(2)])
    }

    @Test(arguments: TestStore.all)
    func aPurgeForAnOldTokenKeepsTheInstallationsNewOne(store: TestStore) async throws {
        let harness = try Harness(store: store)
        try harness.register("u1", "phone", apns: 1)
        try harness.reply("m1", to: "u1")
        harness.script(apns: 1, .noResponse)
        _ = try await harness.dispatch()  // no answer: retried later
        try harness.register("u1", "phone", apns: 2, at: 1)
        harness.script(apns: 2, .status(200))
        let decision = try #require(try await harness.dispatch(at: 3_600).first)
        #expect(decision.kind == .accepted)
        #expect(try harness.server.installations(of: "u1").map(\.token) == [Harness.apnsToken(2)])
    }

    /// A transport that, while sending, asks the dispatcher to dispatch again, as a second task would.
    final class ReentrantTransport: PushTransport {
        let dispatcher = WaveLock<PushDispatcher?>(nil)
        let nestedDecisions = WaveLock<[Int]>([])
        let sent = WaveLock(0)

        func send(_ request: ProviderRequest) async throws -> ProviderResponse {
            sent.withLock { $0 += 1 }
            if let dispatcher = dispatcher.withLock({ $0 }) {
                let nested = try await dispatcher.dispatchDue()
                nestedDecisions.withLock { $0.append(nested.count) }
            }
            return ProviderResponse(status: 200)
        }
    }

    @Test
    func aSecondCallWhileDispatchingTakesNothing() async throws {
        let server = try PushServer.inMemory()
        try server.register(
            TokenRegistration(
                userID: "u1", installationID: "a", platform: .apns, token: Harness.apnsToken(1),
                environment: .production, at: Harness.start))
        try server.register(
            TokenRegistration(
                userID: "u1", installationID: "b", platform: .apns, token: Harness.apnsToken(2),
                environment: .production, at: Harness.start))
        _ = try server.fanOut(
            CommunityEvent(
                messageID: "m1", recipientID: "u1", kind: .like(postID: "1", author: "Ana"), at: Harness.start))
        let transport = ReentrantTransport()
        let dispatcher = PushDispatcher(
            server: server, transport: transport, credentials: CountingCredentials(),
            clock: ManualWaveClock(now: Harness.start), random: SeededRandom(seed: 1))
        transport.dispatcher.withLock { $0 = dispatcher }
        let decisions = try await dispatcher.dispatchDue()
        #expect(decisions.map(\.kind) == [.accepted, .accepted])
        #expect(transport.nestedDecisions.withLock { $0 } == [0, 0])
        #expect(transport.sent.withLock { $0 } == 2)
    }

    @Test
    func pendingSendsSurviveARestartAndAreSentOnce() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("growbro-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("server.sqlite").path
        do {
            let harness = try Harness(path: path)
            try harness.register("u1", "phone", apns: 1)
            try harness.register("u1", "android", fcm: 1)
            try harness.reply("m1", to: "u1")
            harness.server.close()
        }
        let restarted = try Harness(path: path)
        #expect(try restarted.server.pendingSendCount() == 2)
        #expect(try await restarted.dispatch().map(\.kind) == [.accepted, .accepted])
        #expect(try await restarted.dispatch(at: 10).isEmpty)
        #expect(restarted.transport.requests.count == 2)
    }
}
