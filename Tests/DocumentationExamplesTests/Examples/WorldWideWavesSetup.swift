// Shown in docs/apps.md, "Each app's settings and service" (WorldWideWaves).
// example-begin
import Foundation
import WaveNotifications

/// WorldWideWaves at launch: the Paris wave listed, the saved favorites restored, then one more favorite.
func launchWorldWideWaves(
    center: any NotificationRequestCenter,  // your platform's NotificationRequestCenter
    saved: WorldWideWavesNotificationService.SavedState = .init(),  // or what the last run saved
    clock: any WaveClock = SystemWaveClock(), zone: TimeZone = .current
) async throws -> WorldWideWavesNotificationService {
    let paris = TimeZone(identifier: "Europe/Paris")!
    let start = paris.instant(for: try LocalDateTime(parsing: "2026-06-21T18:00"))
    let solstice = WaveEventRecord(
        id: "paris-solstice", name: "Paris Solstice Wave", location: "Paris",
        startDate: start, endDate: start.addingTimeInterval(40 * 60), timeZone: paris)
    let service = WorldWideWavesNotificationService(
        events: [solstice], waveHits: ["paris-solstice": start.addingTimeInterval(12 * 60)], start: clock.now,
        manager: NotificationManagerBridge(center: center, clock: clock),
        favorites: InMemoryFavoriteEventsStore(favoriteIDs: saved.favoriteIDs), clock: clock, restoring: saved)
    let device = DeviceState(now: clock.now, timeZone: zone)
    try await service.reconcile(device: device, cause: .launch)  // syncs the favorites
    await service.favorite("paris-solstice", device: device)
    return service
}
// example-end
