import Foundation
import GoNowNotifications
import Testing
import WaveNotifications

private typealias F = GoNowFixtures

struct GoNowAnalyticsEventTests {
    private let hours = F.hours(from: "2026-06-01T07:00", [90, 80], reasons: [0: "Waves calm"])

    @Test func scheduledAndFiredCarryTheSeedsFields() throws {
        let plan = F.plan(F.settings(), hours: hours, now: "2026-06-01T05:00")
        let request = try #require(plan.desired("swim_solo_2026-06-01_best"))
        let scheduled = try #require(GoNowAnalyticsEvent.scheduled(request, at: F.local("2026-06-01T05:00")))
        #expect(scheduled.name.rawValue == "notif_scheduled")
        #expect(
            scheduled.fields.map(\.name) == [
                "mode", "window_start", "window_end", "avg_score", "scoring_version", "fire_time",
            ])
        #expect(scheduled["window_start"] == .string("2026-06-01T07:00+03:00"))
        #expect(scheduled["avg_score"] == .decimal(85))
        #expect(scheduled["fire_time"] == .string("2026-06-01T06:30+03:00"))
        let fired = try #require(GoNowAnalyticsEvent.fired(request, at: request.fireAt))
        #expect(fired.fields.map(\.name) == ["mode", "window_start", "notification_id"])
        #expect(fired["notification_id"] == .integer(Int(NotificationRequest.numericID(for: request.identifier))))
    }

    @Test(arguments: [
        (NotificationReason.userDisabled, "user_disabled"), (.permissionDenied, "user_disabled"),
        (.staleData, "stale_data"), (.reschedule, "reschedule"), (.dailyCap, "reschedule"),
    ])
    func cancelledFoldsReasonsIntoTheSeedsThree(reason: NotificationReason, logged: String) throws {
        let event = try #require(
            GoNowAnalyticsEvent.cancelled(identifier: "run_dog_2026-06-01_heat", reason: reason, at: .distantPast))
        #expect(event.name.rawValue == "notif_cancelled")
        #expect(event.fields.map(\.name) == ["mode", "reason"])
        #expect(event["mode"] == .string("run_dog"))
        #expect(event["reason"] == .string(logged))
    }

    @Test func dstRescheduleWritesOffsets() {
        let event = GoNowAnalyticsEvent.dstReschedule(
            oldOffset: 7200, newOffset: 10800, countRescheduled: 3, at: F.instant("2026-03-27T00:00:00Z"))
        #expect(event.name.rawValue == "notif_dst_reschedule")
        #expect(event.fields.map(\.name) == ["old_offset", "new_offset", "count_rescheduled"])
        #expect(event["old_offset"] == .string("+02:00"))
        #expect(event["new_offset"] == .string("+03:00"))
        #expect(event["count_rescheduled"] == .integer(3))
        #expect(
            GoNowAnalyticsEvent.dstReschedule(oldOffset: -34200, newOffset: 0, countRescheduled: 0, at: .distantPast)[
                "old_offset"] == .string("-09:30"))
    }

    @Test func eventsOfAPlanListCancellationsThenNewOrChangedSchedules() {
        let first = F.plan(F.settings(), hours: hours, now: "2026-05-31T05:00")
        #expect(GoNowAnalyticsEvent.events(applying: first, over: first.desired, at: .distantPast).isEmpty)
        let off = F.plan(F.settings(enabled: false), hours: hours, now: "2026-05-31T05:00", pending: first.desired)
        let events = GoNowAnalyticsEvent.events(applying: off, over: first.desired, at: .distantPast)
        #expect(events.count == first.desired.count)
        #expect(events.allSatisfy { $0.name == .cancelled && $0["reason"] == .string("user_disabled") })
        let fresh = GoNowAnalyticsEvent.events(applying: first, over: [], at: .distantPast)
        #expect(fresh.map(\.name) == Array(repeating: .scheduled, count: first.desired.count))
    }
}
