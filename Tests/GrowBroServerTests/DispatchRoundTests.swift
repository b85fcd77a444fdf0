import Foundation
import Testing
import WaveNotifications
import WavePushPayloads

@testable import GrowBroServer

/// The dispatcher's round as a value, stepped without a task: what starts, in which order answers are decided, when
/// outcomes are committed, what a failure or a cancellation leaves.
struct DispatchRoundTests {
    static let at = Date(timeIntervalSince1970: 1_781_884_800)

    static func send(_ id: Int64, to installationID: String) -> PendingSend {
        PendingSend(
            sendID: id, messageID: "m\(id)", installationID: installationID, userID: "u", platform: .apns,
            channelID: "replies", payload: "{}", collapseID: nil, expiresAt: at.addingTimeInterval(3600), attempts: 0,
            renewed: false, dueAt: at)
    }

    static func installation(_ id: String) -> Installation {
        Installation(
            id: id, userID: "u", platform: .apns, token: "t-\(id)", environment: .production, permission: .authorized,
            registeredAt: at, refreshedAt: at)
    }

    static func decision(_ send: PendingSend, _ kind: DispatchDecision.Kind = .accepted) -> DispatchDecision {
        DispatchDecision(
            kind: kind, at: at, sendID: send.sendID, messageID: send.messageID, installationID: send.installationID,
            platform: send.platform, attempt: 1, status: 200, reason: nil, retryAt: nil, token: nil, request: nil)
    }

    static func accepted(_ send: PendingSend) -> SendCommit {
        .finish(send, SendOutcome(state: .accepted, attempts: 1, status: 200, reason: nil, at: at))
    }

    /// A round over `sends` whose installations are all known.
    static func round(
        _ sends: [PendingSend], maximumInFlight: Int = 10, commitBatchSize: Int = 100
    ) -> DispatchRound<String> {
        let installations = Dictionary(
            uniqueKeysWithValues: Set(sends.map(\.installationID)).map { ($0, installation($0)) })
        return DispatchRound(
            sends: sends, installations: installations, maximumInFlight: maximumInFlight,
            commitBatchSize: commitBatchSize)
    }

    /// What an action is, in a few words, for comparing whole sequences.
    static func describe(_ action: DispatchRound<String>.Action) -> String {
        switch action {
        case .read(let id): "read \(id)"
        case .start(let position, let installation): "start \(position)" + (installation == nil ? " (gone)" : "")
        case .decide(let position, let answer): "decide \(position) \(answer)"
        case .commit(let commits): "commit " + commits.map { "\($0.send.sendID)" }.joined(separator: ",")
        case .wait: "wait"
        case .done(.success(let decisions)): "done " + decisions.map { "\($0.sendID)" }.joined(separator: ",")
        case .done(.failure(let error)): "failed \(error)"
        }
    }

    @Test
    func sendsStartInOrderUpToTheLimitThenTheRoundWaits() {
        let sends = (1...3).map { Self.send($0, to: "i\($0)") }
        var round = Self.round(sends, maximumInFlight: 2)
        #expect(Self.describe(round.next(cancelled: false)) == "start 0")
        round.started(0)
        #expect(Self.describe(round.next(cancelled: false)) == "start 1")
        round.started(1)
        #expect(Self.describe(round.next(cancelled: false)) == "wait")
    }

    /// Answers that come in reverse order are decided in the claim's order, and a freed slot starts the next send.
    @Test
    func answersAreDecidedInTheClaimsOrderWhateverOrderTheyCome() {
        let sends = (1...3).map { Self.send($0, to: "i\($0)") }
        var round = Self.round(sends, maximumInFlight: 2)
        _ = round.next(cancelled: false)
        round.started(0)
        _ = round.next(cancelled: false)
        round.started(1)
        #expect(Self.describe(round.next(cancelled: false)) == "wait")
        round.answered(1, "second")
        // The second's answer waits for the first's: a slot is free, so the third starts.
        #expect(Self.describe(round.next(cancelled: false)) == "start 2")
        round.started(2)
        #expect(Self.describe(round.next(cancelled: false)) == "wait")
        round.answered(0, "first")
        #expect(Self.describe(round.next(cancelled: false)) == "decide 0 first")
        round.decided(0, [Self.decision(sends[0])], Self.accepted(sends[0]))
        #expect(Self.describe(round.next(cancelled: false)) == "decide 1 second")
        round.decided(1, [Self.decision(sends[1])], Self.accepted(sends[1]))
        #expect(Self.describe(round.next(cancelled: false)) == "wait")
        round.answered(2, "third")
        #expect(Self.describe(round.next(cancelled: false)) == "decide 2 third")
        round.decided(2, [Self.decision(sends[2])], Self.accepted(sends[2]))
        #expect(Self.describe(round.next(cancelled: false)) == "commit 1,2,3")
        #expect(round.committed(RecordedOutcomes()).map(\.sendID) == [1, 2, 3])
        #expect(Self.describe(round.next(cancelled: false)) == "done 1,2,3")
    }

    /// Two sends to one installation never fly together; the first's outcome is committed before the second starts.
    @Test
    func aSecondSendToAnInstallationWaitsForTheFirstsCommittedOutcome() {
        let sends = [Self.send(1, to: "phone"), Self.send(2, to: "phone"), Self.send(3, to: "tablet")]
        var round = Self.round(sends)
        #expect(Self.describe(round.next(cancelled: false)) == "start 0")
        round.started(0)
        #expect(Self.describe(round.next(cancelled: false)) == "start 2")
        round.started(2)
        #expect(Self.describe(round.next(cancelled: false)) == "wait")
        round.answered(0, "a")
        #expect(Self.describe(round.next(cancelled: false)) == "decide 0 a")
        round.decided(0, [Self.decision(sends[0], .purged)], .purge(sends[0], Self.outcome(.purged), token: "t-phone"))
        #expect(Self.describe(round.next(cancelled: false)) == "commit 1")
        #expect(round.committed(RecordedOutcomes()).map(\.kind) == [.purged])
        // The purge may have removed the token: the installation is read again.
        #expect(Self.describe(round.next(cancelled: false)) == "read phone")
        round.read("phone", nil)
        #expect(Self.describe(round.next(cancelled: false)) == "start 1 (gone)")
    }

    static func outcome(_ state: SendRecord.State) -> SendOutcome {
        SendOutcome(state: state, attempts: 1, status: nil, reason: nil, at: at)
    }

    @Test
    func outcomesAreCommittedInBatchesOfTheirSize() {
        let sends = (1...5).map { Self.send($0, to: "i\($0)") }
        var round = Self.round(sends, commitBatchSize: 2)
        var actions: [String] = []
        while true {
            let action = round.next(cancelled: false)
            actions.append(Self.describe(action))
            switch action {
            case .start(let position, _):
                // Each ends without a request (a dropped send, say).
                round.decided(position, [Self.decision(sends[position], .dropped)], Self.accepted(sends[position]))
            case .commit:
                _ = round.committed(RecordedOutcomes())
            case .done:
                #expect(
                    actions == [
                        "start 0", "start 1", "commit 1,2", "start 2", "start 3", "commit 3,4", "start 4", "commit 5",
                        "done 1,2,3,4,5",
                    ])
                return
            default:
                Issue.record("unexpected \(actions.last!)")
                return
            }
        }
    }

    /// A commit another dispatcher's claim overtook turns its decision into `superseded`.
    @Test
    func anUnappliedCommitSupersedesItsDecision() {
        let sends = [Self.send(1, to: "i1")]
        var round = Self.round(sends)
        _ = round.next(cancelled: false)
        round.decided(0, [Self.decision(sends[0])], Self.accepted(sends[0]))
        #expect(Self.describe(round.next(cancelled: false)) == "commit 1")
        #expect(round.committed(RecordedOutcomes(unapplied: [1])).map(\.kind) == [.superseded])
        guard case .done(.success(let decisions)) = round.next(cancelled: false) else {
            Issue.record("not done")
            return
        }
        #expect(decisions.map(\.kind) == [.superseded])
    }

    struct StoreDown: Error, CustomStringConvertible {
        var description: String { "store down" }
    }

    /// After a store failure nothing starts; the answer in flight is still decided and committed, the sends never
    /// started are released, and the failure is what the round ends with.
    @Test
    func aFailureStartsNothingMoreDecidesWhatIsInFlightAndReleasesTheRest() {
        let sends = [Self.send(1, to: "i1"), Self.send(2, to: "i2"), Self.send(3, to: "i3")]
        var round = Self.round(sends, maximumInFlight: 1)
        _ = round.next(cancelled: false)
        round.started(0)
        #expect(Self.describe(round.next(cancelled: false)) == "wait")
        round.fail(StoreDown())
        round.answered(0, "a")
        #expect(Self.describe(round.next(cancelled: false)) == "decide 0 a")
        round.decided(0, [Self.decision(sends[0])], Self.accepted(sends[0]))
        guard case .commit(let commits) = round.next(cancelled: false) else {
            Issue.record("no commit")
            return
        }
        #expect(commits.map(\.send.sendID) == [1, 2, 3])
        #expect(commits.dropFirst().allSatisfy { if case .release = $0 { true } else { false } })
        _ = round.committed(RecordedOutcomes())
        #expect(Self.describe(round.next(cancelled: false)) == "failed store down")
    }

    /// A cancelled round (a service stopping) starts nothing more; what is in flight is decided, the rest released.
    @Test
    func aCancelledRoundFinishesWhatIsInFlightAndReleasesTheRest() {
        let sends = [Self.send(1, to: "i1"), Self.send(2, to: "i2")]
        var round = Self.round(sends, maximumInFlight: 1)
        _ = round.next(cancelled: false)
        round.started(0)
        #expect(Self.describe(round.next(cancelled: true)) == "wait")
        round.answered(0, "a")
        #expect(Self.describe(round.next(cancelled: true)) == "decide 0 a")
        round.decided(0, [Self.decision(sends[0])], Self.accepted(sends[0]))
        #expect(Self.describe(round.next(cancelled: true)) == "commit 1,2")
        #expect(round.committed(RecordedOutcomes()).map(\.sendID) == [1])
        #expect(Self.describe(round.next(cancelled: true)) == "done 1")
    }
}
