import Foundation
import HydracatNotifications
import Testing
import WaveNotifications

struct HydracatPlannerTests {
    typealias F = HydracatFixtures

    private func planner(
        _ settings: HydracatSettings, start: Date, logs: Set<TreatmentLog> = [], snoozes: [String: SnoozeRecord] = [:]
    ) -> HydracatPlanner {
        HydracatPlanner(settings: settings, logs: logs, replayStart: start, snoozes: snoozes)
    }

    @Test func remindersAtEachSlotOfTodayAndTomorrowWithTheirContent() throws {
        let now = F.local("2026-03-10T07:00")
        let plan = planner(F.settings(times: F.times("08:00", "20:00")), start: now)
            .plan(at: now, in: F.berlin, permission: .authorized, shown: DeliveryLog())
        let reminders = plan.plan.desired.filter { $0.identifier.hasSuffix("|reminder") }
        #expect(
            reminders.map(\.identifier) == [
                F.identifier("2026-03-10T08:00", .reminder), F.identifier("2026-03-10T20:00", .reminder),
                F.identifier("2026-03-11T08:00", .reminder), F.identifier("2026-03-11T20:00", .reminder),
            ])
        let first = try #require(reminders.first)
        #expect(first.fireAt == F.instant("2026-03-10T07:00:00Z"))
        #expect(first.channel.id == "treatment_reminders")
        #expect(first.channel.importance == .high)
        #expect(first.interruptionLevel == .timeSensitive)
        #expect(first.actions.map(\.id) == ["snooze", "log"])
        #expect(first.deepLink == "hydracat://log?pet=p1&schedule=s1&slot=2026-03-10T08:00")
        #expect(F.render(first.title) == "Time for Luna's morning medication")
        #expect(F.render(first.body) == "Log it when you're done.")
        #expect(F.render(reminders[1].title) == "Time for Luna's evening medication")
        #expect(plan.plan.showNow.isEmpty)
        #expect(plan.plan.suppressed.isEmpty)
    }

    @Test func numericIDOfTheSpecVector() {
        #expect(NotificationRequest.numericID(for: "u1|p1|s1|2026-03-08T08:00|reminder") == 1_756_304_731)
    }

    @Test(arguments: [
        // Spring forward: 02:30 does not exist and fires as far after 03:00 as it was after 02:00.
        ("Europe/Berlin", "2026-03-29", "02:30", "2026-03-29T01:30:00Z"),
        ("America/New_York", "2026-03-08", "02:30", "2026-03-08T07:30:00Z"),
        // Fall back: 02:30 (Berlin) and 01:30 (New York) occur twice; the earlier one, once.
        ("Europe/Berlin", "2026-10-25", "02:30", "2026-10-25T00:30:00Z"),
        ("America/New_York", "2026-11-01", "01:30", "2026-11-01T05:30:00Z"),
    ])
    func slotInADSTGapOrOverlapFiresOnceAtTheCoreInstant(zone: String, date: String, time: String, utc: String) {
        let timeZone = TimeZone(identifier: zone)!
        let now = timeZone.instant(for: F.slot("\(date)T00:00")).addingTimeInterval(-3600)
        let plan = planner(F.settings(times: F.times(time)), start: now)
            .plan(at: now, in: timeZone, permission: .authorized, shown: DeliveryLog())
        let slot = "\(date)T\(time)"
        let matching = plan.plan.desired.filter { $0.identifier == F.identifier(slot, .reminder) }
        #expect(matching.map(\.fireAt) == [F.instant(utc)])
        // The day before (now's date) has its slot before the start; only the DST day's slot is wanted, once.
        #expect(plan.plan.desired.filter { $0.identifier.hasSuffix("|reminder") }.count == 1)
    }

    @Test func gapShiftOntoAnotherSlotIsDropped() {
        let now = F.local("2026-03-28T12:00")
        let plan = planner(F.settings(times: F.times("02:00", "03:00")), start: now)
            .plan(at: now, in: F.berlin, permission: .authorized, shown: DeliveryLog())
        let ids = Set(plan.plan.desired.map(\.identifier))
        #expect(!ids.contains(F.identifier("2026-03-29T02:00", .reminder)))
        #expect(ids.contains(F.identifier("2026-03-29T03:00", .reminder)))
        #expect(ids.contains(F.identifier("2026-03-28T02:00", .reminder)) == false)  // before now, before start
    }

    @Test(arguments: [
        ("20:59", "2026-03-10T22:59"),
        ("21:00", "2026-03-11T08:00"),
        ("21:30", "2026-03-11T08:00"),
        ("23:30", "2026-03-11T08:00"),
        ("05:00", "2026-03-10T08:00"),
        ("06:00", "2026-03-10T08:00"),
        ("06:01", "2026-03-10T08:01"),
    ])
    func followUpTwoHoursLaterOrNextEightOClock(time: String, expected: String) throws {
        let now = F.local("2026-03-10T00:00")
        let plan = planner(F.settings(times: F.times(time)), start: now)
            .plan(at: now, in: F.berlin, permission: .authorized, shown: DeliveryLog())
        let followUp = try #require(
            plan.plan.desired.first { $0.identifier == F.identifier("2026-03-10T\(time)", .followup) })
        #expect(followUp.fireAt == F.local(expected))
        #expect(F.render(followUp.body) == "Not logged yet. Tap to log it now.")
        #expect(F.render(followUp.title)?.hasPrefix("Reminder: Luna's ") == true)
    }

    @Test func yesterdaysLateFollowUpIsStillWantedToday() {
        // 22:00 yesterday → 00:00 → moved to today's 08:00.
        let start = F.local("2026-03-09T21:00")
        let now = F.local("2026-03-10T01:00")
        let plan = planner(F.settings(times: F.times("22:00")), start: start)
            .plan(at: now, in: F.berlin, permission: .authorized, shown: shown(["2026-03-09T22:00"]))
        let followUp = plan.plan.desired.first { $0.identifier == F.identifier("2026-03-09T22:00", .followup) }
        #expect(followUp?.fireAt == F.local("2026-03-10T08:00"))
    }

    private func shown(
        _ slots: [String], type: HydracatNotificationType = .reminder, at: Date? = nil
    ) -> DeliveryLog {
        var log = DeliveryLog()
        for slot in slots { log.recordShown(F.identifier(slot, type), at: at ?? F.local(slot)) }
        return log
    }

    @Test func exactlyThirtyMinutesLateIsShownNowMarkedLate() throws {
        let start = F.local("2026-03-10T06:00")
        let now = F.local("2026-03-10T08:30")
        let plan = planner(F.settings(times: F.times("08:00")), start: start)
            .plan(at: now, in: F.berlin, permission: .authorized, shown: DeliveryLog())
        let late = try #require(plan.plan.showNow.first)
        #expect(plan.plan.showNow.count == 1)
        #expect(late.identifier == F.identifier("2026-03-10T08:00", .reminder))
        #expect(HydracatPlan.isLate(late))
        #expect(late.fireAt == F.local("2026-03-10T08:00"))
        #expect(plan.plan.suppressed.isEmpty)
    }

    @Test func thirtyMinutesAndOneSecondLateIsMissedOnce() throws {
        let start = F.local("2026-03-10T06:00")
        let now = F.local("2026-03-10T08:30").addingTimeInterval(1)
        let sut = planner(F.settings(times: F.times("08:00")), start: start)
        let plan = sut.plan(at: now, in: F.berlin, permission: .authorized, shown: DeliveryLog())
        #expect(plan.plan.showNow.isEmpty)
        #expect(
            plan.plan.suppressed == [
                Suppression(
                    identifier: F.identifier("2026-03-10T08:00", .reminder), fireAt: F.local("2026-03-10T08:00"),
                    reason: .missed)
            ])
        // The follow-up of a missed reminder still comes, at 10:00.
        #expect(plan.plan.desired.contains { $0.identifier == F.identifier("2026-03-10T08:00", .followup) })
        // The planner is a pure function: it names the missed reminder at every reconcile; the session reports it
        // once (NotificationSessionTests).
        let again = sut.plan(
            at: now.addingTimeInterval(600), in: F.berlin, permission: .authorized, shown: DeliveryLog())
        #expect(again.plan.suppressed == plan.plan.suppressed)
    }

    @Test func aShownReminderIsNeitherScheduledAgainNorMissed() {
        let start = F.local("2026-03-10T06:00")
        let plan = planner(F.settings(times: F.times("08:00")), start: start)
            .plan(
                at: F.local("2026-03-10T09:00"), in: F.berlin, permission: .authorized,
                shown: shown(["2026-03-10T08:00"]))
        #expect(plan.plan.showNow.isEmpty)
        #expect(plan.plan.suppressed.isEmpty)
        #expect(!plan.plan.desired.contains { $0.identifier == F.identifier("2026-03-10T08:00", .reminder) })
    }

    @Test func onlyOccurrencesAtOrAfterTheReplayStartCount() {
        let start = F.local("2026-03-10T08:00").addingTimeInterval(1)
        let now = F.local("2026-03-10T08:20")
        let plan = planner(F.settings(times: F.times("08:00", "20:00")), start: start)
            .plan(at: now, in: F.berlin, permission: .authorized, shown: DeliveryLog())
        let ids = Set(plan.plan.desired.map(\.identifier))
        #expect(plan.plan.showNow.isEmpty)
        #expect(plan.plan.suppressed.isEmpty)
        #expect(!ids.contains(F.identifier("2026-03-10T08:00", .followup)))
        #expect(ids.contains(F.identifier("2026-03-10T20:00", .reminder)))
        // A start exactly at the slot counts it.
        let atSlot = planner(F.settings(times: F.times("08:00")), start: F.local("2026-03-10T08:00"))
            .plan(at: now, in: F.berlin, permission: .authorized, shown: DeliveryLog())
        #expect(atSlot.plan.showNow.map(\.identifier) == [F.identifier("2026-03-10T08:00", .reminder)])
    }

    @Test func loggingRemovesPendingAndWithdrawsShownOfThatSlot() {
        let start = F.local("2026-03-10T06:00")
        let slot = F.slot("2026-03-10T08:00")
        var history = shown(["2026-03-10T08:00"])
        history.recordShown(F.identifier("2026-03-10T08:00", .followup), at: F.local("2026-03-10T10:00"))
        let snoozes = [
            F.identifier("2026-03-10T08:00", .snooze): SnoozeRecord(
                fireAt: F.local("2026-03-10T10:20"), repeating: .followup)
        ]
        let logs: Set = [TreatmentLog(petID: "p1", scheduleID: "s1", slot: slot)]
        let now = F.local("2026-03-10T10:10")
        let unlogged = planner(F.settings(times: F.times("08:00")), start: start, snoozes: snoozes)
            .plan(at: now, in: F.berlin, permission: .authorized, shown: history)
        #expect(unlogged.plan.desired.contains { $0.identifier == F.identifier("2026-03-10T08:00", .snooze) })
        let plan = planner(F.settings(times: F.times("08:00")), start: start, logs: logs, snoozes: snoozes)
            .plan(at: now, in: F.berlin, permission: .authorized, shown: history)
        #expect(!plan.plan.desired.contains { $0.identifier.contains("2026-03-10T08:00") })
        #expect(plan.plan.removalReasons[F.identifier("2026-03-10T08:00", .snooze)] == nil)  // → reschedule
        #expect(
            plan.withdrawals == [
                Withdrawal(identifier: F.identifier("2026-03-10T08:00", .followup), reason: .responded),
                Withdrawal(identifier: F.identifier("2026-03-10T08:00", .reminder), reason: .responded),
            ])
        // Tomorrow's slot is untouched.
        #expect(plan.plan.desired.contains { $0.identifier == F.identifier("2026-03-11T08:00", .reminder) })
    }

    @Test func midnightCleanupWithdrawsYesterdaysShownOnly() {
        let start = F.local("2026-03-09T06:00")
        var history = shown(["2026-03-09T20:00"])
        history.recordShown(F.identifier("2026-03-10T00:00", .reminder), at: F.local("2026-03-10T00:00"))
        let midnight = HydracatPlanner.nextMidnight(after: F.local("2026-03-09T20:00"), in: F.berlin)
        #expect(midnight == F.local("2026-03-10T00:00"))
        let plan = planner(F.settings(times: F.times("20:00", "00:00")), start: start)
            .plan(at: midnight, in: F.berlin, permission: .authorized, shown: history)
        #expect(
            plan.withdrawals == [Withdrawal(identifier: F.identifier("2026-03-09T20:00", .reminder), reason: .expired)])
    }

    @Test(arguments: [
        ("04:59", DayPart.night), ("05:00", .morning), ("11:59", .morning), ("12:00", .afternoon),
        ("16:59", .afternoon), ("17:00", .evening), ("20:59", .evening), ("21:00", .night), ("00:00", .night),
    ])
    func partOfTheDayBoundaries(time: String, part: DayPart) throws {
        #expect(DayPart(try LocalTime(parsing: time)) == part)
    }

    @Test(arguments: TreatmentKind.allCases)
    func everyTitleVariantRendersTheSpecText(kind: TreatmentKind) {
        let treatment = kind == .medication ? "medication" : "fluid therapy"
        for part in DayPart.allCases {
            let time = ["morning": "08:00", "afternoon": "13:00", "evening": "18:00", "night": "22:00"][part.rawValue]!
            let slot = F.slot("2026-03-10T\(time)")
            let reminder = HydracatContent.treatmentTexts(for: .reminder, petName: "Max", slot: slot, kind: kind)
            let followUp = HydracatContent.treatmentTexts(for: .followup, petName: "Max", slot: slot, kind: kind)
            #expect(F.render(reminder.title) == "Time for Max's \(part.rawValue) \(treatment)")
            #expect(F.render(followUp.title) == "Reminder: Max's \(part.rawValue) \(treatment)")
        }
    }
}
