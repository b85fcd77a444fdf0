import Foundation
import GoNowNotifications
import Testing
import WaveNotifications
import WaveNotificationsTesting

private typealias F = GoNowFixtures

/// The service's calls run one at a time, in the order they arrived: a forecast that arrives while a reconcile waits
/// on the platform is planned after it, against what it left pending.
struct GoNowServiceOrderTests {
    private static func forecast(_ start: String) -> GoNowForecast {
        GoNowForecast(fetchedAt: F.local("2026-06-01T05:00"), hours: F.hours(from: start, [80, 80]))
    }

    /// The first forecast's reconcile is adding today's best window when a second forecast, without today, arrives:
    /// the second is planned after the first, so today's request is taken back (`reschedule`).
    @Test func aForecastArrivingDuringAReconcileIsPlannedAfterIt() async throws {
        let center = HoldingRequestCenter()
        let service = GoNowNotificationService(settings: F.settings([.swimSolo]), center: center)
        let device = DeviceState(now: F.local("2026-06-01T05:00"), timeZone: F.zone)

        let first = Task { try await service.receiveForecast(Self.forecast("2026-06-01T07:00"), device: device) }
        await center.hold.firstHeld()
        let secondDone = WaveLock(false)
        let second = Task {
            defer { secondDone.withLock { $0 = true } }
            return try await service.receiveForecast(Self.forecast("2026-06-02T07:00"), device: device)
        }
        // The second has arrived once it waits at the service's gate or (without one) has finished.
        try await ServiceCallOrder.waitForArrival(
            waitingCalls: { await service.waitingCallCount }, finished: { secondDone.withLock { $0 } })
        center.hold.release()
        _ = try await first.value
        let report = try await second.value

        #expect(
            center.recorder.pending.map(\.identifier).sorted() == [
                "swim_solo_2026-06-02_best", "swim_solo_2026-06-02_tomorrow",
            ])
        #expect(
            report.events == [.cancelled(identifier: "swim_solo_2026-06-01_best", reason: .reschedule, at: device.now)])
    }
}
