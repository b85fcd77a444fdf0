import Foundation
import Testing
import WaveNotifications

struct QuietHoursTests {
    private typealias F = PolicyFixtures

    // 2026-01-15 is winter in Berlin: local = UTC + 1.
    @Test(arguments: [
        ("2026-01-15T20:59:59Z", false),  // 21:59:59
        ("2026-01-15T21:00:00Z", true),  // 22:00
        ("2026-01-15T22:30:00Z", true),  // 23:30
        ("2026-01-15T23:00:00Z", true),  // 00:00
        ("2026-01-16T05:59:59Z", true),  // 06:59:59
        ("2026-01-16T06:00:00Z", false),  // 07:00
        ("2026-01-16T11:00:00Z", false),  // 12:00
    ])
    func windowAcrossMidnightHoldsLateEveningToEarlyMorning(utc: String, inside: Bool) {
        let window = LocalTimeWindow(start: F.time("22:00"), end: F.time("07:00"))
        #expect(window.contains(F.instant(utc), in: F.berlin) == inside)
    }

    @Test(arguments: [
        ("2026-01-15T11:59:00Z", false),  // 12:59
        ("2026-01-15T12:00:00Z", true),  // 13:00
        ("2026-01-15T13:59:00Z", true),  // 14:59
        ("2026-01-15T14:00:00Z", false),  // 15:00
    ])
    func windowWithinADayHoldsStartButNotEnd(utc: String, inside: Bool) {
        let window = LocalTimeWindow(start: F.time("13:00"), end: F.time("15:00"))
        #expect(window.contains(F.instant(utc), in: F.berlin) == inside)
    }

    @Test(arguments: ["2026-01-15T06:00:00Z", "2026-01-15T21:00:00Z", "2026-01-15T23:00:00Z"])
    func equalStartAndEndIsEmpty(utc: String) {
        let policy = QuietHours(start: F.time("07:00"), end: F.time("07:00"), behaviour: .suppress)
        #expect(policy.window.isEmpty)
        let proposed = ProposedRequest(F.request("a", at: F.instant(utc)))
        #expect(policy.decision(for: proposed, in: F.context()) == .kept)
    }

    @Test func suppressDropsWithQuietHours() {
        let policy = QuietHours(start: F.time("22:00"), end: F.time("07:00"), behaviour: .suppress)
        let decisions = policy.decisions(
            for: [F.proposed("in", at: "2026-01-15T22:30:00Z"), F.proposed("out", at: "2026-01-15T20:00:00Z")],
            in: F.context())
        #expect(decisions == [.dropped(.quietHours), .kept])
    }

    @Test(arguments: [
        ("2026-01-15T22:30:00Z", "2026-01-16T06:00:00Z"),  // 23:30 → next day 07:00
        ("2026-01-16T01:00:00Z", "2026-01-16T06:00:00Z"),  // 02:00 → same day 07:00
        ("2026-01-15T21:00:00Z", "2026-01-16T06:00:00Z"),  // 22:00 exactly
    ])
    func deferToEndMovesToTheNextEnd(utc: String, expected: String) {
        let policy = QuietHours(start: F.time("22:00"), end: F.time("07:00"), behaviour: .deferToEnd)
        let proposed = ProposedRequest(F.request("a", at: F.instant(utc)))
        #expect(policy.decision(for: proposed, in: F.context()) == .moved(to: F.instant(expected)))
    }

    @Test func deferToEndOnTheBerlinGapDayUsesSummerTime() {
        // 2026-03-29 02:00 CET → 03:00 CEST. 01:30 CET (00:30Z) defers to 07:00 CEST = 05:00Z, not 06:00Z.
        let policy = QuietHours(start: F.time("22:00"), end: F.time("07:00"), behaviour: .deferToEnd)
        let proposed = F.proposed("a", at: "2026-03-29T00:30:00Z")
        #expect(policy.decision(for: proposed, in: F.context()) == .moved(to: F.instant("2026-03-29T05:00:00Z")))
        // From the evening before (22:30 CET = 21:30Z), across the transition.
        let evening = F.proposed("b", at: "2026-03-28T21:30:00Z")
        #expect(policy.decision(for: evening, in: F.context()) == .moved(to: F.instant("2026-03-29T05:00:00Z")))
    }

    @Test func deferToAnEndInsideTheGapFiresAsFarAfterTheTransition() {
        // The end 02:30 does not exist on 2026-03-29 in Berlin: it fires at 03:30 CEST = 01:30Z.
        let policy = QuietHours(start: F.time("00:00"), end: F.time("02:30"), behaviour: .deferToEnd)
        let proposed = F.proposed("a", at: "2026-03-28T23:30:00Z")  // 00:30 CET
        #expect(policy.decision(for: proposed, in: F.context()) == .moved(to: F.instant("2026-03-29T01:30:00Z")))
    }

    @Test func deferToAnEndInsideTheOverlapTakesTheEarlierInstant() {
        // 2026-10-25 03:00 CEST → 02:00 CET: 02:30 occurs at 00:30Z (CEST) and 01:30Z (CET); the earlier counts.
        let policy = QuietHours(start: F.time("00:00"), end: F.time("02:30"), behaviour: .deferToEnd)
        let proposed = F.proposed("a", at: "2026-10-24T22:30:00Z")  // 00:30 CEST
        #expect(policy.decision(for: proposed, in: F.context()) == .moved(to: F.instant("2026-10-25T00:30:00Z")))
    }

    @Test func localTimeIsReadInTheContextZone() {
        // 03:00Z is 04:00 in Berlin (quiet) and 22:00 the day before in New York (not quiet for [23:00, 06:00)).
        let policy = QuietHours(start: F.time("23:00"), end: F.time("06:00"), behaviour: .suppress)
        let proposed = F.proposed("a", at: "2026-01-15T03:00:00Z")
        #expect(policy.decision(for: proposed, in: F.context(zone: F.berlin)) == .dropped(.quietHours))
        #expect(policy.decision(for: proposed, in: F.context(zone: F.newYork)) == .kept)
    }
}
