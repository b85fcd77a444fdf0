import Foundation
import HydracatNotifications
import Testing
import WaveNotifications

struct HydracatPlannerGateTests {
    typealias F = HydracatFixtures

    private func plan(permission: PermissionStatus, enabled: Bool) -> HydracatPlan {
        var settings = F.settings(times: F.times("08:00"))
        settings.isEnabled = enabled
        let start = F.local("2026-03-10T06:00")
        // 08:10: the 08:00 reminder would be shown by grace, the rest scheduled.
        return HydracatPlanner(settings: settings, replayStart: start)
            .plan(at: F.local("2026-03-10T08:10"), in: F.berlin, permission: permission, shown: DeliveryLog())
    }

    @Test(arguments: [
        (PermissionStatus.denied, true, NotificationReason.permissionDenied),
        (.notDetermined, true, .permissionDenied),
        (.denied, false, .permissionDenied),
        (.authorized, false, .userDisabled),
        (.provisional, false, .userDisabled),
    ])
    func closedGateDropsEveryCandidateAndRemovesPending(
        permission: PermissionStatus, enabled: Bool, reason: NotificationReason
    ) {
        let open = plan(permission: .authorized, enabled: true)
        let closed = plan(permission: permission, enabled: enabled)
        #expect(closed.plan.desired.isEmpty)
        #expect(closed.plan.showNow.isEmpty)
        let candidates = (open.plan.desired + open.plan.showNow).map(\.identifier)
        #expect(!candidates.isEmpty)
        #expect(Set(closed.plan.suppressed.map(\.identifier)) == Set(candidates))
        #expect(closed.plan.suppressed.allSatisfy { $0.reason == reason })
        for identifier in candidates {
            #expect(closed.plan.removalReasons[identifier] == reason)
        }
    }

    @Test func provisionalShowsEverythingPassive() {
        let provisional = plan(permission: .provisional, enabled: true)
        let open = plan(permission: .authorized, enabled: true)
        #expect(provisional.plan.desired.map(\.identifier) == open.plan.desired.map(\.identifier))
        #expect(open.plan.desired.contains { $0.interruptionLevel == .timeSensitive })
        #expect((provisional.plan.desired + provisional.plan.showNow).allSatisfy { $0.interruptionLevel == .passive })
        #expect(!provisional.plan.showNow.isEmpty)
    }
}
