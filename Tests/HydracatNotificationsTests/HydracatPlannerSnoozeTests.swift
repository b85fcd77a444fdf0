import Foundation
import HydracatNotifications
import Testing
import WaveNotifications

struct HydracatPlannerSnoozeTests {
    typealias F = HydracatFixtures

    private let reminder = F.identifier("2026-03-10T08:00", .reminder)
    private let snoozeID = F.identifier("2026-03-10T08:00", .snooze)

    private func planner(snoozeEnabled: Bool = true) -> HydracatPlanner {
        var settings = F.settings(times: F.times("08:00"))
        settings.isSnoozeEnabled = snoozeEnabled
        return HydracatPlanner(settings: settings, replayStart: F.local("2026-03-10T06:00"))
    }

    private var shownReminder: DeliveryLog {
        var log = DeliveryLog()
        log.recordShown(reminder, at: F.local("2026-03-10T08:00"))
        return log
    }

    @Test func snoozingTwiceReplacesTheFirstSnooze() throws {
        var sut = planner()
        var shown = shownReminder
        let original = try #require(
            HydracatPlanner(settings: sut.settings, replayStart: sut.replayStart)
                .plan(at: F.local("2026-03-10T07:00"), in: F.berlin, permission: .authorized, shown: DeliveryLog())
                .plan.desired.first {
                    $0.identifier == reminder
                })
        let first = try #require(
            try sut.snooze(
                identifier: reminder, at: F.local("2026-03-10T08:05"), in: F.berlin, permission: .authorized,
                shown: shown)
        )
        #expect(first.withdrawal == Withdrawal(identifier: reminder, reason: .snoozed))
        #expect(first.request.identifier == snoozeID)
        #expect(first.request.fireAt == F.local("2026-03-10T08:20"))
        #expect(first.request.title == original.title)
        #expect(first.request.body == original.body)
        sut.record(first, in: &shown)
        let afterFirst = sut.plan(at: F.local("2026-03-10T08:06"), in: F.berlin, permission: .authorized, shown: shown)
        #expect(
            afterFirst.plan.desired.filter { $0.identifier == snoozeID }.map(\.fireAt) == [F.local("2026-03-10T08:20")])
        // The snoozed reminder is not on screen any more: snoozing it again does nothing.
        #expect(
            try sut.snooze(
                identifier: reminder, at: F.local("2026-03-10T08:07"), in: F.berlin, permission: .authorized,
                shown: shown)
                == nil)

        shown.recordShown(snoozeID, at: F.local("2026-03-10T08:20"))
        let second = try #require(
            try sut.snooze(
                identifier: snoozeID, at: F.local("2026-03-10T08:25"), in: F.berlin, permission: .authorized,
                shown: shown)
        )
        #expect(second.withdrawal == Withdrawal(identifier: snoozeID, reason: .snoozed))
        #expect(second.request.identifier == snoozeID)
        #expect(second.request.fireAt == F.local("2026-03-10T08:40"))
        #expect(second.request.title == original.title)
        sut.record(second, in: &shown)
        let afterSecond = sut.plan(at: F.local("2026-03-10T08:26"), in: F.berlin, permission: .authorized, shown: shown)
        #expect(
            afterSecond.plan.desired.filter { $0.identifier == snoozeID }.map(\.fireAt) == [F.local("2026-03-10T08:40")]
        )
    }

    @Test func snoozeDoesNothingWhenOffOrNotShown() throws {
        let off = planner(snoozeEnabled: false)
        let shown = shownReminder
        #expect(
            try off.snooze(
                identifier: reminder, at: F.local("2026-03-10T08:05"), in: F.berlin, permission: .authorized,
                shown: shown)
                == nil)
        #expect(
            off.plan(at: F.local("2026-03-10T07:00"), in: F.berlin, permission: .authorized, shown: shown).plan.desired
                .allSatisfy { $0.actions.map(\.id) == ["log"] || $0.channel.id == "summaries" })
        let notShown = HydracatPlanner(
            settings: F.settings(times: F.times("08:00")), replayStart: F.local("2026-03-10T06:00"))
        #expect(
            try notShown.snooze(
                identifier: reminder, at: F.local("2026-03-10T08:05"), in: F.berlin, permission: .authorized,
                shown: DeliveryLog()) == nil)
    }

    @Test(arguments: [
        ("u1|p9|s1|2026-03-10T08:00|reminder", HydracatError.unknownPet),
        ("u1|p1|s9|2026-03-10T08:00|reminder", .unknownSchedule(petID: "p1")),
        ("u2|p1|s1|2026-03-10T08:00|reminder", .unknownUser),
        ("u1|p1|s1|2026-03-10T8:00|reminder", .malformedIdentifier),
        ("u1|p1|s1|2026-03-10T08:00|nap", .malformedIdentifier),
    ])
    func snoozeOfAnUnknownPetOrScheduleThrows(identifier: String, error: HydracatError) {
        #expect(throws: error) {
            try planner().snooze(
                identifier: identifier, at: F.local("2026-03-10T08:05"), in: F.berlin, permission: .authorized,
                shown: shownReminder)
        }
    }
}
