import Foundation
import ShadowNotifications
import Testing
import WaveNotifications
import WaveNotificationsTesting

private typealias F = ShadowFixtures

/// The service's calls run one at a time, in the order they arrived: a reconcile a day later that arrives while the
/// launch's reconcile waits on the platform ends as if it had come after it.
struct ShadowServiceOrderTests {
    private let settings = F.settings([.food: F.on, .fluids: F.on, .journal: F.on])
    private let launch = DeviceState(now: F.local("2026-06-01T06:00"), timeZone: F.zone, permission: .authorized)
    private let later = DeviceState(now: F.local("2026-06-02T12:00"), timeZone: F.zone, permission: .authorized)

    @Test func aReconcileArrivingDuringAReconcileEndsAsIfItCameAfter() async throws {
        let alone = RecordingRequestCenter()
        let expected = try await ServiceCallOrder.sequential(
            ShadowNotificationService(settings: settings, center: alone), center: alone, first: launch, second: later)

        let center = HoldingRequestCenter()
        let service = ShadowNotificationService(settings: settings, center: center)
        let outcome = try await ServiceCallOrder.interleaved(
            service, center: center, first: launch, second: later, waitingCalls: { await service.waitingCallCount })

        #expect(!expected.secondReport.events.isEmpty)
        #expect(outcome == expected)
    }
}
