internal import Foundation
internal import HydracatNotifications
internal import WaveJSON
internal import WaveNotifications

/// Drives ``HydracatNotificationService``: the contract's calls (``ServiceReplayDriver``), settings and the `log` and
/// `snooze` actions. Warnings name the action's JSON path, never a medication name or dose.
struct HydracatDriver: ServiceReplayDriver {
    let service: HydracatNotificationService

    func channel(ofIdentifier identifier: String) -> String? {
        (try? HydracatIdentifier(parsing: identifier)).map { HydracatContent.channel(for: $0.type).id }
    }

    func replaceSettings(_ settings: JSONValue) async {
        await service.replaceSettings(HydracatSection.decodedSettings(settings))
    }

    func perform(_ action: any AppActionPayload, device: DeviceState) async throws -> AppActionResult {
        switch action {
        case let log as HydracatSection.LogAction:
            return AppActionResult(outputs: .init(try await service.log(log.log, device: device).events))
        case let snooze as HydracatSection.SnoozeAction:
            let events: [NotificationEvent]
            do {
                events = try await service.snooze(snooze.identifier, device: device).events
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
