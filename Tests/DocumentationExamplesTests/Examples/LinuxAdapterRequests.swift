// Shown in docs/linux-adapter.md, "Using it in a Linux program" (requests).
// example-begin
import Foundation
import WaveLinuxAdapter
import WaveNotifications

/// Hydracat's morning fluids for Mochi, at `eight`, with a Snooze button: keys of the bundled `Hydracat` table.
func remindOfMochisFluids(on manager: LinuxNotificationManager, at eight: Date) async throws {
    let remindersChannel = NotificationChannel(
        id: "treatment_reminders", importance: .high, categoryID: "TREATMENT_REMINDERS",
        interruptionLevel: .timeSensitive,
        name: LocalizedText(table: "Hydracat", key: "hydracat_channel_treatment_reminders_name"),
        channelDescription: LocalizedText(table: "Hydracat", key: "hydracat_channel_treatment_reminders_description"))
    let snooze = NotificationAction(
        id: "snooze", title: LocalizedText(table: "Hydracat", key: "hydracat_action_snooze"))
    try await manager.add([  // a batch: one step, one transaction
        NotificationRequest(
            identifier: "fluids_2026-06-21_0800", threadID: "fluids", channel: remindersChannel, fireAt: eight,
            title: LocalizedText(table: "Hydracat", key: "hydracat_reminder_title_morning_fluid", arguments: ["Mochi"]),
            body: LocalizedText(table: "Hydracat", key: "hydracat_reminder_body"),
            deepLink: "hydracat://log", actions: [snooze], expiresAfter: .seconds(2 * 3600),
            metadata: ["petID": "p1"])
    ])
}

/// The user turned the fluids reminders off: nothing more is shown, and what is on screen goes.
func stopMochisFluids(on manager: LinuxNotificationManager) async throws -> [NotificationRequest] {
    try await manager.removePending(threadID: "fluids", reason: .userDisabled)  // or identifiers: [...]
    try await manager.withdrawShown(identifiers: ["fluids_2026-06-21_0800"], reason: .userDisabled)
    return try await manager.pendingRequests()  // exactly as added, soonest first
}
// example-end
