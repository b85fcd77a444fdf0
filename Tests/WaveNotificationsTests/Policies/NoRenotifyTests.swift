import Foundation
import Testing
import WaveNotifications

struct NoRenotifyTests {
    private typealias F = PolicyFixtures

    @Test func aShownDedupeKeyDropsTheRequest() {
        let history = [
            ShownNotification(
                identifier: "swim_tomorrow", dedupeKey: "swim|09:00", shownAt: F.instant("2026-01-14T05:30:00Z"))
        ]
        let proposed = [
            F.proposed("swim_best", at: "2026-01-15T05:30:00Z", dedupeKey: "swim|09:00"),
            F.proposed("swim_other", at: "2026-01-15T05:30:00Z", dedupeKey: "swim|14:00"),
        ]
        #expect(
            NoRenotify().decisions(for: proposed, in: F.context(history: history)) == [
                .dropped(.alreadyNotified), .kept,
            ])
    }

    @Test(arguments: [
        ("2026-01-15T09:30:00Z", false),  // exactly 30 min before: far enough
        ("2026-01-15T09:30:01Z", true),  // 29:59 before
        ("2026-01-15T09:59:59Z", true),  // one second before
        ("2026-01-15T10:00:00Z", false),  // at the fire instant: not before it
        ("2026-01-15T10:10:00Z", false),  // after it
    ])
    func aCapKeyShownLessThanThirtyMinutesBeforeDropsTheRequest(shownAt: String, dropped: Bool) {
        let history = [ShownNotification(identifier: "x", capKey: "swim", shownAt: F.instant(shownAt))]
        let proposed = F.proposed("swim_backup", at: "2026-01-15T10:00:00Z", capKey: "swim")
        let decision = NoRenotify().decision(for: proposed, in: F.context(history: history))
        #expect(decision == (dropped ? .dropped(.alreadyNotified) : .kept))
    }

    @Test func anotherCapKeyDoesNotCount() {
        let history = [
            ShownNotification(identifier: "x", capKey: "run", shownAt: F.instant("2026-01-15T09:50:00Z"))
        ]
        let proposed = F.proposed("swim", at: "2026-01-15T10:00:00Z", capKey: "swim")
        #expect(NoRenotify().decision(for: proposed, in: F.context(history: history)) == .kept)
    }

    @Test func theWindowIsConfigurable() {
        let history = [
            ShownNotification(identifier: "x", capKey: "swim", shownAt: F.instant("2026-01-15T09:45:00Z"))
        ]
        let proposed = F.proposed("swim", at: "2026-01-15T10:00:00Z", capKey: "swim")
        let context = F.context(history: history)
        #expect(NoRenotify(window: .seconds(10 * 60)).decision(for: proposed, in: context) == .kept)
        #expect(
            NoRenotify(window: .seconds(20 * 60)).decision(for: proposed, in: context) == .dropped(.alreadyNotified))
    }
}
