import Foundation
import Testing
import WaveNotifications
import WaveNotificationsTesting

struct GatesTests {
    private typealias F = PolicyFixtures

    @Test(arguments: [
        (PermissionStatus.notDetermined, true, PolicyDecision.dropped(.permissionDenied)),
        (.denied, true, .dropped(.permissionDenied)),
        (.denied, false, .dropped(.permissionDenied)),  // permission is checked first
        (.notDetermined, false, .dropped(.permissionDenied)),
        (.authorized, false, .dropped(.userDisabled)),
        (.provisional, false, .dropped(.userDisabled)),
        (.provisional, true, .lowered(to: .passive)),
        (.authorized, true, .kept),
    ])
    func bothGatesMustAllow(permission: PermissionStatus, userEnabled: Bool, expected: PolicyDecision) {
        let gates = Gates(permission: permission, userEnabled: userEnabled)
        #expect(gates.decision(for: F.proposed("a", at: "2026-01-15T10:00:00Z"), in: F.context()) == expected)
        #expect(gates.closedReason == expected.droppedReason)
    }

    @Test func provisionalDeliversPassively() {
        let proposed = F.proposed("a", at: "2026-01-15T10:00:00Z")
        #expect(proposed.request.interruptionLevel == .timeSensitive)
        let outcome = PolicyPipeline([Gates(permission: .provisional, userEnabled: true)]).run(
            [proposed], in: F.context())
        #expect(outcome.first?.final.request.interruptionLevel == .passive)
        var passive = proposed
        passive.request.interruptionLevel = .passive
        #expect(Gates(permission: .provisional, userEnabled: true).decision(for: passive, in: F.context()) == .kept)
    }

    @Test func aClosedGateRemovesEveryPendingRequestWithItsReason() async throws {
        let center = RecordingRequestCenter()
        let pending = [
            F.request("a", at: F.instant("2026-01-15T10:00:00Z")),
            F.request("b", at: F.instant("2026-01-15T11:00:00Z")),
        ]
        try await center.add(pending)
        let gates = Gates(permission: .denied, userEnabled: false)
        #expect(gates.removalReasons(for: pending) == ["a": .permissionDenied, "b": .permissionDenied])
        #expect(Gates(permission: .authorized, userEnabled: true).removalReasons(for: pending).isEmpty)
        let calls = try await NotificationReconciler(center: center).reconcile(
            desired: [], removalReasons: gates.removalReasons(for: pending))
        #expect(calls == [.removePending(identifiers: ["a", "b"], reason: .permissionDenied)])
        #expect(center.pending.isEmpty)
        #expect(center.removed.map(\.reason) == [.permissionDenied, .permissionDenied])
    }
}
