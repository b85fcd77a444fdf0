// Shown in docs/core.md, "The core: requests, recurrence, policies, reconcile".
// example-begin
import Foundation
import WaveNotifications

/// Your app's reminders channel; its texts, like the reminders', are keys of your app's own `Daily.strings`.
let dailyChannel = NotificationChannel(
    id: "daily", importance: .high, categoryID: "DAILY", interruptionLevel: .timeSensitive,
    name: LocalizedText(table: "Daily", key: "channel_name"),
    channelDescription: LocalizedText(table: "Daily", key: "channel_description"))

/// Three days of 08:00 and 18:00 reminders from `today`, each followed up five hours later unless logged.
func reconcileDailyReminders(
    from today: LocalDate, loggedSlots: Set<String>, permission: PermissionStatus, userEnabled: Bool,
    history: NotificationHistory, center: any NotificationRequestCenter, clock: any WaveClock = SystemWaveClock()
) async throws {
    let zone = TimeZone(identifier: "Europe/Berlin")!
    let quiet = try LocalTimeWindow(start: LocalTime(parsing: "22:00"), end: LocalTime(parsing: "07:00"))
    let followUp = FollowUp(delay: .seconds(5 * 3600), noFollowUpWindow: quiet)  // 18:00 → 23:00 → 07:00
    var sources: [FollowUp.Source] = []
    for day in 0..<3 {
        for time in ["08:00", "18:00"] {
            let slot = LocalDateTime(date: today.adding(days: day), time: try LocalTime(parsing: time))
            let reminder = NotificationRequest(
                identifier: "daily_\(slot)", threadID: "daily", channel: dailyChannel, fireAt: zone.instant(for: slot),
                title: LocalizedText(table: "Daily", key: "reminder_title"),
                body: LocalizedText(table: "Daily", key: "reminder_body"), deepLink: "app://log?slot=\(slot)")
            sources.append(
                FollowUp.Source(
                    proposed: ProposedRequest(reminder), subject: "\(slot)",
                    content: FollowUp.Content(
                        identifier: "daily_\(slot)_followup",
                        title: LocalizedText(table: "Daily", key: "followup_title"),
                        body: LocalizedText(table: "Daily", key: "followup_body"))))
        }
    }
    let reminders = sources.filter { !loggedSlots.contains($0.subject) }.map(\.proposed)
    let proposed = reminders + followUp.followUps(for: sources, done: loggedSlots, in: zone)
    let pipeline = PolicyPipeline([
        Grace(grace: .seconds(1800)), QuietHours(window: quiet, behaviour: .deferToEnd),
        Gates(permission: permission, userEnabled: userEnabled),
    ])
    let outcomes = pipeline.run(proposed, in: PolicyContext(now: clock.now, timeZone: zone, history: history))
    try await NotificationReconciler(center: center).reconcile(NotificationPlan(outcomes: outcomes))
}
// example-end
