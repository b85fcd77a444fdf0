import Foundation
import Testing
import WaveLinuxAdapter
import WaveNotifications

/// The `NotificationRequestCenter` contract, run over every request-level conformer this target can build.
///
/// The core's `RecordingRequestCenter` joins `Kind` when it lands in the core; each test only uses the protocol.
struct NotificationRequestCenterContractTests {
    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case linux, linuxWithOneSlot

        var testDescription: String { rawValue }

        func makeCenter() throws -> any NotificationRequestCenter {
            try LinuxNotificationManager(
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
}
