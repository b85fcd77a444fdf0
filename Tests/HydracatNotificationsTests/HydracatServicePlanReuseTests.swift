import Foundation
import HydracatNotifications
import Testing
import WaveNotifications
import WaveNotificationsTesting

struct HydracatServicePlanReuseTests {
    private static let zone = TimeZone(identifier: "Europe/Berlin")!

    private static func device(_ text: String, _ permission: PermissionStatus = .authorized) -> DeviceState {
        DeviceState(now: zone.instant(for: try! LocalDateTime(parsing: text)), timeZone: zone, permission: permission)
    }

    private static let settings = HydracatSettings(
        userID: "u1",
        pets: [
            HydracatPet(
                id: "p1", name: "Luna",
                schedules: [
                    TreatmentSchedule(
                        id: "s1", kind: .medication, medicationName: "Benazepril", dose: "2.5 mg",
                        times: [try! LocalTime(parsing: "08:00"), try! LocalTime(parsing: "20:00")])
                ])
        ])

    private func service(_ center: RecordingRequestCenter) -> HydracatNotificationService {
        HydracatNotificationService(
            settings: Self.settings, start: Self.device("2026-03-10T07:00").now, center: center)
    }

    @Test func reconcileAtTheSameInstantWithNothingChangedReusesThePlan() async throws {
        let center = RecordingRequestCenter()
        let service = service(center)
        try await service.reconcile(device: Self.device("2026-03-10T07:00"), cause: .start)
        center.clearCalls()

        let events = try await service.reconcile(device: Self.device("2026-03-10T07:00"), cause: .launch).events

        #expect(events.isEmpty)
        #expect(center.changes.isEmpty)
        let counts = await service.planningCounts
        #expect(counts.plans == 2 && counts.plansReused == 1)
    }

    @Test func logAtTheSameInstantIsPlannedAgain() async throws {
        let center = RecordingRequestCenter()
        let service = service(center)
        let now = Self.device("2026-03-10T07:00")
        try await service.reconcile(device: now, cause: .start)

        let slot = try LocalDateTime(parsing: "2026-03-10T08:00")
        try await service.log(TreatmentLog(petID: "p1", scheduleID: "s1", slot: slot), device: now)

        #expect(await service.planningCounts.plansReused == 0)
        #expect(!center.pending.contains { $0.identifier.hasPrefix("u1|p1|s1|2026-03-10T08:00|") })
    }

    @Test func laterInstantOrOtherPermissionIsPlannedAgain() async throws {
        let center = RecordingRequestCenter()
        let service = service(center)
        try await service.reconcile(device: Self.device("2026-03-10T07:00"), cause: .start)
        try await service.reconcile(device: Self.device("2026-03-10T07:00", .denied), cause: .permission)
        #expect(center.pending.isEmpty)
        try await service.reconcile(device: Self.device("2026-03-10T07:01", .denied), cause: .launch)
        let counts = await service.planningCounts
        #expect(counts.plans == 3 && counts.plansReused == 0)
    }
}
