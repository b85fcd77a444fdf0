import Foundation
import GrowBroNotifications
import Testing
import WaveNotifications

struct GrowBroPlannerTests {
    private let zone = GrowBroFixtures.berlin

    private func task(_ id: String, _ due: String, title: String = "Water", completed: Bool = false) -> GrowBroTask {
        GrowBroTask(id: id, title: title, due: GrowBroFixtures.local(due), isCompleted: completed)
    }

    private func plan(_ settings: GrowBroSettings, at now: String) -> NotificationPlan {
        GrowBroPlanner.plan(settings: settings, now: GrowBroFixtures.instant(now), timeZone: zone)
    }

    private func reminders(_ plan: NotificationPlan) -> [NotificationRequest] {
        plan.desired.filter { $0.identifier.hasPrefix("task_") }
    }

    private func fireTimes(_ plan: NotificationPlan) -> [String: Date] {
        Dictionary(uniqueKeysWithValues: plan.desired.map { ($0.identifier, $0.fireAt) })
    }

    @Test func reminderFiresAtDueWithItsIdentifierLinkAndTexts() {
        let settings = GrowBroSettings(tasks: [task("t-1", "2026-06-10T15:30", title: "Flush pots")])
        let result = plan(settings, at: "2026-06-10T08:00:00+02:00")
        #expect(reminders(result).count == 1)
        let reminder = reminders(result)[0]
        #expect(reminder.identifier == "task_t-1")
        #expect(reminder.fireAt == GrowBroFixtures.instant("2026-06-10T15:30:00+02:00"))
        #expect(reminder.deepLink == "growbro://task/t-1")
        #expect(reminder.channel.id == "cultivation.reminders")
        #expect(reminder.interruptionLevel == .timeSensitive)
        #expect(reminder.title == LocalizedText(table: "GrowBro", key: "growbro.task.title"))
        #expect(reminder.body == LocalizedText(table: "GrowBro", key: "growbro.task.body", arguments: ["Flush pots"]))
        #expect(result.suppressed.isEmpty)
        #expect(result.removalReasons.isEmpty)
    }

    @Test func completingATaskRemovesItsPendingReminderWithReschedule() {
        var settings = GrowBroSettings(tasks: [task("t1", "2026-06-10T15:00"), task("t2", "2026-06-10T16:00")])
        let before = plan(settings, at: "2026-06-10T08:00:00+02:00")
        #expect(before.desired.map(\.identifier) == ["task_t1", "task_t2", "overdue_2026-06-11"])
        #expect(before.desired.last?.body.arguments == ["2"])
        let completed = settings.completeTask("t1")
        let unknown = settings.completeTask("nope")
        #expect(completed)
        #expect(!unknown)
        let after = plan(settings, at: "2026-06-10T08:05:00+02:00")
        #expect(after.desired.map(\.identifier) == ["task_t2", "overdue_2026-06-11"])
        // Tomorrow's digest now counts one task: it is replaced, the completed task's reminder removed.
        let calls = ReconcilePlan(after, pending: before.desired).calls
        #expect(after.desired.last?.body.arguments == ["1"])
        #expect(
            calls == [
                .removePending(identifiers: ["task_t1"], reason: .reschedule), .add([after.desired[1]]),
            ])
    }

    @Test func reschedulingReplacesTheReminder() {
        var settings = GrowBroSettings(tasks: [task("t1", "2026-06-10T15:00")])
        let before = plan(settings, at: "2026-06-10T08:00:00+02:00")
        let rescheduled = settings.rescheduleTask("t1", to: GrowBroFixtures.local("2026-06-11T10:15"))
        #expect(rescheduled)
        let after = plan(settings, at: "2026-06-10T08:05:00+02:00")
        #expect(reminders(after).count == 1)
        #expect(reminders(after)[0].identifier == "task_t1")
        #expect(reminders(after)[0].fireAt == GrowBroFixtures.instant("2026-06-11T10:15:00+02:00"))
        // The same identifier is added again with the new instant (replace), never removed; tomorrow's digest,
        // which counted the task while it was due today, is no longer wanted.
        let calls = ReconcilePlan(after, pending: before.desired).calls
        #expect(calls.contains(.add(reminders(after))))
        #expect(calls.contains(.removePending(identifiers: ["overdue_2026-06-11"], reason: .reschedule)))
        #expect(!calls.contains(.removePending(identifiers: ["task_t1"], reason: .reschedule)))
    }

    @Test func taskReminderInsideQuietHoursMovesToTheQuietEndAcrossMidnight() {
        let settings = GrowBroSettings(
            quietHours: GrowBroFixtures.quiet(),
            tasks: [task("late", "2026-06-10T23:30"), task("early", "2026-06-11T02:00")])
        let times = fireTimes(plan(settings, at: "2026-06-10T20:00:00+02:00"))
        #expect(times["task_late"] == GrowBroFixtures.instant("2026-06-11T07:00:00+02:00"))
        #expect(times["task_early"] == GrowBroFixtures.instant("2026-06-11T07:00:00+02:00"))
    }

    @Test func taskReminderOutsideQuietHoursOrWithThemOffStays() {
        let tasks = [task("a", "2026-06-10T21:59"), task("b", "2026-06-11T07:00"), task("c", "2026-06-10T23:30")]
        let quiet = fireTimes(
            plan(GrowBroSettings(quietHours: GrowBroFixtures.quiet(), tasks: tasks), at: "2026-06-10T20:00:00+02:00"))
        #expect(quiet["task_a"] == GrowBroFixtures.instant("2026-06-10T21:59:00+02:00"))
        #expect(quiet["task_b"] == GrowBroFixtures.instant("2026-06-11T07:00:00+02:00"))
        let off = fireTimes(plan(GrowBroSettings(tasks: tasks), at: "2026-06-10T20:00:00+02:00"))
        #expect(off["task_c"] == GrowBroFixtures.instant("2026-06-10T23:30:00+02:00"))
    }

    @Test func digestCountsTasksDueBeforeNineAndNotCompleted() {
        let settings = GrowBroSettings(tasks: [
            task("a", "2026-06-09T18:00"), task("b", "2026-06-10T08:59"), task("c", "2026-06-10T09:00"),
            task("d", "2026-06-10T12:00"), task("e", "2026-06-08T10:00", completed: true),
        ])
        let result = plan(settings, at: "2026-06-10T00:00:00+02:00")
        let digests = result.desired.filter { $0.identifier.hasPrefix("overdue_") }
        #expect(digests.map(\.identifier) == ["overdue_2026-06-10", "overdue_2026-06-11"])
        #expect(digests[0].fireAt == GrowBroFixtures.instant("2026-06-10T09:00:00+02:00"))
        #expect(digests[0].body == LocalizedText(table: "GrowBro", key: "growbro.digest.body", arguments: ["2"]))
        #expect(digests[1].body.arguments == ["4"])
        #expect(digests[0].title == LocalizedText(table: "GrowBro", key: "growbro.digest.title"))
        #expect(digests[0].deepLink == "growbro://calendar")
        #expect(digests[0].channel.id == "cultivation.reminders")
    }

    @Test func noDigestWithoutAnOverdueTask() {
        let settings = GrowBroSettings(tasks: [
            task("done", "2026-06-09T08:00", completed: true), task("later", "2026-06-12T10:00"),
        ])
        let result = plan(settings, at: "2026-06-10T00:00:00+02:00")
        #expect(result.desired.map(\.identifier) == ["task_later"])
        #expect(plan(GrowBroSettings(), at: "2026-06-10T00:00:00+02:00").desired.isEmpty)
    }

    @Test func completingTheLastOverdueTaskRemovesTheDigest() {
        var settings = GrowBroSettings(tasks: [task("a", "2026-06-09T18:00")])
        let before = plan(settings, at: "2026-06-10T07:00:00+02:00")
        #expect(before.desired.map(\.identifier) == ["overdue_2026-06-10", "overdue_2026-06-11"])
        settings.completeTask("a")
        let after = plan(settings, at: "2026-06-10T07:01:00+02:00")
        #expect(after.desired.isEmpty)
        #expect(
            ReconcilePlan(after, pending: before.desired).calls
                == [.removePending(identifiers: ["overdue_2026-06-10", "overdue_2026-06-11"], reason: .reschedule)])
    }

    @Test func digestInsideQuietHoursMovesToTheQuietEnd() {
        let settings = GrowBroSettings(
            quietHours: GrowBroFixtures.quiet("08:00", "10:30"), tasks: [task("a", "2026-06-09T18:00")])
        let times = fireTimes(plan(settings, at: "2026-06-10T00:00:00+02:00"))
        #expect(times["overdue_2026-06-10"] == GrowBroFixtures.instant("2026-06-10T10:30:00+02:00"))
        #expect(times["overdue_2026-06-11"] == GrowBroFixtures.instant("2026-06-11T10:30:00+02:00"))
    }

    @Test func pastCandidatesAreNotScheduledAndWhatWasShownIsLeftToTheSession() {
        let settings = GrowBroSettings(tasks: [task("a", "2026-06-09T18:00"), task("b", "2026-06-10T12:00")])
        let afterNine = plan(settings, at: "2026-06-10T09:30:00+02:00")
        #expect(afterNine.desired.map(\.identifier) == ["task_b", "overdue_2026-06-11"])
        // The planner does not read what was shown: at noon it still wants task_b. Never again is the session's
        // rule (NotificationSession.removingDone), which a reschedule to a new due time lifts.
        let atNoon = plan(settings, at: "2026-06-10T12:00:00+02:00")
        #expect(atNoon.desired.map(\.identifier) == ["task_b", "overdue_2026-06-11"])
    }

    @Test func yesterdaysDigestMovedPastMidnightIsStillWanted() {
        // Quiet 08:30-01:00: the 9th's 09:00 digest moves to 01:00 on the 10th, after the 00:00 reconcile.
        let settings = GrowBroSettings(
            quietHours: GrowBroFixtures.quiet("08:30", "01:00"), tasks: [task("a", "2026-06-09T07:00")])
        let times = fireTimes(plan(settings, at: "2026-06-10T00:00:00+02:00"))
        #expect(times["overdue_2026-06-09"] == GrowBroFixtures.instant("2026-06-10T01:00:00+02:00"))
        #expect(times["overdue_2026-06-10"] == GrowBroFixtures.instant("2026-06-11T01:00:00+02:00"))
        // Once 01:00 has passed it is not wanted again (it came due).
        #expect(fireTimes(plan(settings, at: "2026-06-10T01:30:00+02:00"))["overdue_2026-06-09"] == nil)
    }

    @Test func aPendingReminderWhoseInstantHasPassedIsShownNow() {
        // t1 due 23:00 was held to 07:00 by quiet hours; they are off at 23:30: its instant is 23:00 again.
        let settings = GrowBroSettings(tasks: [task("t1", "2026-06-10T23:00")])
        let now = GrowBroFixtures.instant("2026-06-10T23:30:00+02:00")
        let held = GrowBroPlanner.plan(settings: settings, now: now, timeZone: zone, pending: ["task_t1"])
        #expect(held.desired.map(\.identifier) == ["overdue_2026-06-11"])
        #expect(held.showNow.map(\.identifier) == ["task_t1"])
        #expect(held.showNow.first?.fireAt == GrowBroFixtures.instant("2026-06-10T23:00:00+02:00"))
        // Not pending (it came due already, or never was): nothing.
        #expect(GrowBroPlanner.plan(settings: settings, now: now, timeZone: zone).showNow.isEmpty)
    }

    @Test func deniedPermissionAndChannelOffDoNotRemovePendingReminders() {
        let settings = GrowBroSettings(channels: [.reminders: false], tasks: [task("a", "2026-06-10T12:00")])
        #expect(reminders(plan(settings, at: "2026-06-10T08:00:00+02:00")).map(\.identifier) == ["task_a"])
    }

    @Test func dueInADaylightSavingGapFiresAfterTheTransition() {
        let settings = GrowBroSettings(tasks: [task("gap", "2026-03-29T02:30"), task("fold", "2026-10-25T02:30")])
        let times = fireTimes(plan(settings, at: "2026-03-28T12:00:00+01:00"))
        #expect(times["task_gap"] == GrowBroFixtures.instant("2026-03-29T01:30:00Z"))
        #expect(times["task_fold"] == GrowBroFixtures.instant("2026-10-25T00:30:00Z"))
    }

    @Test func digestDatesFollowTheDeviceZone() {
        let settings = GrowBroSettings(tasks: [task("a", "2026-06-09T20:00")])
        let now = GrowBroFixtures.instant("2026-06-09T23:00:00Z")
        let berlin = GrowBroPlanner.plan(settings: settings, now: now, timeZone: zone)
        let newYork = GrowBroPlanner.plan(settings: settings, now: now, timeZone: GrowBroFixtures.newYork)
        #expect(berlin.desired.map(\.identifier) == ["overdue_2026-06-10", "overdue_2026-06-11"])
        #expect(newYork.desired.map(\.identifier) == ["task_a", "overdue_2026-06-10"])
        #expect(newYork.desired.last?.fireAt == GrowBroFixtures.instant("2026-06-10T13:00:00Z"))
    }
}
