internal import Foundation
internal import WaveCommandLine
internal import WaveJSON
internal import WaveLinuxAdapter
internal import WaveNotifications
internal import WaveNotificationsTesting

/// One app's part of the scenario format and its rules: the settings object, the app's own actions, the checks
/// between them, and the rules value that runs them.
protocol AppReplaySection {
    /// The app's name: the `app` value and the settings key (`gonow`, …).
    static var name: String { get }

    /// The app's own action types with the keys each allows besides `at` and `type`.
    static var actionKeys: [String: [String]] { get }

    /// How the app's service hands requests to Android (its ``AppNotificationService/androidScheduling``).
    static var androidScheduling: AndroidScheduling { get }

    /// The app's settings type.
    associatedtype Settings: Sendable

    /// Reads the settings object (the declarative decoder of `Scenario/Decoding`).
    static var settings: ValueDecoder<Settings> { get }

    /// What ``decodedSettings(_:)`` returns for settings that do not decode (never for validated ones).
    static var fallbackSettings: Settings { get }

    /// Decodes the settings object (a missing one reads as every default).
    ///
    /// - Parameters:
    ///   - value: The settings object, or an empty object when the key is absent.
    ///   - path: Where it is.
    ///   - diagnostics: Where problems and warnings go.
    /// - Returns: `true` when the settings are valid.
    static func validateSettings(
        _ value: JSONValue, at path: JSONPath, _ diagnostics: inout DecodingDiagnostics
    )
        -> Bool

    /// Decodes one of the app's own actions.
    ///
    /// - Parameters:
    ///   - type: The action's type.
    ///   - object: The action object (with `at` and `type`; read only the type's own keys).
    ///   - path: Where the action is.
    ///   - diagnostics: Where problems and warnings go.
    /// - Returns: The payload, or `nil` after a problem.
    static func decodeAction(
        type: String, _ object: ObjectDecoder, at path: JSONPath, _ diagnostics: inout DecodingDiagnostics
    ) -> (any AppActionPayload)?

    /// Checks what only the whole scenario can tell (a log for an unknown schedule, a read of an unknown
    /// message), given the settings in force at each action.
    ///
    /// - Parameters:
    ///   - actions: The decoded actions in time order, each with the settings in force then.
    ///   - diagnostics: Where problems and warnings go.
    static func validate(
        _ actions: [(action: AppScenario.Action, settings: JSONValue)], _ diagnostics: inout DecodingDiagnostics)

    /// The same check when it also needs the settings at the start (a `settings` action's entry carries the
    /// settings after it, so the first state is not in `actions` when the first action changes them).
    ///
    /// The default calls ``validate(_:_:)``.
    ///
    /// - Parameters:
    ///   - actions: The decoded actions in time order, each with the settings in force then.
    ///   - startSettings: The valid settings at the start.
    ///   - diagnostics: Where problems and warnings go.
    static func validate(
        _ actions: [(action: AppScenario.Action, settings: JSONValue)], startSettings: JSONValue,
        _ diagnostics: inout DecodingDiagnostics)

    /// The driver that runs a replay of this app through the app's service.
    ///
    /// - Parameters:
    ///   - settings: The valid settings at the start.
    ///   - scenario: The decoded scenario.
    ///   - options: The replay's options (GoNow's `--analytics`, GrowBro's `--payloads`).
    ///   - environment: The platform the service calls, and how texts are rendered.
    /// - Returns: The driver.
    static func makeDriver(
        settings: JSONValue, scenario: AppScenario, options: ReplayOptions, environment: AppDriverEnvironment
    ) -> any AppReplayDriver
}

extension AppReplaySection {
    static func validateSettings(
        _ value: JSONValue, at path: JSONPath, _ diagnostics: inout DecodingDiagnostics
    ) -> Bool {
        settings.decode(value, path, &diagnostics) != nil
    }

    /// Settings already validated when the scenario was read.
    ///
    /// - Parameter value: The settings object (the start settings, or those in force after a `settings` action).
    /// - Returns: The decoded settings.
    static func decodedSettings(_ value: JSONValue) -> Settings {
        var diagnostics = DecodingDiagnostics()
        return settings.decode(value, JSONPath(name), &diagnostics) ?? fallbackSettings
    }

    static func validate(
        _ actions: [(action: AppScenario.Action, settings: JSONValue)], _ diagnostics: inout DecodingDiagnostics
    ) {}

    static func validate(
        _ actions: [(action: AppScenario.Action, settings: JSONValue)], startSettings: JSONValue,
        _ diagnostics: inout DecodingDiagnostics
    ) {
        validate(actions, &diagnostics)
    }
}

/// What a driver's service runs against: the platform's request center and the replay's text rendering.
struct AppDriverEnvironment: Sendable {
    /// The simulated platform, as the app's service calls it.
    var center: any SimulatedDevice
    /// The replay's clock (WorldWideWaves' scheduler reads it).
    var clock: ManualWaveClock
    /// Resolves a text in the replay's language (GrowBro's inbox and payload lines print resolved texts).
    var render: @Sendable (LocalizedText) -> String
    /// Renders a whole request in the replay's language (WorldWideWaves' delivery lines).
    var renderer: any NotificationTextRenderer
}
