import Foundation
import Testing
import WaveNotifications

struct FollowUpTests {
    private typealias F = PolicyFixtures
    private static let rule = FollowUp(
        noFollowUpWindow: LocalTimeWindow(start: F.time("23:00"), end: F.time("08:00")))

    @Test(arguments: [
        ("2026-01-15T20:30:00Z", "2026-01-16T07:00:00Z"),  // 21:30 → 23:30 → 08:00 next day
        ("2026-01-15T18:00:00Z", "2026-01-15T20:00:00Z"),  // 19:00 → 21:00, outside the window
        ("2026-01-15T19:59:00Z", "2026-01-15T21:59:00Z"),  // 20:59 → 22:59, just before it
        ("2026-01-15T20:00:00Z", "2026-01-16T07:00:00Z"),  // 21:00 → 23:00, its start
        ("2026-01-15T05:00:00Z", "2026-01-15T07:00:00Z"),  // 06:00 → 08:00, its end: outside
        ("2026-01-15T04:00:00Z", "2026-01-15T07:00:00Z"),  // 05:00 → 07:00 → 08:00 the same day
    ])
    func followUpsFireTwoHoursLaterOutsideTheWindow(fireAt: String, expected: String) {
        #expect(Self.rule.fireInstant(following: F.instant(fireAt), in: F.berlin) == F.instant(expected))
    }

    @Test func aFollowUpMovedAcrossTheGapLandsOnSummerTimeEightOClock() {
        // 2026-03-28 23:00 CET reminder → 01:00 on the gap day → 08:00 CEST = 06:00Z.
        #expect(
            Self.rule.fireInstant(following: F.instant("2026-03-28T22:00:00Z"), in: F.berlin)
                == F.instant("2026-03-29T06:00:00Z"))
    }

    @Test func theDelayIsConfigurable() {
        let rule = FollowUp(delay: .seconds(30 * 60))
        #expect(
            rule.fireInstant(following: F.instant("2026-01-15T22:00:00Z"), in: F.berlin)
                == F.instant("2026-01-15T22:30:00Z"))
    }

    @Test func aFollowUpKeepsTheSubjectsRoutingAndTakesItsOwnIdentifierAndTexts() {
        let reminder = ProposedRequest(
            F.request("pet|s1|2026-01-15T21:30|reminder", at: F.instant("2026-01-15T20:30:00Z")), rank: 1,
            capKey: "s1", dedupeKey: "slot")
        let content = FollowUp.Content(
            identifier: "pet|s1|2026-01-15T21:30|followup", title: LocalizedText(table: "Test", key: "followup_title"),
            body: LocalizedText(table: "Test", key: "followup_body"))
        let followUp = Self.rule.followUp(
            for: FollowUp.Source(proposed: reminder, subject: "s1@21:30", content: content), in: F.berlin)
        var expected = reminder.request
        expected.identifier = content.identifier
        expected.title = content.title
        expected.body = content.body
        expected.fireAt = F.instant("2026-01-16T07:00:00Z")
        #expect(followUp == ProposedRequest(expected, rank: 1, capKey: "s1"))
    }

    @Test func aDoneSubjectHasNoFollowUp() {
        let sources = ["a", "b", "c"].map { subject in
            FollowUp.Source(
                proposed: ProposedRequest(F.request("\(subject)_reminder", at: F.instant("2026-01-15T10:00:00Z"))),
                subject: subject,
                content: FollowUp.Content(
                    identifier: "\(subject)_followup", title: LocalizedText(table: "T", key: "t"),
                    body: LocalizedText(table: "T", key: "b")))
        }
        let followUps = Self.rule.followUps(for: sources, done: ["b"], in: F.berlin)
        #expect(followUps.map(\.request.identifier) == ["a_followup", "c_followup"])
        #expect(followUps.map(\.fireAt) == [F.instant("2026-01-15T12:00:00Z"), F.instant("2026-01-15T12:00:00Z")])
    }
}
