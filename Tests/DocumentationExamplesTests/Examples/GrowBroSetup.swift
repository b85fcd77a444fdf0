// Shown in docs/apps.md, "Each app's settings and service" (GrowBro).
// example-begin
import Foundation
import GrowBroNotifications
import WaveNotifications

/// GrowBro at launch with one task, then a reply arriving as a push.
func launchGrowBro(
    center: any NotificationRequestCenter,  // your platform's NotificationRequestCenter
    inbox: any InboxStore = InMemoryInboxStore(),  // or the Linux adapter's SQLiteInboxStore
    clock: any WaveClock = SystemWaveClock(), zone: TimeZone = .current
) async throws -> GrowBroPushResult {
    let settings = GrowBroSettings(
        channels: [.likes: false],
        quietHours: QuietHoursSetting(enabled: true),
        tasks: [
            GrowBroTask(id: "t1", title: "Water the seedlings", due: try LocalDateTime(parsing: "2026-05-04T10:00"))
        ])
    let service = GrowBroNotificationService(
        settings: settings, center: center, inbox: inbox, restoring: GrowBroNotificationService.SavedState())
    let device = DeviceState(now: clock.now, timeZone: zone)
    try await service.reconcile(device: device, cause: .launch)

    // A push arrived.
    let result = try await service.receive(
        .reply(messageID: "m1", postID: "p42", author: "Mia", text: "Lovely colour!", authorID: "mia_7"),
        device: device)
    print(result.delivery, result.events)
    return result
}
// example-end
