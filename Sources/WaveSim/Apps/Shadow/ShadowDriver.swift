internal import Foundation
internal import ShadowNotifications
internal import WaveJSON
internal import WaveNotifications

/// Drives ``ShadowNotificationService``: the replay's moments and the `respond` action as calls of the service.
struct ShadowDriver: AppReplayDriver {
    let service: ShadowNotificationService

    func nextOwnMoment(after instant: Date, in zone: TimeZone) -> Date? {
        ShadowNotificationService.nextOwnMoment(after: instant, in: zone)
    }

    func nextExpiry() async -> Date? { await service.nextExpiry }

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
        .init(try await service.withdrawExpired(device: device))
    }

    func replaceSettings(_ settings: JSONValue) async {
        await service.replaceSettings(ShadowSection.decodedSettings(settings))
    }

    func perform(_ action: any AppActionPayload, device: DeviceState) async throws -> AppActionResult {
        guard let respond = action as? ShadowSection.RespondAction else { return AppActionResult() }
        let events = try await service.respond(to: respond.identifier, device: device)
        guard events.isEmpty else { return AppActionResult(outputs: .init(events)) }
        return AppActionResult(warnings: [
            "\(respond.path).identifier: '\(respond.identifier)' is not shown now; the response does nothing"
        ])
    }
}
