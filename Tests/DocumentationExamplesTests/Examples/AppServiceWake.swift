// Shown in docs/apps.md, "One service per process, or one per launch" (Android, a Linux daemon).
// example-begin
import Foundation
import WaveNotifications

/// One service for the process: the next instant the app's code must run on its own.
func nextWake<Service: AppNotificationService>(of service: Service, device: DeviceState) async -> Date? {
    let expiry = await service.nextExpiry
    let ownMoment = await service.nextOwnMoment(after: device.now, in: device.timeZone)
    return [expiry, ownMoment].compactMap { $0 }.min()
}

/// At that instant: expiries first, then the own moment.
func wake<Service: AppNotificationService>(_ service: Service, device: DeviceState, ownMoment: Bool) async throws {
    _ = try await service.withdrawExpired(device: device)
    if ownMoment {
        _ = try await service.reconcile(device: device, cause: .ownMoment)
    }
}
// example-end
