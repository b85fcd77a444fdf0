import Foundation
import Testing
import WaveNotifications
import WaveNotificationsTesting

/// A daily 08:00 + 18:00 reminder with quiet hours and a follow-up, built through the public API only.
///
/// Occurrences are built with `TimeZone.instant(for:)` for 08:00 and 18:00 of three dates (the recurrence rules
/// were not in the core yet when this was written).
struct DailyReminderTests {
    private static let zone = TimeZone(identifier: "Europe/Berlin")!
    private static let channel = NotificationChannel(
        id: "daily", importance: .high, categoryID: "DAILY", interruptionLevel: .timeSensitive,
        name: LocalizedText(table: "Daily", key: "channel_name"),
        channelDescription: LocalizedText(table: "Daily", key: "channel_description"))

    private static func plan(now: Date, done: Set<String> = []) throws -> NotificationPlan {
        let start = try LocalDate(parsing: "2026-03-28")
        var sources: [FollowUp.Source] = []
        for day in 0..<3 {
            for time in ["08:00", "18:00"] {
                let slot = LocalDateTime(date: start.adding(days: day), time: try LocalTime(parsing: time))
                let request = NotificationRequest(
                    identifier: "daily_\(slot)", threadID: "daily", channel: channel, fireAt: zone.instant(for: slot),
                    title: LocalizedText(table: "Daily", key: "reminder_title"),
                    body: LocalizedText(table: "Daily", key: "reminder_body"), deepLink: "app://log?slot=\(slot)")
                let content = FollowUp.Content(
                    identifier: "daily_\(slot)_followup", title: LocalizedText(table: "Daily", key: "followup_title"),
                    body: LocalizedText(table: "Daily", key: "followup_body"))
                sources.append(
                    FollowUp.Source(proposed: ProposedRequest(request), subject: "\(slot)", content: content))
            }
        }
        let quiet = try LocalTimeWindow(start: LocalTime(parsing: "22:00"), end: LocalTime(parsing: "07:00"))
        let followUp = FollowUp(delay: .seconds(5 * 60 * 60), noFollowUpWindow: quiet)
        let reminders = sources.filter { !done.contains($0.subject) }.map(\.proposed)
        let proposed = reminders + followUp.followUps(for: sources, done: done, in: zone)
        let pipeline = PolicyPipeline([
            Grace(grace: .seconds(30 * 60)),
            QuietHours(window: quiet, behaviour: .deferToEnd),
            Gates(permission: .authorized, userEnabled: true),
        ])
        return NotificationPlan(outcomes: pipeline.run(proposed, in: PolicyContext(now: now, timeZone: zone)))
    }

    @Test func remindersAndFollowUpsAreReconciledOnceAndThenLeftAlone() async throws {
        let now = try Date("2026-03-28T06:00:00Z", strategy: .iso8601)  // 07:00 CET
        let center = RecordingRequestCenter()
        let reconciler = NotificationReconciler(center: center)
        let calls = try await reconciler.reconcile(try Self.plan(now: now))
        #expect(calls.count == 1)
        let pending = center.pending
        #expect(pending.count == 12)
        // 18:00 + 5 h = 23:00 is quiet: the follow-up moves to 07:00 the next morning. On the gap day (29th) that is
        // 07:00 CEST = 05:00Z, an hour earlier in UTC than on the 28th (06:00Z).
        let evening = pending.first { $0.identifier == "daily_2026-03-28T18:00_followup" }
        #expect(evening?.fireAt == (try Date("2026-03-29T05:00:00Z", strategy: .iso8601)))
        let morning = pending.first { $0.identifier == "daily_2026-03-29T08:00" }
        #expect(morning?.fireAt == (try Date("2026-03-29T06:00:00Z", strategy: .iso8601)))
        #expect(pending.first?.identifier == "daily_2026-03-28T08:00")

        center.clearCalls()
        #expect(try await reconciler.reconcile(try Self.plan(now: now)).isEmpty)
        #expect(center.changes.isEmpty)
    }

    @Test func aDoneSubjectLosesItsReminderAndFollowUp() async throws {
        let now = try Date("2026-03-28T06:00:00Z", strategy: .iso8601)
        let center = RecordingRequestCenter()
        let reconciler = NotificationReconciler(center: center)
        try await reconciler.reconcile(try Self.plan(now: now))
        let calls = try await reconciler.reconcile(try Self.plan(now: now, done: ["2026-03-28T08:00"]))
        #expect(
            calls == [
                .removePending(
                    identifiers: ["daily_2026-03-28T08:00", "daily_2026-03-28T08:00_followup"], reason: .reschedule)
            ])
        #expect(center.pending.count == 10)
    }
}
