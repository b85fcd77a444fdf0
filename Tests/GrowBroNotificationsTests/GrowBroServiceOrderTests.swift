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

    /// A center whose `show` lets the app decide first, as the Linux adapter's delivery gate does: it reports the
    /// showing to the service before it shows.
    private final class DecidingCenter: NotificationRequestCenter {
        let recorder = RecordingRequestCenter()
        let beforeShow = WaveLock<(@Sendable (NotificationRequest) async -> Void)?>(nil)

        func add(_ requests: [NotificationRequest]) async throws { try await recorder.add(requests) }

        func removePending(identifiers: [String], reason: NotificationReason) async throws {
            try await recorder.removePending(identifiers: identifiers, reason: reason)
        }

        func removePending(threadID: String, reason: NotificationReason) async throws {
            try await recorder.removePending(threadID: threadID, reason: reason)
        }

        func pendingRequests() async throws -> [NotificationRequest] { try await recorder.pendingRequests() }

        func show(_ request: NotificationRequest) async throws {
            if let decide = beforeShow.withLock({ $0 }) { await decide(request) }
            try await recorder.show(request)
        }

        func withdrawShown(identifiers: [String], reason: NotificationReason) async throws {
            try await recorder.withdrawShown(identifiers: identifiers, reason: reason)
        }
    }

    /// A push shown while the service's `receive` waits on the platform's `show`, which reports the showing back
    /// (`notificationShown`) before it returns: the report runs at once. Held in turn behind `receive`, it would wait
    /// at the service's gate for a call that waits for it, and neither would ever end.
    @Test func aShowingReportedFromInsideThePlatformsShowDoesNotWait() async throws {
        let center = DecidingCenter()
        let service = GrowBroNotificationService(settings: Self.settings, center: center)
        let reported = WaveLock<[String]>([])
        center.beforeShow.withLock {
            $0 = { request in
                _ = try? await service.notificationShown(request, device: Self.device)
                reported.withLock { $0.append(request.identifier) }
            }
        }

        let finished = WaveLock(false)
        let receiving = Task {
            defer { finished.withLock { $0 = true } }
            return try await service.receive(GrowBroFixtures.reply, device: Self.device)
        }
        try await ServiceCallOrder.waitForArrival(
            waitingCalls: { await service.waitingCallCount }, finished: { finished.withLock { $0 } })
        try #require(
            finished.withLock { $0 }, "the showing waits at the service's gate behind the receive that waits for it")
        let result = try await receiving.value

        #expect(result.delivery.suppression == nil)
        #expect(reported.withLock { $0 } == ["msg_m1"])
        #expect(center.recorder.shown.map(\.identifier) == ["msg_m1"])
    }
}
