// Shown in README.md, "Using it in an app", and docs/apps.md, "One contract".
// example-begin
import Foundation
import WaveNotifications

/// One app run on iOS, the same for all five apps.
func appRun<Service: AppNotificationService>(
    _ service: Service, cause: ReconcileCause, device: DeviceState,
    shownWhileClosed: [(request: NotificationRequest, shownAt: Date)]
) async throws -> (state: Data, refreshBy: Date?) {
    // First what the system did while the app was closed, in the order it happened.
    for shown in shownWhileClosed {
        _ = try await service.notificationShownWhileClosed(shown.request, shownAt: shown.shownAt, device: device)
    }
    _ = try await service.withdrawExpired(device: device)
    let report = try await service.reconcile(device: device, cause: cause)
    for event in report.events { print(event) }
    // iOS keeps the soonest 64: ask for a background refresh before the first one it will not keep.
    let runway = NotificationRunway(desired: try await service.desiredRequests(device: device), limit: 64)
    return (try JSONEncoder().encode(await service.savedState), runway.refreshDeadline)
}
// example-end
