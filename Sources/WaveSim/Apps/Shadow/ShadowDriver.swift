internal import Foundation
internal import ShadowNotifications
internal import WaveJSON
internal import WaveNotifications

/// Drives ``ShadowNotificationService``: the contract's calls (``ServiceReplayDriver``), settings and the `respond`
/// action.
struct ShadowDriver: ServiceReplayDriver {
    let service: ShadowNotificationService

    func replaceSettings(_ settings: JSONValue) async {
        await service.replaceSettings(ShadowSection.decodedSettings(settings))
    }

    func perform(_ action: any AppActionPayload, device: DeviceState) async throws -> AppActionResult {
        guard let respond = action as? ShadowSection.RespondAction else { return AppActionResult() }
        let events = try await service.respond(to: respond.identifier, device: device).events
        guard events.isEmpty else { return AppActionResult(outputs: .init(events)) }
        return AppActionResult(warnings: [
            "\(respond.path).identifier: '\(respond.identifier)' is not shown now; the response does nothing"
        ])
    }
}
