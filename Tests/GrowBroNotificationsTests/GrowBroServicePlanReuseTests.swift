import Foundation
import GrowBroNotifications
import Testing
import WaveNotifications
import WaveNotificationsTesting

struct GrowBroServicePlanReuseTests {
    private static let zone = TimeZone(identifier: "Europe/Berlin")!

    private static func device(_ text: String) -> DeviceState {
        DeviceState(now: zone.instant(for: try! LocalDateTime(parsing: text)), timeZone: zone, permission: .authorized)
    }

    private static let settings = GrowBroSettings(
        tasks: [
            GrowBroTask(id: "t1", title: "Check the pH", due: try! LocalDateTime(parsing: "2026-06-01T07:00")),
            GrowBroTask(id: "t2", title: "Water the seedlings", due: try! LocalDateTime(parsing: "2026-06-01T12:00")),
        ])

    @Test func reconcileAtTheSameInstantWithNothingChangedReusesThePlan() async throws {
        let center = RecordingRequestCenter()
        let service = GrowBroNotificationService(settings: Self.settings, center: center)
        try await service.reconcile(device: Self.device("2026-06-01T06:00"), cause: .start)
        center.clearCalls()

        let events = try await service.reconcile(device: Self.device("2026-06-01T06:00"), cause: .launch).events

        #expect(events.isEmpty)
        #expect(center.changes.isEmpty)
        let counts = await service.planningCounts
        #expect(counts.plans == 2 && counts.plansReused == 1)
    }

    @Test func completedTaskAtTheSameInstantIsPlannedAgain() async throws {
        let center = RecordingRequestCenter()
        let service = GrowBroNotificationService(settings: Self.settings, center: center)
        let now = Self.device("2026-06-01T06:00")
        try await service.reconcile(device: now, cause: .start)
        #expect(center.pending.contains { $0.identifier == "task_t2" })

        try await service.completeTask("t2", device: now)

        #expect(await service.planningCounts.plansReused == 0)
        #expect(!center.pending.contains { $0.identifier == "task_t2" })
    }
}
