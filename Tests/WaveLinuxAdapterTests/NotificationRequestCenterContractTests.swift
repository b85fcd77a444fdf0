import Foundation
import Testing
import WaveLinuxAdapter
import WaveNotifications
import WaveNotificationsTesting

/// The `NotificationRequestCenter` contract, run over every request-level conformer this target can build.
///
/// Each test only uses the protocol. The core's `RecordingRequestCenter` answers `pendingRequests(threadIDs:)`
/// with the protocol's default implementation, the Linux manager from its own thread index.
struct NotificationRequestCenterContractTests {
    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case linux, linuxWithOneSlot, recording

        var testDescription: String { rawValue }

        func makeCenter() throws -> any NotificationRequestCenter {
            if self == .recording {
                return RecordingRequestCenter()
            }
            return try LinuxNotificationManager(
                configuration: .init(pendingLimit: self == .linux ? PendingLimit.iOS : 1),
                clock: ManualWaveClock(now: Fixtures.start), sink: RecordingSink(), renderer: FakeRenderer())
        }
    }

    @Test(arguments: Kind.allCases)
    func addingTheSameIdentifierReplacesAndNeverAddsASecond(kind: Kind) async throws {
        let center = try kind.makeCenter()
        try await center.add([Fixtures.request("r", at: 60)])
        try await center.add([Fixtures.request("r", at: 90), Fixtures.request("s", at: 30)])
        #expect(try await center.pendingRequests() == [Fixtures.request("s", at: 30), Fixtures.request("r", at: 90)])
    }

    @Test(arguments: Kind.allCases)
    func pendingRequestsAreListedAsAddedSoonestFirstWithTiesInOrder(kind: Kind) async throws {
        let center = try kind.makeCenter()
        let requests = (0..<70).map { Fixtures.request("r\($0)", thread: "t\($0 % 3)", at: Double(100 - $0 % 5)) }
        try await center.add(requests)
        let expected = requests.enumerated().sorted { ($0.element.fireAt, $0.offset) < ($1.element.fireAt, $1.offset) }
            .map(\.element)
        #expect(try await center.pendingRequests() == expected)
    }

    @Test(arguments: Kind.allCases)
    func removingByIdentifiersOrThreadTakesExactlyThose(kind: Kind) async throws {
        let center = try kind.makeCenter()
        try await center.add([
            Fixtures.request("a1", thread: "a", at: 10), Fixtures.request("a2", thread: "a", at: 20),
            Fixtures.request("b1", thread: "b", at: 30), Fixtures.request("b2", thread: "b", at: 40),
        ])
        try await center.removePending(identifiers: ["a2", "b1", "unknown"], reason: .reschedule)
        #expect(try await center.pendingRequests().map(\.identifier) == ["a1", "b2"])
        try await center.removePending(threadID: "b", reason: .userDisabled)
        #expect(try await center.pendingRequests().map(\.identifier) == ["a1"])
    }

    @Test(arguments: Kind.allCases)
    func removingOrWithdrawingWhatIsNotThereIsFine(kind: Kind) async throws {
        let center = try kind.makeCenter()
        try await center.removePending(identifiers: ["nobody"], reason: .reschedule)
        try await center.removePending(threadID: "nobody", reason: .reschedule)
        try await center.withdrawShown(identifiers: ["nobody"], reason: .responded)
        #expect(try await center.pendingRequests().isEmpty)
    }

    @Test(arguments: Kind.allCases)
    func showLeavesPendingRequestsAlone(kind: Kind) async throws {
        let center = try kind.makeCenter()
        try await center.add([Fixtures.request("r", at: 60)])
        try await center.show(Fixtures.request("r", at: 60))
        try await center.withdrawShown(identifiers: ["r"], reason: .responded)
        #expect(try await center.pendingRequests() == [Fixtures.request("r", at: 60)])
    }

    @Test(arguments: Kind.allCases)
    func pendingRequestsOfThreadsAreTheFullListGroupedByThread(kind: Kind) async throws {
        let center = try kind.makeCenter()
        let requests = (0..<40).map { Fixtures.request("r\($0)", thread: "t\($0 % 4)", at: Double(100 - $0 % 5)) }
        try await center.add(requests)
        // r5 moves from thread t1 to t3, r6 leaves, and thread t0 loses everything.
        try await center.add([Fixtures.request("r5", thread: "t3", at: 50)])
        try await center.removePending(identifiers: ["r6"], reason: .reschedule)
        try await center.removePending(threadID: "t0", reason: .reschedule)
        let all = try await center.pendingRequests()
        let threadIDs = ["t3", "t0", "unknown", "t1", "t3"]
        let groups = try await center.pendingRequests(threadIDs: threadIDs)
        #expect(groups == threadIDs.map { threadID in all.filter { $0.threadID == threadID } })
        #expect(groups[0].first == Fixtures.request("r5", thread: "t3", at: 50))
        #expect(groups[1].isEmpty && groups[2].isEmpty)
        #expect(groups[3].count == 9)
    }
}
