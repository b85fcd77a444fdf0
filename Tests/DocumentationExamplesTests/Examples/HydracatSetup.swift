// Shown in docs/apps.md, "Each app's settings and service" (Hydracat).
// example-begin
import Foundation
import HydracatNotifications
import WaveNotifications

/// Hydracat at launch with Luna's medication, then the user logging her 08:00 dose.
func launchHydracat(
    center: any NotificationRequestCenter,  // your platform's NotificationRequestCenter
    firstRun: Date,  // the app's first run with these schedules: keep it with the settings
    clock: any WaveClock = SystemWaveClock(), zone: TimeZone = .current
) async throws {
    let settings = HydracatSettings(
        userID: "u1",
        pets: [
            HydracatPet(
                id: "p1", name: "Luna",
                schedules: [
                    TreatmentSchedule(
                        id: "s1", kind: .medication, medicationName: "Benazepril", dose: "2.5 mg",
                        times: [try LocalTime(parsing: "08:00"), try LocalTime(parsing: "20:00")])
                ])
        ])
    try settings.validate()
    let service = HydracatNotificationService(
        settings: settings, start: firstRun, center: center, restoring: HydracatNotificationService.SavedState())
    let device = DeviceState(now: clock.now, timeZone: zone)
    try await service.reconcile(device: device, cause: .launch)

    // The user logged Luna's 08:00 dose in the app (or picked Log on the notification: respond(to:actionID:device:)).
    try await service.log(
        TreatmentLog(petID: "p1", scheduleID: "s1", slot: try LocalDateTime(parsing: "2026-06-01T08:00")),
        device: device)
}
// example-end
