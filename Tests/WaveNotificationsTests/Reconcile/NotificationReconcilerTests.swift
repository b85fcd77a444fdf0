import Foundation
import Testing
import WaveNotifications
import WaveNotificationsTesting

struct NotificationReconcilerTests {
    private typealias F = PolicyFixtures
    private struct Refused: Error {}

    private static let desired = [
        F.request("b", at: F.instant("2026-01-15T11:00:00Z")), F.request("a", at: F.instant("2026-01-15T10:00:00Z")),
    ]

    @Test func reconcilingTwiceMakesNoChangeTheSecondTime() async throws {
        let center = RecordingRequestCenter()
        let reconciler = NotificationReconciler(center: center)
        let first = try await reconciler.reconcile(desired: Self.desired)
        #expect(first == [.add(Self.desired)])
        #expect(center.changes == [.add(Self.desired)])
        center.clearCalls()
        let second = try await reconciler.reconcile(desired: Self.desired)
        #expect(second.isEmpty)
        #expect(center.changes.isEmpty)
        #expect(center.calls == [.listPending])
    }

    @Test func aChangedRequestIsOneAddAndAnUnwantedOneOneRemoval() async throws {
        let center = RecordingRequestCenter()
        let reconciler = NotificationReconciler(center: center)
        try await reconciler.reconcile(desired: Self.desired)
        center.clearCalls()
        let moved = F.request("a", at: F.instant("2026-01-15T10:30:00Z"))
        let calls = try await reconciler.reconcile(desired: [moved])
        #expect(calls == [.removePending(identifiers: ["b"], reason: .reschedule), .add([moved])])
        #expect(center.changes == [.removePending(identifiers: ["b"], reason: .reschedule), .add([moved])])
        #expect(center.pending == [moved])
    }

    @Test func aFailedCallStopsAndSaysWhatWasMade() async throws {
        let center = RecordingRequestCenter { call in
            if case .add = call { return Refused() }
            return nil
        }
        try? await center.add([F.request("old", at: F.instant("2026-01-15T09:00:00Z"))])
        let error = await #expect(throws: ReconcileError.self) {
            try await NotificationReconciler(center: center).reconcile(desired: Self.desired)
        }
        #expect(error?.callsMade == [])
        #expect(error?.failedCall == .add(Self.desired))
        #expect(error?.underlying is Refused)
    }

    @Test func aFailedListingMakesNoCall() async throws {
        let center = RecordingRequestCenter { $0 == .listPending ? Refused() : nil }
        let error = await #expect(throws: ReconcileError.self) {
            try await NotificationReconciler(center: center).reconcile(desired: Self.desired)
        }
        #expect(error?.failedCall == nil)
        #expect(center.changes.isEmpty)
    }
}
