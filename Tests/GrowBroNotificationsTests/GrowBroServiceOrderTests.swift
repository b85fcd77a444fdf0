import Foundation
import GrowBroNotifications
import Testing
import WaveNotifications
import WaveNotificationsTesting

/// The service's calls run one at a time, in the order they arrived: a task action that arrives while a reconcile
/// waits on the platform runs after it, against what it left pending.
struct GrowBroServiceOrderTests {
    private static let zone = TimeZone(identifier: "Europe/Berlin")!
    private static let device = DeviceState(
        now: zone.instant(for: try! LocalDateTime(parsing: "2026-06-01T06:00")), timeZone: zone,
        permission: .authorized)
    private static let settings = GrowBroSettings(
        tasks: [GrowBroTask(id: "t1", title: "Check the pH", due: try! LocalDateTime(parsing: "2026-06-01T07:00"))])

    /// The launch's reconcile is adding the task's reminder when the user completes the task: the completion waits for
    /// the reconcile, then takes the reminder and the overdue digests back (`reschedule`). Without the order, the completion planned against
    /// the pending requests before the add, found nothing to cancel, and the reminder of a completed task stayed.
    @Test func aTaskCompletedDuringAReconcileTakesBackWhatTheReconcileAdded() async throws {
        let center = HoldingRequestCenter()
        let service = GrowBroNotificationService(settings: Self.settings, center: center)

        let launch = Task { try await service.reconcile(device: Self.device, cause: .launch) }
        await center.hold.firstHeld()
        let completed = WaveLock(false)
        let completion = Task {
            defer { completed.withLock { $0 = true } }
            return try await service.completeTask("t1", device: Self.device)
        }
        // The completion has arrived once it waits at the service's gate or (without one) has finished.
        try await ServiceCallOrder.waitForArrival(
            waitingCalls: { await service.waitingCallCount }, finished: { completed.withLock { $0 } })
        center.hold.release()
        _ = try await launch.value
        let result = try await completion.value

        #expect(result.outcome == .applied)
        #expect(center.recorder.pending.isEmpty)
        // The reminder, and the overdue digests a completed task no longer needs.
        #expect(
            result.events
                == ["task_t1", "overdue_2026-06-01", "overdue_2026-06-02"].map {
                    .cancelled(identifier: $0, reason: .reschedule, at: Self.device.now)
                })
    }
}
