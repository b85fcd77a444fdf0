internal import Foundation
internal import WaveCommandLine
internal import WaveJSON
internal import WaveNotifications
internal import WaveNotificationsTesting
internal import WaveStrings

/// Replays one user of a fleet through the same decoder, engine and phone models as `wavesim replay`, in process and
/// without printing, and keeps every outcome from the engine's lines.
struct FleetUserRun: Sendable {
    /// The texts the engine renders (English: a fleet's answer names no text, but the engine's lines carry them).
    let resolver: LocalizedStringResolver

    /// A runner with the bundled English tables.
    init() {
        resolver = LocalizedStringResolver(language: "en", environment: [:])
    }

    /// Decodes a user's scenario exactly as `wavesim replay` decodes the file `--emit-scenario` writes.
    ///
    /// - Parameter user: The user.
    /// - Returns: The decoded scenario.
    /// - Throws: ``ScenarioError`` when the template and the population make an invalid scenario.
    static func decode(_ user: FleetUser) throws(ScenarioError) -> DecodedReplay {
        try DecodedReplay(root: user.scenario, options: ReplayOptions(scenarioPath: "user \(user.index)"))
    }

    /// Replays a user.
    ///
    /// - Parameter user: The user.
    /// - Returns: The user's outcomes.
    /// - Throws: ``ScenarioError`` for an invalid scenario; the platform's errors.
    func run(_ user: FleetUser) async throws -> FleetOutcomeCollector {
        let decoded = try Self.decode(user)
        let options = ReplayOptions(scenarioPath: "user \(user.index)")
        let (device, clock) = try decoded.makeDevice(options: options)
        let resolver = self.resolver
        let render: @Sendable (LocalizedText) -> String = { resolver.string(for: $0) }
        let scenario = decoded.scenario
        let driver = decoded.makeDriver(
            options: options,
            environment: AppDriverEnvironment(center: device, clock: clock, render: render, renderer: resolver))
        // A line that names only an identifier gets its channel from the app's rules (the driver), or from the push
        // that brought it.
        let collector = FleetCollectingSink(
            FleetOutcomeCollector(scenario: scenario), channelOf: { [driver] in driver.channel(ofIdentifier: $0) })
        var engine = ReplayEngine(
            scenario: scenario, driver: driver, platform: device,
            printer: AppEventPrinter(
                app: scenario.app, render: render, locale: { resolver.language(resolvingTable: $0) }),
            emit: { line, _ in collector.add(line) }, warn: { _ in collector.warned() })
        _ = try await engine.run()
        return collector.result
    }
}

/// Where the engine's lines of one user go: the outcome collector behind a lock (the engine emits from one task at a
/// time; `@unchecked Sendable`: its one stored property is the lock).
private final class FleetCollectingSink: @unchecked Sendable {
    private let state: WaveLock<FleetOutcomeCollector>
    private let channelOf: @Sendable (String) -> String?

    init(_ collector: FleetOutcomeCollector, channelOf: @escaping @Sendable (String) -> String?) {
        state = WaveLock(collector)
        self.channelOf = channelOf
    }

    func add(_ line: AppOutputLine) {
        switch line.type {
        case "delivered", "lost", "suppressed", "skipped":
            var facts = FleetLineFacts(line)
            if facts.channel == nil, let identifier = facts.identifier { facts.channel = channelOf(identifier) }
            state.withLock { $0.add(facts) }
        default:
            return
        }
    }

    func warned() {
        state.withLock { $0.warnings += 1 }
    }

    var result: FleetOutcomeCollector { state.withLock { $0 } }
}
