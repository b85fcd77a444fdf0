internal import Foundation
internal import GoNowNotifications
internal import WaveJSON
internal import WaveNotifications

/// Drives ``GoNowNotificationService``: the replay's moments and the `forecast` action as calls of the service, its
/// analytics events as `analytics` lines when the replay prints them (`--analytics`).
struct GoNowDriver: AppReplayDriver {
    let service: GoNowNotificationService
    /// Whether `analytics` lines are printed.
    let printsAnalytics: Bool

    func nextExpiry() async -> Date? { nil }

    func reconcile(_ cause: ReconcileCause, device: DeviceState) async throws -> [AppReplayOutput] {
        outputs(try await service.reconcile(device: device, cause: cause))
    }

    func due(_ request: NotificationRequest, device: DeviceState) async throws -> [AppReplayOutput] {
        outputs(try await service.notificationShown(request, device: device))
    }

    func shownWhileClosed(
        _ request: NotificationRequest, shownAt: Date, device: DeviceState
    ) async throws -> [AppReplayOutput] {
        outputs(try await service.notificationShownWhileClosed(request, shownAt: shownAt, device: device))
    }

    func withdrawExpired(device: DeviceState) async throws -> [AppReplayOutput] { [] }

    func replaceSettings(_ settings: JSONValue) async {
        await service.replaceSettings(GoNowSection.decodedSettings(settings))
    }

    func perform(_ action: any AppActionPayload, device: DeviceState) async throws -> AppActionResult {
        guard let forecast = action as? GoNowSection.ForecastAction else { return AppActionResult() }
        return AppActionResult(outputs: outputs(try await service.receiveForecast(forecast.forecast, device: device)))
    }

    /// The report's entries as outputs; analytics events only when the replay prints them.
    private func outputs(_ report: GoNowReport) -> [AppReplayOutput] {
        report.entries.compactMap { entry in
            switch entry {
            case .notification(let event): .event(event)
            case .analytics(let event): printsAnalytics ? .line(Self.line(for: event)) : nil
            }
        }
    }

    /// The `analytics` line of an event: `at`, `name`, then the event's fields in its table's order.
    private static func line(for event: GoNowAnalyticsEvent) -> AppOutputLine {
        AppOutputLine(
            type: "analytics",
            fields: [("at", .instant(event.timestamp)), ("name", .string(event.name.rawValue))]
                + event.fields.map { field in
                    switch field.value {
                    case .string(let text): (field.name, .string(text))
                    case .integer(let number): (field.name, .integer(number))
                    case .decimal(let number): (field.name, .decimal(number))
                    }
                })
    }
}
