import Foundation
import GoNowNotifications
import Testing
import WaveNotifications

private typealias F = GoNowFixtures

/// The planner's two history inputs: a list of ``GoNowShownNotification`` and the core's `NotificationHistory`.
struct GoNowPlannerHistoryTests {
    /// Two modes, two dates: best, backup and tomorrow candidates of both, planned at 05:00 on 2026-06-01.
    private static let hours = F.merge(
        F.hours(from: "2026-06-01T08:00", [95, 0, 0, 80]), F.hours(from: "2026-06-02T08:00", [90]),
        F.hours(from: "2026-06-01T09:00", [85, 85], mode: .runSolo),
        F.hours(from: "2026-06-02T07:00", [75], mode: .runSolo))
    private static let settings = F.settings([.swimSolo, .runSolo])
    private static let now = "2026-06-01T05:00"

    private static func shown(_ mode: GoNowMode, _ dedupeKey: String, at local: String) -> GoNowShownNotification {
        GoNowShownNotification(
            identifier: "\(mode.rawValue)@\(local)", dedupeKey: dedupeKey, capKey: mode.rawValue,
            shownAt: F.local(local))
    }

    /// Histories that each change the plan: a window's subject shown, a mode shown just before 06:30, both, and
    /// entries given out of the order shown.
    static let histories: [[GoNowShownNotification]] = [
        [shown(.swimSolo, "swim_solo@2026-06-01T05:00Z", at: "2026-05-31T06:30")],
        [shown(.runSolo, "other", at: "2026-06-01T06:10")],
        [
            shown(.swimSolo, "swim_solo@2026-06-02T05:00Z", at: "2026-05-31T07:00"),
            shown(.runSolo, "other", at: "2026-06-01T06:20"),
        ],
        [
            shown(.runSolo, "other", at: "2026-06-01T06:20"), shown(.runSolo, "older", at: "2026-05-30T06:20"),
            shown(.swimSolo, "swim_solo@2026-06-01T05:00Z", at: "2026-05-31T06:30"),
        ],
    ]

    private func plan(history: NotificationHistory) -> NotificationPlan {
        GoNowPlanner.plan(
            settings: Self.settings, forecast: GoNowForecast(fetchedAt: F.local(Self.now), hours: Self.hours),
            now: F.local(Self.now), moment: .foreground, timeZone: F.zone, permission: .authorized, history: history,
            pending: [])
    }

    @Test(arguments: histories)
    func coreHistoryGivesTheSamePlanAsTheListOfShownNotifications(history: [GoNowShownNotification]) {
        let fromList = F.plan(Self.settings, hours: Self.hours, now: Self.now, history: history)
        var appended = NotificationHistory()
        for entry in history { appended.append(entry.shownNotification) }
        #expect(plan(history: NotificationHistory(history.map(\.shownNotification))) == fromList)
        #expect(plan(history: appended) == fromList)
        // Each history matters: planning without it gives another plan.
        #expect(fromList != F.plan(Self.settings, hours: Self.hours, now: Self.now))
    }

    @Test func coreHistoryIsRead() {
        let history = NotificationHistory(
            [
                Self.shown(.swimSolo, "swim_solo@2026-06-01T05:00Z", at: "2026-05-31T06:30"),
                Self.shown(.runSolo, "other", at: "2026-06-01T06:10"),
            ].map(\.shownNotification))
        let plan = plan(history: history)
        #expect(plan.reason("swim_solo_2026-06-01_best") == .alreadyNotified)
        #expect(plan.reason("run_solo_2026-06-01_best") == .alreadyNotified)
        #expect(plan.desired("swim_solo_2026-06-01_backup") != nil)
        let empty = self.plan(history: .empty)
        #expect(empty.reason("swim_solo_2026-06-01_best") == nil)
        #expect(empty.desired("run_solo_2026-06-01_best") != nil)
    }
}
