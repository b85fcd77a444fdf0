import Foundation
import GrowBroServer
import GrowBroServerSQLite
import GrowBroServerTesting
import Testing
import WaveNotifications
import WaveNotificationsTesting
import WavePushPayloads

/// The sender as a service on a manual clock: it sends on `sendNow`, waits for a retry's due instant on the clock,
/// and stops with its request in flight answered and committed.
struct PushSenderTests {
    @Test
    func itSendsOnSendNowAndWakesAtTheRetrysDueInstant() async throws {
        let harness = try Harness()
        try harness.register("u1", "phone", apns: 1)
        harness.script(apns: 1, .status(503))
        let (sender, decisions) = harness.startSender()
        var next = decisions
        try harness.reply("m1", to: "u1")
        sender.sendNow()
        let retry = try #require(await next.next())
        #expect(retry.kind == .retry)
        let retryAt = try #require(retry.retryAt)
        // Whether the sender set its alarm before this advance or sees the instant passed after it, it sends then.
        await harness.clock.advance(to: retryAt)
        let accepted = try #require(await next.next())
        #expect(accepted.kind == .accepted)
        #expect(accepted.at == retryAt)
        await sender.stop()
        #expect(harness.transport.requests.count == 2)
        #expect(harness.clock.nextDeadline == nil)
    }

    @Test
    func stopWaitsForTheRequestInFlightAndCommitsItsOutcome() async throws {
        let server = try PushServer.inMemory()
        try server.register(
            TokenRegistration(
                userID: "u1", installationID: "phone", platform: .apns, token: Harness.apnsToken(1),
                environment: .production, at: Harness.start))
        let transport = HeldTransport()
        let clock = ManualWaveClock(now: Harness.start)
        let dispatcher = PushDispatcher(
            server: server, transport: transport, credentials: CountingCredentials(), clock: clock,
            random: SeededRandom(seed: 1))
        let sender = PushSender(dispatcher: dispatcher, server: server, clock: clock) {
            _ in
        }
        sender.start()
        _ = try server.fanOut(
            CommunityEvent(messageID: "m1", recipientID: "u1", kind: .like(postID: "1", author: "Ana"), at: clock.now))
        sender.sendNow()
        await transport.waitForRequest()
        let stopped = Task { await sender.stop() }
        // The request is still unanswered: the send is pending until its answer is committed.
        #expect(try server.sends(of: "m1").map(\.state) == [.pending])
        transport.answer()
        await stopped.value
        #expect(try server.sends(of: "m1").map(\.state) == [.accepted])
    }
}

/// Holds its one request until ``answer()``, then answers 200.
private final class HeldTransport: PushTransport {
    private struct State {
        var arrived: CheckedContinuation<Void, Never>?
        var hasArrived = false
        var held: CheckedContinuation<Void, Never>?
        var released = false
    }

    private let state = WaveLock(State())

    func send(_ request: ProviderRequest) async throws -> ProviderResponse {
        await withCheckedContinuation { continuation in
            let (arrived, released) = state.withLock { state in
                state.hasArrived = true
                defer { state.arrived = nil }
                if !state.released { state.held = continuation }
                return (state.arrived, state.released)
            }
            arrived?.resume()
            if released { continuation.resume() }
        }
        return ProviderResponse(status: 200)
    }

    func waitForRequest() async {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state in
                if state.hasArrived { return true }
                state.arrived = continuation
                return false
            }
            if now { continuation.resume() }
        }
    }

    func answer() {
        let held = state.withLock { state in
            state.released = true
            defer { state.held = nil }
            return state.held
        }
        held?.resume()
    }
}
