import Foundation
import Testing
import WaveNotifications
import WaveNotificationsTesting

struct RecordingRequestCenterTests {
    private typealias F = PolicyFixtures

    @Test func pendingIsListedSoonestFirstWithTiesInAddOrder() async throws {
        let center = RecordingRequestCenter()
        let late = F.request("late", at: F.instant("2026-01-15T12:00:00Z"))
        let tieB = F.request("tie_b", at: F.instant("2026-01-15T10:00:00Z"))
        let tieA = F.request("tie_a", at: F.instant("2026-01-15T10:00:00Z"))
        try await center.add([late, tieB])
        try await center.add([tieA])
        #expect(try await center.pendingRequests() == [tieB, tieA, late])
    }

    @Test func theSameIdentifierReplaces() async throws {
        let center = RecordingRequestCenter()
        try await center.add([F.request("a", at: F.instant("2026-01-15T10:00:00Z"))])
        let replacement = F.request("a", at: F.instant("2026-01-15T11:00:00Z"))
        try await center.add([replacement])
        #expect(center.pending == [replacement])
    }

    @Test func removalsByIdentifierAndThreadIgnoreUnknownOnesAndKeepTheReason() async throws {
        let center = RecordingRequestCenter()
        let a = F.request("a", at: F.instant("2026-01-15T10:00:00Z"), thread: "t1")
        let b = F.request("b", at: F.instant("2026-01-15T11:00:00Z"), thread: "t1")
        let c = F.request("c", at: F.instant("2026-01-15T12:00:00Z"), thread: "t2")
        try await center.add([a, b, c])
        try await center.removePending(identifiers: ["c", "unknown"], reason: .dailyCap)
        try await center.removePending(threadID: "t1", reason: .userDisabled)
        #expect(center.pending.isEmpty)
        #expect(
            center.removed == [
                .init(request: c, reason: .dailyCap), .init(request: a, reason: .userDisabled),
                .init(request: b, reason: .userDisabled),
            ])
    }

    @Test func showAndWithdrawLeavePendingAlone() async throws {
        let center = RecordingRequestCenter()
        let pending = F.request("p", at: F.instant("2026-01-15T10:00:00Z"))
        let shown = F.request("s", at: F.instant("2026-01-15T09:00:00Z"))
        try await center.add([pending])
        try await center.show(shown)
        #expect(center.shown == [shown])
        try await center.withdrawShown(identifiers: ["s", "never"], reason: .expired)
        #expect(center.shown.isEmpty)
        #expect(center.withdrawn == [.init(request: shown, reason: .expired)])
        #expect(center.pending == [pending])
    }

    @Test func aFailedCallIsRecordedAndChangesNothing() async throws {
        struct Refused: Error {}
        let center = RecordingRequestCenter { call in
            if case .add = call { return Refused() }
            return nil
        }
        let request = F.request("a", at: F.instant("2026-01-15T10:00:00Z"))
        await #expect(throws: Refused.self) { try await center.add([request]) }
        #expect(center.calls == [.add([request])])
        #expect(center.pending.isEmpty)
    }
}
