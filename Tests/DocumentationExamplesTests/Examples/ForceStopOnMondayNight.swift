// Shown in docs/conformers.md, "When the user is told: Doze, exact alarms, Focus"; run by SimulatedPhonesExampleTests.
// example-begin
import Foundation
import HydracatNotifications
import WaveNotifications
import WaveNotificationsTesting

/// The reminders a Hydracat user loses when they force-stop the app on an Android phone on Monday night and open it
/// again on Wednesday morning: every request the app handed over is removed at the force stop, and each one due before
/// the launch is lost.
func remindersLostAfterAForceStop(
    settings: HydracatSettings, start: Date, zone: TimeZone, mondayNight: Date, wednesdayMorning: Date
) async throws -> [String] {
    let clock = ManualWaveClock(now: start)
    let phone = SimulatedAndroidCenter(clock: clock)
    let service = HydracatNotificationService(settings: settings, start: start, center: phone)
    let run = ServiceDeviceRun(service: service, center: phone, clock: clock, timeZone: zone)
    let record = try await run.record(
        until: wednesdayMorning.addingTimeInterval(3600),
        actions: [.init(at: mondayNight, kind: .forceStop), .init(at: wednesdayMorning, kind: .launch)])
    return record.lost.filter { $0.reason == .forceStop }.map(\.request.identifier)
}
// example-end
