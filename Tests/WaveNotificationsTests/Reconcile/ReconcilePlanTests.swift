import Foundation
import Testing
import WaveNotifications

struct ReconcilePlanTests {
    private typealias F = PolicyFixtures
    private static let a = F.request("a", at: F.instant("2026-01-15T10:00:00Z"))
    private static let b = F.request("b", at: F.instant("2026-01-15T11:00:00Z"))
    private static let c = F.request("c", at: F.instant("2026-01-15T12:00:00Z"))

    @Test func missingRequestsAreAddedInOneCall() {
        #expect(ReconcilePlan(desired: [Self.a, Self.b], pending: []).calls == [.add([Self.a, Self.b])])
    }

    @Test func equalRequestsCauseNoCall() {
        let plan = ReconcilePlan(desired: [Self.a, Self.b], pending: [Self.b, Self.a])
        #expect(plan.isEmpty)
    }

    @Test(arguments: [
        F.request("b", at: F.instant("2026-01-15T11:00:01Z")),
        F.request("b", at: F.instant("2026-01-15T11:00:00Z"), title: "other"),
        F.request("b", at: F.instant("2026-01-15T11:00:00Z"), thread: "other"),
        F.request("b", at: F.instant("2026-01-15T11:00:00Z"), expiresAfter: .seconds(60)),
    ])
    func aRequestDifferingInAnyFieldIsAddedAlone(changed: NotificationRequest) {
        #expect(ReconcilePlan(desired: [Self.a, changed], pending: [Self.a, Self.b]).calls == [.add([changed])])
    }

    @Test func pendingRequestsNotDesiredAreRemovedForRescheduleByDefault() {
        let plan = ReconcilePlan(desired: [Self.b], pending: [Self.a, Self.b, Self.c])
        #expect(plan.calls == [.removePending(identifiers: ["a", "c"], reason: .reschedule)])
    }

    @Test func suppliedReasonsGroupRemovalsOneCallPerReason() {
        let plan = ReconcilePlan(
            desired: [], pending: [Self.a, Self.b, Self.c], removalReasons: ["a": .quietHours, "c": .quietHours])
        #expect(
            plan.calls == [
                .removePending(identifiers: ["a", "c"], reason: .quietHours),
                .removePending(identifiers: ["b"], reason: .reschedule),
            ])
    }

    @Test func removalsComeBeforeTheAdditionAndShowsLast() {
        let late = F.request("late", at: F.instant("2026-01-15T09:00:00Z"))
        let plan = ReconcilePlan(
            NotificationPlan(desired: [Self.b], showNow: [late]), pending: [Self.a])
        #expect(
            plan.calls == [
                .removePending(identifiers: ["a"], reason: .reschedule), .add([Self.b]), .show(late),
            ])
    }

    @Test func aRepeatedDesiredIdentifierCountsOnceWithItsLastValue() {
        let moved = F.request("a", at: F.instant("2026-01-15T13:00:00Z"))
        #expect(ReconcilePlan(desired: [Self.a, moved], pending: []).calls == [.add([moved])])
    }
}
