// Shown in docs/conformers.md, "The types a conformer touches": a request with every field and every reason a call
// carries, compiled (the switch is exhaustive), so the doc can name no field or case that does not exist.
// example-begin
import Foundation
import WaveNotifications

/// A request with every field set, as an app hands one over: a conformer keeps every field as given.
func requestWithEveryField(now: Date) -> NotificationRequest {
    NotificationRequest(
        identifier: "reminder-2030-01-01T08:00",  // unique among pending requests: the same again replaces
        threadID: "reminders-2030-01-01",  // the group it is shown in; its identifier's own when omitted
        channel: NotificationChannel(
            id: "reminders", importance: .high, categoryID: "REMINDER", interruptionLevel: .timeSensitive,
            name: LocalizedText(table: "Example", key: "channel_reminders"),
            channelDescription: LocalizedText(table: "Example", key: "channel_reminders_description")),
        fireAt: now.addingTimeInterval(3_600),  // when it is shown (to the fraction of a millisecond)
        title: LocalizedText(table: "Example", key: "reminder_title"),  // keys: resolved when shown
        body: LocalizedText(table: "Example", key: "reminder_body", arguments: ["08:00"]),
        deepLink: "example://reminder/2030-01-01T08:00",  // opened on a tap
        actions: [  // in order
            NotificationAction(id: "done", title: LocalizedText(table: "Example", key: "action_done")),
            NotificationAction(
                id: "note", title: LocalizedText(table: "Example", key: "action_note"), isTextInput: true),
        ],
        expiresAfter: .seconds(2 * 3_600),  // a shown one is withdrawn this long after fireAt unless acted on
        collapseID: "reminder",  // a newer one shown with it replaces the older on screen
        interruptionLevel: .timeSensitive,  // the channel's unless a gate lowered it (passive when provisional)
        metadata: ["kind": "reminder"])  // routes a tap inside the app; never shown
}

/// Why a removal or a withdrawal is made: a conformer may log it and must not act on it otherwise (a removal
/// removes, whatever its reason).
func kind(of reason: NotificationReason) -> String {
    switch reason {
    case .quietHours, .dailyCap, .alreadyNotified, .missed, .expired, .staleData, .windowPassed:
        "held back by the app's policies"
    case .permissionDenied, .userDisabled, .categoryDisabled:
        "the user's settings"
    case .reschedule:
        "the app no longer wants it as it was"
    case .responded, .snoozed, .collapsed:
        "the user acted, or a newer one replaced it"
    case .reboot, .androidNotificationCap, .forceStop:
        "the platform"
    }
}
// example-end
