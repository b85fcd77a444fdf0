import Foundation
import Testing
import WaveNotifications

struct PolicyPipelineTests {
    private typealias F = PolicyFixtures
    private static let quiet = QuietHours(start: F.time("22:00"), end: F.time("07:00"), behaviour: .suppress)

    @Test func aDroppedRequestIsNotSeenByLaterPoliciesSoCapsCountOnlyKeptOnes() {
        let proposed = [
            F.proposed("night", at: "2026-01-15T22:30:00Z", rank: 0, capKey: "swim"),  // 23:30: quiet
            F.proposed("morning", at: "2026-01-15T08:00:00Z", rank: 1, capKey: "swim"),
        ]
        let outcomes = PolicyPipeline([Self.quiet, DailyCap(perKey: 1)]).run(proposed, in: F.context())
        #expect(outcomes.map(\.droppedReason) == [.quietHours, nil])
        #expect(outcomes.map(\.decisions) == [[.dropped(.quietHours)], [.kept, .kept]])
        #expect(outcomes.map(\.droppedByPolicyAt) == [0, nil])
        // The other order: the cap keeps rank 0, then quiet hours drop it; the morning one is lost to the cap.
        let reversed = PolicyPipeline([DailyCap(perKey: 1), Self.quiet]).run(proposed, in: F.context())
        #expect(reversed.map(\.droppedReason) == [.quietHours, .dailyCap])
    }

    @Test func laterPoliciesJudgeTheMovedInstant() {
        // Deferred from 23:30 on the 15th to 07:00 on the 16th, it counts on the 16th, against "next" there.
        let proposed = [
            F.proposed("night", at: "2026-01-15T22:30:00Z", rank: 0, capKey: "swim"),
            F.proposed("next", at: "2026-01-16T09:00:00Z", rank: 1, capKey: "swim"),
        ]
        let deferring = QuietHours(window: Self.quiet.window, behaviour: .deferToEnd)
        let pipeline = PolicyPipeline([deferring, DailyCap(perKey: 1)])
        #expect(
            pipeline.decisions(for: proposed, in: F.context())
                == [.moved(to: F.instant("2026-01-16T06:00:00Z")), .dropped(.dailyCap)])
    }

    @Test func thePlanOfOutcomesSplitsDesiredShowNowAndSuppressed() {
        let proposed = [
            F.proposed("kept", at: "2026-01-15T12:00:00Z"),
            F.proposed("late", at: "2026-01-15T09:50:00Z"),
            F.proposed("missed", at: "2026-01-15T08:00:00Z"),
        ]
        let context = F.context(now: "2026-01-15T10:00:00Z")
        let outcomes = PolicyPipeline([
            Grace(grace: .seconds(30 * 60)), Gates(permission: .provisional, userEnabled: true),
        ])
        .run(proposed, in: context)
        let plan = NotificationPlan(outcomes: outcomes)
        #expect(plan.desired.map(\.identifier) == ["kept"])
        #expect(plan.desired.map(\.interruptionLevel) == [.passive])
        #expect(plan.showNow.map(\.identifier) == ["late"])
        #expect(plan.showNow.map(\.fireAt) == [context.now])
        #expect(
            plan.suppressed == [
                Suppression(identifier: "missed", fireAt: F.instant("2026-01-15T08:00:00Z"), reason: .missed)
            ])
        #expect(plan.removalReasons == ["missed": .missed])
    }

    @Test func anEmptyPipelineKeepsEverything() {
        let proposed = [F.proposed("a", at: "2026-01-15T12:00:00Z")]
        #expect(PolicyPipeline([]).decisions(for: proposed, in: F.context()) == [.kept])
    }
}
