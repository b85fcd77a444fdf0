import Foundation
import GrowBroServer
import GrowBroServerSQLite
import GrowBroServerTesting
import Testing
import WaveNotifications
import WaveNotificationsTesting
import WavePushPayloads

/// Requests in flight together, outcomes committed in the sends' order: the same decisions whatever order the
/// answers come in, and one installation's sends one after the other.
struct PushDispatcherConcurrencyTests {
    /// The second send to a phone waits for the first's outcome: the token it would use was purged by it.
    @Test
    func aSendWaitsForTheOutcomeOfTheEarlierSendToItsInstallation() async throws {
        let harness = try Harness()
        try harness.register("u1", "phone", apns: 1)
        try harness.register("u1", "tablet", apns: 2)
        harness.script(apns: 1, .status(400, #"{"reason":"BadDeviceToken"}"#))
        try harness.reply("m1", to: "u1")
        try harness.reply("m2", to: "u1")
        let decisions = try await harness.dispatch()
        #expect(
            decisions.map { "\($0.messageID) \($0.installationID) \($0.kind)" }.sorted()
                == ["m1 phone purged", "m1 tablet accepted", "m2 phone dropped", "m2 tablet accepted"])
        #expect(harness.transport.requests.count == 3)
    }

    /// Each answer is held until the next send's answer is given, so they come last first; every send is in flight
    /// at once or none is answered (the time limit ends a dispatcher that sends one at a time, which would wait
    /// forever). Ten minutes, not one: under ThreadSanitizer on a loaded 2-core machine the other tests' long
    /// synchronous work held both cooperative threads and the 20 hand-overs took over 6 minutes once.
    @Test(.timeLimit(.minutes(10)))
    func answersInReverseOrderGiveTheDecisionsOfASequentialDispatch() async throws {
        func decisions(maximumInFlight: Int, transport: any PushTransport) async throws -> [String] {
            let server = try PushServer.inMemory()
            for n in 0..<20 {
                try server.register(
                    TokenRegistration(
                        userID: "u\(n)", installationID: "i\(n)", platform: .apns, token: Harness.apnsToken(n),
                        environment: .production, at: Harness.start))
                _ = try server.fanOut(
                    CommunityEvent(
                        messageID: "m\(n)", recipientID: "u\(n)", kind: .like(postID: "1", author: "Ana"),
                        at: Harness.start))
            }
            let dispatcher = PushDispatcher(
                server: server, transport: transport, credentials: CountingCredentials(),
                clock: ManualWaveClock(now: Harness.start), random: SeededRandom(seed: 11),
                maximumInFlight: maximumInFlight)
            return try await dispatcher.dispatchDue().map {
                "\($0.sendID) \($0.kind) \($0.retryAt.map { "\($0.timeIntervalSince1970)" } ?? "-")"
            }
        }
        let tokens = (0..<20).map(Harness.apnsToken)
        let sequential = ScriptedTransport()
        for n in stride(from: 0, to: 20, by: 3) {
            sequential.script([.response(ProviderResponse(status: 503))], for: tokens[n])
        }
        let expected = try await decisions(maximumInFlight: 1, transport: sequential)
        let reversed = try await decisions(maximumInFlight: 100, transport: ReverseOrderTransport(tokens: tokens))
        #expect(reversed == expected)
        #expect(expected.filter { $0.contains("retry") }.count == 7)
    }
}

/// Answers a token's request only after the next token's was answered (the last at once); every third token, from
/// the first, gets a 503.
private final class ReverseOrderTransport: PushTransport {
    private struct State {
        var answered: Set<String> = []
        var waiting: [String: CheckedContinuation<Void, Never>] = [:]
    }

    private let tokens: [String]
    private let state = WaveLock(State())

    init(tokens: [String]) {
        self.tokens = tokens
    }

    func send(_ request: ProviderRequest) async throws -> ProviderResponse {
        let index = try #require(tokens.firstIndex(of: request.token))
        if index + 1 < tokens.count {
            let next = tokens[index + 1]
            await withCheckedContinuation { continuation in
                let ready = state.withLock { state in
                    if state.answered.contains(next) { return true }
                    state.waiting[next] = continuation
                    return false
                }
                if ready { continuation.resume() }
            }
        }
        let waiter = state.withLock { state in
            state.answered.insert(request.token)
            return state.waiting.removeValue(forKey: request.token)
        }
        waiter?.resume()
        return ProviderResponse(status: index % 3 == 0 ? 503 : 200)
    }
}
