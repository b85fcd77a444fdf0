// Shown in docs/conformers.md, "When the user is told: Doze, exact alarms, Focus"; run by SimulatedPhonesExampleTests.
// example-begin
import Foundation
import HydracatNotifications
import WaveNotifications
import WaveNotificationsTesting

/// How many minutes late the 08:00 medication reminder reaches a user whose Pixel lies on the desk overnight (idle on
/// battery from 23:00 to 09:30), with exact alarms allowed or denied (Android 14 denies them to a new install of an
/// app targeting API 33 or later); `nil` when it is not shown at all.
func minutesLateOnAPixelOvernight(
    settings: HydracatSettings, start: Date, zone: TimeZone, exactAlarmsAllowed: Bool
) async throws -> Int? {
    let clock = ManualWaveClock(now: start)
    let desk = try LocalTimeWindow(start: LocalTime(parsing: "23:00"), end: LocalTime(parsing: "09:30"))
    let pixel = SimulatedAndroidCenter(
        conditions: DeviceConditions(idle: [.init(desk)], android: .init(exactAlarmsAllowed: exactAlarmsAllowed)),
        scheduling: HydracatNotificationService.androidScheduling, timeZone: zone, clock: clock)
    let service = HydracatNotificationService(settings: settings, start: start, center: pixel)
    // The one loop wavesim runs too: the phone shows each reminder when its mode lets it, which wakes the app.
    let night = ServiceDeviceRun(service: service, center: pixel, clock: clock, timeZone: zone)
    let events = try await night.run(until: start.addingTimeInterval(24 * 3600))
    for case .delivered(let request, let shownAt, _) in events where request.identifier.hasSuffix("T08:00|reminder") {
        return Int(shownAt.timeIntervalSince(request.fireAt) / 60)
    }
    return nil
}
// example-end
