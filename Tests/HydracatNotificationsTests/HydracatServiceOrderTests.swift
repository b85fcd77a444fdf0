import Foundation
import HydracatNotifications
import Testing
import WaveNotifications
import WaveNotificationsTesting

/// The service's calls run one at a time, in the order they arrived: a reconcile after a zone move that arrives while
/// the launch's reconcile waits on the platform ends as if it had come after it.
struct HydracatServiceOrderTests {
    private static let settings = HydracatFixtures.settings(times: HydracatFixtures.times("08:00", "20:00"))
    private static let start = HydracatFixtures.local("2026-03-10T07:00")
    private static let launch = DeviceState(now: start, timeZone: HydracatFixtures.berlin, permission: .authorized)
    private static let moved = DeviceState(
        now: start, timeZone: TimeZone(identifier: "Asia/Tokyo")!, permission: .authorized)

    @Test func aReconcileArrivingDuringAReconcileEndsAsIfItCameAfter() async throws {
        let alone = RecordingRequestCenter()
        let expected = try await ServiceCallOrder.sequential(
            HydracatNotificationService(settings: Self.settings, start: Self.start, center: alone), center: alone,
            first: Self.launch, second: Self.moved)

        let center = HoldingRequestCenter()
        let service = HydracatNotificationService(settings: Self.settings, start: Self.start, center: center)
        let outcome = try await ServiceCallOrder.interleaved(
            service, center: center, first: Self.launch, second: Self.moved,
            waitingCalls: { await service.waitingCallCount })

        #expect(!expected.secondReport.events.isEmpty)
        #expect(outcome == expected)
    }
}
