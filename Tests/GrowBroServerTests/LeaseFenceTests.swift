import Foundation
import GrowBroServerTesting
import TestSupport
import Testing
import WaveNotifications
import WaveNotificationsTesting
import WavePushPayloads

@testable import GrowBroServer

/// A claim's lease is its fence: once it ended and another sender claimed the send, the first sender's outcome
/// changes nothing and is reported `superseded`, whichever of the two answers comes first.
struct LeaseFenceTests {
    /// Which sender's answers come first.
    enum FirstAnswer: String, CaseIterable, CustomTestStringConvertible {
        case late, current
        var testDescription: String { "\(rawValue) sender answered first" }
    }

    @Test(arguments: TestStore.all, FirstAnswer.allCases)
    func aSenderWhoseLeaseEndedAndWasClaimedAgainRecordsNothing(store: TestStore, first: FirstAnswer) async throws {
        let harness = try Harness(store: store)
        for n in 1...3 {
            try harness.register("u\(n)", "p\(n)", apns: n)
            try harness.reply("m\(n)", to: "u\(n)")
        }
        let lateTransport = GatedTransport()
        let currentTransport = GatedTransport()
        let late = PushDispatcher(
            server: harness.server, transport: lateTransport, credentials: CountingCredentials(),
            clock: ManualWaveClock(now: Harness.start), random: SeededRandom(seed: 1), owner: "late",
            lease: .seconds(10))
        // The second sender claims after the first one's lease ended, while the first still waits for its answers.
        let current = PushDispatcher(
            server: harness.server, transport: currentTransport, credentials: CountingCredentials(),
            clock: ManualWaveClock(now: Harness.start.addingTimeInterval(11)), random: SeededRandom(seed: 2),
            owner: "current", lease: .seconds(10))
        let lateRun = Task { try await late.dispatchDue() }
        await lateTransport.waitForRequests(3)
        let currentRun = Task { try await current.dispatchDue() }
        await currentTransport.waitForRequests(3)
        let lateDecisions: [DispatchDecision]
        let currentDecisions: [DispatchDecision]
        switch first {
        case .late:
            lateTransport.open()
            lateDecisions = try await lateRun.value
            currentTransport.open()
            currentDecisions = try await currentRun.value
        case .current:
            currentTransport.open()
            currentDecisions = try await currentRun.value
            lateTransport.open()
            lateDecisions = try await lateRun.value
        }
        #expect(currentDecisions.map(\.kind) == [.accepted, .accepted, .accepted])
        #expect(lateDecisions.map(\.kind) == [.superseded, .superseded, .superseded])
        #expect(lateDecisions.allSatisfy { $0.reason?.description.contains("(accepted)") == true })
        #expect(lateDecisions.allSatisfy { $0.status == 200 && $0.request != nil })
        let sends = try harness.server.allSends()
        #expect(sends.map(\.state) == [.accepted, .accepted, .accepted])
        // The accepted engagement was recorded once, at the current sender's instant.
        for send in sends {
            #expect(send.finishedAt == Harness.start.addingTimeInterval(11))
            #expect(
                !(try harness.server.recordEngagement(
                    .accepted, messageID: send.messageID, installationID: send.installationID, at: Harness.start)))
        }
    }

    /// A sender told to renew its credential after its lease ended and the send was claimed again stops there: its
    /// renewal is not recorded and it makes no second request.
    @Test(arguments: TestStore.all)
    func aRenewalAfterTheLeaseWasTakenOverStops(store: TestStore) async throws {
        let harness = try Harness(store: store)
        try harness.register("u1", "p1", apns: 1)
        try harness.reply("m1", to: "u1")
        let lateTransport = GatedTransport(
            response: ProviderResponse(status: 403, text: #"{"reason":"ExpiredProviderToken"}"#))
        let late = PushDispatcher(
            server: harness.server, transport: lateTransport, credentials: CountingCredentials(),
            clock: ManualWaveClock(now: Harness.start), random: SeededRandom(seed: 1), owner: "late",
            lease: .seconds(10))
        let lateRun = Task { try await late.dispatchDue() }
        await lateTransport.waitForRequests(1)
        let taken = try harness.server.claimDue(
            now: Harness.start.addingTimeInterval(10), limit: 10, lease: .seconds(10), owner: "current")
        #expect(taken.count == 1)
        lateTransport.open()
        let decisions = try await lateRun.value
        #expect(decisions.map(\.kind) == [.superseded])
        #expect(decisions.first?.reason?.description.contains("(retry: ExpiredProviderToken: new credential)") == true)
        #expect(lateTransport.arrivedCount == 1)
        let sends = try harness.server.allSends()
        #expect(sends.map(\.state) == [.pending])
        #expect(sends.map(\.attempts) == [0])
    }

    /// A purge whose claim was taken over leaves the installation: the sender that holds the send decides.
    @Test(arguments: TestStore.all)
    func aSupersededPurgeKeepsTheInstallation(store: TestStore) throws {
        let harness = try Harness(store: store)
        try harness.register("u1", "p1", apns: 1)
        try harness.reply("m1", to: "u1")
        let stale = try harness.server.claimDue(now: Harness.start, limit: 10, lease: .seconds(10), owner: "a")
        let fresh = try harness.server.claimDue(
            now: Harness.start.addingTimeInterval(10), limit: 10, lease: .seconds(10), owner: "b")
        #expect(stale.map(\.sendID) == fresh.map(\.sendID))
        let outcome = SendOutcome(
            state: .purged, attempts: 1, status: 410, reason: "Unregistered", at: Harness.start.addingTimeInterval(12))
        let recorded = try harness.server.recordOutcomes([.purge(stale[0], outcome, token: Harness.apnsToken(1))])
        #expect(recorded.unapplied == [stale[0].sendID])
        #expect(recorded.tokenChanges.isEmpty)
        #expect(try harness.server.installations(of: "u1").count == 1)
        #expect(try harness.server.allSends().map(\.state) == [.pending])
    }

    /// A release from an ended lease does not make the send due under the sender that now holds it.
    @Test(arguments: TestStore.all)
    func aReleaseFromAnEndedLeaseLeavesTheNewClaim(store: TestStore) throws {
        let harness = try Harness(store: store)
        try harness.register("u1", "p1", apns: 1)
        try harness.reply("m1", to: "u1")
        let stale = try harness.server.claimDue(now: Harness.start, limit: 10, lease: .seconds(10), owner: "a")
        let later = Harness.start.addingTimeInterval(10)
        #expect(try harness.server.claimDue(now: later, limit: 10, lease: .seconds(10), owner: "b").count == 1)
        #expect(try harness.server.recordOutcomes([.release(stale[0])]).unapplied == [stale[0].sendID])
        #expect(try harness.server.claimDue(now: later, limit: 10, lease: .seconds(10), owner: "c").isEmpty)
        // Within its lease, the same release takes effect.
        let again = later.addingTimeInterval(10)
        let held = try harness.server.claimDue(now: again, limit: 10, lease: .seconds(10), owner: "d")
        #expect(try harness.server.recordOutcomes([.release(held[0])]).unapplied.isEmpty)
        #expect(try harness.server.claimDue(now: again, limit: 10, lease: .seconds(10), owner: "e").count == 1)
    }
}

/// Holds every request until ``open()``, then answers each with `response` (200 unless given).
private final class GatedTransport: PushTransport {
    private struct State {
        var held: [CheckedContinuation<Void, Never>] = []
        var arrived = 0
        var isOpen = false
        var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = WaveLock(State())
    private let response: ProviderResponse

    init(response: ProviderResponse = ProviderResponse(status: 200)) {
        self.response = response
    }

    func send(_ request: ProviderRequest) async throws -> ProviderResponse {
        await withCheckedContinuation { continuation in
            let (ready, open) = state.withLock { state in
                state.arrived += 1
                if !state.isOpen { state.held.append(continuation) }
                let arrived = state.arrived
                let ready = state.watchers.filter { $0.count <= arrived }.map(\.continuation)
                state.watchers.removeAll { $0.count <= arrived }
                return (ready, state.isOpen)
            }
            for watcher in ready { watcher.resume() }
            if open { continuation.resume() }
        }
        return response
    }

    /// Returns once `count` requests arrived.
    func waitForRequests(_ count: Int) async {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state in
                if state.arrived >= count { return true }
                state.watchers.append((count, continuation))
                return false
            }
            if now { continuation.resume() }
        }
    }

    /// How many requests arrived.
    var arrivedCount: Int { state.withLock(\.arrived) }

    /// Answers the held requests and every later one.
    func open() {
        let held = state.withLock { state in
            state.isOpen = true
            defer { state.held = [] }
            return state.held
        }
        for continuation in held { continuation.resume() }
    }
}
