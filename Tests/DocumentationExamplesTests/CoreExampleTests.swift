import Foundation
import Testing
import WaveNotifications
import WaveNotificationsTesting

/// Runs the examples of docs/core.md, docs/links-and-payloads.md and docs/localization.md.
struct CoreExampleTests {
    @Test func dailyRemindersAreReconciledWithTheirFollowUps() async throws {
        let center = RecordingRequestCenter()
        try await reconcileDailyReminders(
            from: try LocalDate(parsing: "2026-03-28"), loggedSlots: ["2026-03-28T08:00"], permission: .authorized,
            userEnabled: true, history: .empty, center: center,
            clock: ManualWaveClock(now: try Date("2026-03-28T06:00:00Z", strategy: .iso8601)))
        let identifiers = center.pending.map(\.identifier)
        #expect(identifiers.count == 10)  // 6 reminders and 6 follow-ups, less the logged slot's two
        #expect(!identifiers.contains("daily_2026-03-28T08:00"))
        // 18:00 + 5 h = 23:00 is quiet: the follow-up moves to 07:00 the next morning (CEST, 05:00Z).
        let evening = center.pending.first { $0.identifier == "daily_2026-03-28T18:00_followup" }
        #expect(evening?.fireAt == (try Date("2026-03-29T05:00:00Z", strategy: .iso8601)))
    }

    @Test func berlinsShortDayHasTwentyThreeHourlySlots() throws {
        let (day, next) = try hourlyOnBerlinsShortDay()
        #expect(day.count == 23)
        #expect(!day.contains { $0.slot.time == (try? LocalTime(parsing: "02:00")) })
        #expect(next?.slot == (try LocalDateTime(parsing: "2026-03-29T03:00")))
        #expect(next?.fireAt == (try Date("2026-03-29T01:00:00Z", strategy: .iso8601)))
    }

    @Test func theRoutersAcceptTheirOwnLinksOnly() throws {
        let match = try routeGrowBroPost()
        #expect(match.route == "post")
        #expect(match.parameters == ["id": "42"])
        #expect(try myAppRouter.route("https://myapp.example/item/abc").route == "item")
        #expect(throws: DeepLinkRouteRejection.self) { try myAppRouter.route("https://evil.example/item/abc") }
    }

    @Test func keysRenderInFrenchWithGoNowFallingBackToEnglish() {
        let texts = renderInFrench()
        #expect(texts[0] == "La vague à Paris commence dans 1 heure")
        #expect(texts[1] == "Swim window")
        #expect(texts[2].contains("\u{2068}06:30\u{2069}"))
    }
}
