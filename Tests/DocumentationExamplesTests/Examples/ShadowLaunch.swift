// Shown in docs/apps.md, "One service per process, or one per launch" (iOS).
// example-begin
import Foundation
import ShadowNotifications
import WaveNotifications

/// One iOS launch of Shadow: the service built from what the last run stored, and what to store for the next.
func launchShadow(
    storedState: Data?,  // what the previous run stored; nil at the first run
    center: any NotificationRequestCenter,  // your platform's NotificationRequestCenter
    clock: any WaveClock = SystemWaveClock(), zone: TimeZone = .current
) async throws -> Data {
    let settings = ShadowSettings(categories: [.vitals: try ShadowCategorySettings(enabled: true)])
    let saved = try storedState.map { try JSONDecoder().decode(NotificationSession.State.self, from: $0) }
    let service = ShadowNotificationService(
        settings: settings, center: center, restoring: saved ?? NotificationSession.State())
    let device = DeviceState(now: clock.now, timeZone: zone)
    try await service.reconcile(device: device, cause: .launch)
    return try JSONEncoder().encode(await service.savedState)  // keep it until the next run
}
// example-end
