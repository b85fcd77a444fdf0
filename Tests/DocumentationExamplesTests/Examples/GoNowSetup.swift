// Shown in docs/apps.md, "Each app's settings and service" (GoNow).
// example-begin
import Foundation
import GoNowNotifications
import WaveNotifications

/// GoNow at launch in Jerusalem, then a forecast arriving.
func launchGoNow(
    center: any NotificationRequestCenter,  // your platform's NotificationRequestCenter
    clock: any WaveClock = SystemWaveClock()
) async throws -> GoNowReport {
    let zone = TimeZone(identifier: "Asia/Jerusalem")!
    let settings = GoNowSettings(
        enabledModes: [.runDog, .swimSolo],
        quietHours: QuietHoursSetting(
            enabled: true, start: try LocalTime(parsing: "22:00"), end: try LocalTime(parsing: "06:00")),
        dogName: "Luna")
    let service = GoNowNotificationService(settings: settings, center: center, restoring: NotificationSession.State())
    let device = DeviceState(now: clock.now, timeZone: zone, permission: .authorized)
    try await service.reconcile(device: device, cause: .launch)

    // A forecast arrived: one score per mode for each hour.
    let midnight = zone.instant(for: try LocalDateTime(parsing: "2026-06-01T00:00"))
    let hours = (0..<48).map { hour in
        GoNowForecastHour(
            start: midnight.addingTimeInterval(Double(hour) * 3600),
            scores: [.runDog: hour % 24 == 6 ? 85 : 40, .swimSolo: 50])
    }
    let report = try await service.receiveForecast(GoNowForecast(fetchedAt: device.now, hours: hours), device: device)
    for event in report.analytics { print(event) }  // notif_scheduled, notif_cancelled…
    return report
}
// example-end
