import Foundation
import HydracatNotifications
import Testing
import WaveNotifications

struct HydracatPlannerSummaryTests {
    typealias F = HydracatFixtures

    /// Every slot of the Berlin week 2026-03-23 (Mon) – 2026-03-29 (Sun, spring forward) at 02:30 and 20:00.
    private static let weekSlots: [LocalDateTime] = (23...29).flatMap { day in
        ["02:30", "20:00"].map { F.slot("2026-03-\(day)T\($0)") }
    }

    private func weekly(
        start: Date, logged: [LocalDateTime], now: Date = F.local("2026-03-29T12:00")
    ) -> NotificationRequest? {
        let sut = HydracatPlanner(
            settings: F.settings(times: F.times("02:30", "20:00")),
            logs: Set(logged.map { TreatmentLog(petID: "p1", scheduleID: "s1", slot: $0) }), replayStart: start)
        return sut.plan(at: now, in: F.berlin, permission: .authorized, shown: DeliveryLog()).plan.desired.first {
            $0.identifier.hasSuffix("|weekly")
        }
    }

    @Test func weeklySummaryAcrossTheSpringForwardWeekCountsAndFiresAtNineLocal() throws {
        let request = try #require(weekly(start: F.local("2026-03-23T00:00"), logged: Array(Self.weekSlots.dropLast())))
        #expect(request.identifier == "u1|p1|-|2026-03-30T09:00|weekly")
        #expect(request.fireAt == F.instant("2026-03-30T07:00:00Z"))  // 09:00 CEST
        #expect(request.channel.id == "summaries")
        #expect(request.interruptionLevel == .passive)
        #expect(request.deepLink == "hydracat://progress?pet=p1")
        #expect(F.render(request.title) == "Luna's weekly progress")
        #expect(F.render(request.body) == "Treatments logged this week: 13 of 14.")
    }

    @Test func weeklySummarySaysGreatJobWhenEverythingWasLogged() throws {
        let request = try #require(weekly(start: F.local("2026-03-23T00:00"), logged: Self.weekSlots))
        #expect(F.render(request.body) == "Treatments logged this week: 14 of 14. Great job!")
    }

    @Test func weeklySummaryCountsOnlyOccurrencesFromTheReplayStart() throws {
        // From Wednesday 12:00: Wednesday 20:00 and both slots Thursday to Sunday.
        let request = try #require(weekly(start: F.local("2026-03-25T12:00"), logged: []))
        #expect(F.render(request.body) == "Treatments logged this week: 0 of 9.")
    }

    @Test func weeklySummaryIsNotSentWhenNothingWasDue() {
        let start = F.local("2026-03-30T08:00")
        #expect(weekly(start: start, logged: [], now: start) == nil)
    }

    @Test func weeklySummarySwitchedOffIsRemovedAsUserDisabled() {
        var settings = F.settings(times: F.times("08:00"))
        settings.isWeeklySummaryEnabled = false
        let now = F.local("2026-03-25T12:00")
        let plan = HydracatPlanner(settings: settings, replayStart: F.local("2026-03-23T00:00"))
            .plan(at: now, in: F.berlin, permission: .authorized, shown: DeliveryLog())
        #expect(!plan.plan.desired.contains { $0.identifier.hasSuffix("|weekly") })
        #expect(plan.plan.removalReasons["u1|p1|-|2026-03-30T09:00|weekly"] == .userDisabled)
    }

    private func endOfDay(logged: [String], enabled: Bool = true) -> HydracatPlan {
        let settings = F.settings(
            times: F.times("08:00", "20:00", "22:00"),
            endOfDay: EndOfDaySettings(isEnabled: enabled, time: try! LocalTime(parsing: "21:00")))
        return HydracatPlanner(
            settings: settings, logs: Set(logged.map { TreatmentLog(petID: "p1", scheduleID: "s1", slot: F.slot($0)) }),
            replayStart: F.local("2026-03-10T06:00")
        ).plan(at: F.local("2026-03-10T12:00"), in: F.berlin, permission: .authorized, shown: DeliveryLog())
    }

    @Test func endOfDayCountsTodaysUnloggedUpToItsTime() throws {
        let plan = endOfDay(logged: ["2026-03-10T08:00"])
        let request = try #require(plan.plan.desired.first { $0.identifier == "u1|p1|-|2026-03-10T21:00|eod" })
        #expect(request.fireAt == F.local("2026-03-10T21:00"))
        #expect(request.deepLink == "hydracat://today?pet=p1")
        #expect(F.render(request.title) == "Luna's day")
        #expect(F.render(request.body) == "Treatments not logged today: 1")
    }

    @Test func endOfDayIsNotSentWhenEverythingUpToItsTimeIsLogged() {
        let plan = endOfDay(logged: ["2026-03-10T08:00", "2026-03-10T20:00"])
        #expect(!plan.plan.desired.contains { $0.identifier == "u1|p1|-|2026-03-10T21:00|eod" })
    }

    @Test func endOfDayOffByDefaultAndRemovedAsUserDisabled() {
        let plan = endOfDay(logged: [], enabled: false)
        #expect(!plan.plan.desired.contains { $0.identifier.hasSuffix("|eod") })
        #expect(plan.plan.removalReasons["u1|p1|-|2026-03-10T21:00|eod"] == .userDisabled)
        #expect(EndOfDaySettings().isEnabled == false)
    }

    @Test func endOfDayAtTheReplayStartItselfCounts() throws {
        // "Only occurrences at or after the replay start count": a start at 08:00 with the check at 08:00 keeps it,
        // as it keeps the 08:00 reminder.
        let start = F.local("2026-03-10T08:00")
        let settings = F.settings(
            times: F.times("08:00"), endOfDay: EndOfDaySettings(isEnabled: true, time: try LocalTime(parsing: "08:00")))
        let plan = HydracatPlanner(settings: settings, replayStart: start)
            .plan(at: start, in: F.berlin, permission: .authorized, shown: DeliveryLog())
        let ids = plan.plan.desired.map(\.identifier)
        #expect(ids.contains("u1|p1|-|2026-03-10T08:00|eod"))
        #expect(ids.contains("u1|p1|s1|2026-03-10T08:00|reminder"))
    }
}
