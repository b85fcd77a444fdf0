// Shown in docs/apps.md, "Each app's settings and service" (Shadow).
// example-begin
import Foundation
import ShadowNotifications
import WaveNotifications

/// Shadow at launch with its anchors, three categories and a supplement.
func launchShadowWithCheckIns(
    center: any NotificationRequestCenter,  // your platform's NotificationRequestCenter
    clock: any WaveClock = SystemWaveClock(), zone: TimeZone = .current
) async throws -> ShadowNotificationService {
    let settings = ShadowSettings(
        anchors: [.wake: ShadowAnchorSetting(time: try LocalTime(parsing: "06:30"))],
        categories: [
            .supplements: try ShadowCategorySettings(enabled: true, mode: .anchor, expiresAfterMinutes: 90),
            .fluids: try ShadowCategorySettings(
                enabled: true, mode: .interval, everyHours: 1, from: try LocalTime(parsing: "07:00"),
                to: try LocalTime(parsing: "01:00")),
            .vitals: try ShadowCategorySettings(enabled: true, expiresAfterMinutes: 30),
        ],
        supplements: [ShadowSupplement(id: "vitd", name: "Vitamin D", anchors: [.wake])])
    let service = ShadowNotificationService(settings: settings, center: center, restoring: NotificationSession.State())
    let device = DeviceState(now: clock.now, timeZone: zone)
    try await service.reconcile(device: device, cause: .launch)
    return service
}

/// The user answered a check-in on screen: it is withdrawn (`responded`).
func userAnswered(
    _ identifier: String, on service: ShadowNotificationService, clock: any WaveClock = SystemWaveClock(),
    zone: TimeZone = .current
) async throws {
    try await service.respond(to: identifier, device: DeviceState(now: clock.now, timeZone: zone))
}
// example-end
