internal import Foundation
internal import GoNowNotifications
internal import WaveCommandLine
internal import WaveJSON
internal import WaveNotifications

/// Drives ``GoNowNotificationService``: the contract's calls (``ServiceReplayDriver``) and the `forecast` action, its
/// analytics events as `analytics` lines when the replay prints them (`--analytics`).
struct GoNowDriver: ServiceReplayDriver {
    let service: GoNowNotificationService
    /// Whether `analytics` lines are printed.
    let printsAnalytics: Bool

    func replaceSettings(_ settings: JSONValue) async {
        await service.replaceSettings(GoNowSection.decodedSettings(settings))
    }

    func perform(_ action: any AppActionPayload, device: DeviceState) async throws -> AppActionResult {
        guard let forecast = action as? GoNowSection.ForecastAction else { return AppActionResult() }
        return AppActionResult(outputs: outputs(try await service.receiveForecast(forecast.forecast, device: device)))
    }

    /// An analytics event's line, when the replay prints them.
    func outputs(for fact: GoNowAnalyticsEvent) -> [AppReplayOutput] {
        printsAnalytics ? [.line(Self.line(for: fact))] : []
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
