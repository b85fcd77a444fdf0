import Foundation
import Testing
import WaveNotifications

struct DailyCapTests {
    private typealias F = PolicyFixtures

    @Test func perKeyCapKeepsLowerRanksFirst() {
        let proposed = [
            F.proposed("c", at: "2026-01-15T08:00:00Z", rank: 2, capKey: "swim"),
            F.proposed("a", at: "2026-01-15T12:00:00Z", rank: 0, capKey: "swim"),
            F.proposed("b", at: "2026-01-15T10:00:00Z", rank: 1, capKey: "swim"),
            F.proposed("other", at: "2026-01-15T10:00:00Z", rank: 5, capKey: "run"),
        ]
        let decisions = DailyCap(perKey: 2).decisions(for: proposed, in: F.context())
        #expect(decisions == [.dropped(.dailyCap), .kept, .kept, .kept])
    }

    @Test func equalRanksKeepTheEarlierFireInstant() {
        let proposed = [
            F.proposed("a", at: "2026-01-15T12:00:00Z", capKey: "swim"),
            F.proposed("b", at: "2026-01-15T09:00:00Z", capKey: "swim"),
        ]
        #expect(DailyCap(perKey: 1).decisions(for: proposed, in: F.context()) == [.dropped(.dailyCap), .kept])
    }

    @Test func equalRanksAndInstantsKeepTheSmallerIdentifier() {
        let proposed = [
            F.proposed("swim_b", at: "2026-01-15T09:00:00Z", capKey: "swim"),
            F.proposed("swim_a", at: "2026-01-15T09:00:00Z", capKey: "swim"),
        ]
        #expect(DailyCap(perKey: 1).decisions(for: proposed, in: F.context()) == [.dropped(.dailyCap), .kept])
    }

    @Test func totalCapCountsEveryKeyAndRequestsWithoutOne() {
        let proposed = [
            F.proposed("a", at: "2026-01-15T09:00:00Z", rank: 0, capKey: "swim"),
            F.proposed("b", at: "2026-01-15T09:00:00Z", rank: 1, capKey: "run"),
            F.proposed("c", at: "2026-01-15T09:00:00Z", rank: 2),
            F.proposed("d", at: "2026-01-15T09:00:00Z", rank: 3, capKey: "dog"),
        ]
        let decisions = DailyCap(perKey: 2, total: 3).decisions(for: proposed, in: F.context())
        #expect(decisions == [.kept, .kept, .kept, .dropped(.dailyCap)])
    }

    @Test func daysAreLocalCalendarDaysOfTheZone() {
        // New York, winter (UTC − 5). 2026-01-16T03:00Z is 22:00 on the 15th; 2026-01-16T06:00Z is 01:00 on the 16th.
        let separateDays = [
            F.proposed("late", at: "2026-01-16T03:00:00Z", capKey: "swim"),
            F.proposed("early", at: "2026-01-16T06:00:00Z", capKey: "swim"),
        ]
        #expect(DailyCap(perKey: 1).decisions(for: separateDays, in: F.context(zone: F.newYork)) == [.kept, .kept])
        // 2026-01-15T06:00Z (01:00 local) and 2026-01-16T04:00Z (23:00 local): different UTC days, one local day.
        let sameDay = [
            F.proposed("first", at: "2026-01-15T06:00:00Z", capKey: "swim"),
            F.proposed("second", at: "2026-01-16T04:00:00Z", capKey: "swim"),
        ]
        #expect(
            DailyCap(perKey: 1).decisions(for: sameDay, in: F.context(zone: F.newYork))
                == [.kept, .dropped(.dailyCap)])
    }

    @Test func notificationsShownThatDayCountUnlessTurnedOff() {
        let shown = ShownNotification(identifier: "earlier", capKey: "swim", shownAt: F.instant("2026-01-15T06:00:00Z"))
        let yesterday = ShownNotification(
            identifier: "yesterday", capKey: "swim", shownAt: F.instant("2026-01-14T06:00:00Z"))
        let proposed = [F.proposed("a", at: "2026-01-15T12:00:00Z", capKey: "swim")]
        let context = F.context(history: [shown, yesterday])
        #expect(DailyCap(perKey: 1).decisions(for: proposed, in: context) == [.dropped(.dailyCap)])
        #expect(DailyCap(total: 1).decisions(for: proposed, in: context) == [.dropped(.dailyCap)])
        #expect(DailyCap(perKey: 1, countsShownNotifications: false).decisions(for: proposed, in: context) == [.kept])
        #expect(DailyCap(perKey: 1).decisions(for: proposed, in: F.context(history: [yesterday])) == [.kept])
    }

    @Test func aShownRecordOfAProposedIdentifierIsNotCountedTwice() {
        let shown = ShownNotification(identifier: "a", capKey: "swim", shownAt: F.instant("2026-01-15T06:00:00Z"))
        let proposed = [F.proposed("a", at: "2026-01-15T06:00:00Z", capKey: "swim")]
        #expect(DailyCap(perKey: 1).decisions(for: proposed, in: F.context(history: [shown])) == [.kept])
    }
}
