internal import Foundation
internal import HydracatNotifications
internal import WaveJSON
internal import WaveNotifications

/// Drives ``HydracatNotificationService``: the replay's moments and the `log` and `snooze` actions as calls of the
/// service. Warnings name the action's JSON path, never a medication name or dose.
struct HydracatDriver: AppReplayDriver {
    let service: HydracatNotificationService

    func nextOwnMoment(after instant: Date, in zone: TimeZone) -> Date? {
        HydracatNotificationService.nextOwnMoment(after: instant, in: zone)
    }

    func nextExpiry() async -> Date? { await service.session.nextExpiry }

    func reconcile(_ cause: ReconcileCause, device: DeviceState) async throws -> [AppReplayOutput] {
        .init(try await service.reconcile(device: device, cause: cause))
    }

    func due(_ request: NotificationRequest, device: DeviceState) async throws -> [AppReplayOutput] {
        .init(try await service.notificationShown(request, device: device))
    }

    func shownWhileClosed(
        _ request: NotificationRequest, shownAt: Date, device: DeviceState
    ) async throws -> [AppReplayOutput] {
        .init(try await service.notificationShownWhileClosed(request, shownAt: shownAt, device: device))
    }

    func withdrawExpired(device: DeviceState) async throws -> [AppReplayOutput] {
        .init(try await service.session.withdrawExpired(at: device.now))
    }

    func replaceSettings(_ settings: JSONValue) async {
        await service.replaceSettings(HydracatSection.decodedSettings(settings))
    }

    func perform(_ action: any AppActionPayload, device: DeviceState) async throws -> AppActionResult {
        switch action {
        case let log as HydracatSection.LogAction:
            return AppActionResult(outputs: .init(try await service.log(log.log, device: device)))
        case let snooze as HydracatSection.SnoozeAction:
            let events: [NotificationEvent]
            do {
                events = try await service.snooze(snooze.identifier, device: device)
            } catch let error as HydracatError {
                // The scenario was checked when read; a settings change since then can still leave the id unknown.
                return AppActionResult(warnings: ["\(snooze.path).identifier: \(error); the snooze does nothing"])
            }
            guard events.isEmpty else { return AppActionResult(outputs: .init(events)) }
            return AppActionResult(warnings: [
                "\(snooze.path).identifier: '\(snooze.identifier)' is not shown now, or snooze is off; the snooze does nothing"
            ])
        default:
            return AppActionResult()
        }
    }
}
