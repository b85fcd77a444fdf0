internal import Foundation
internal import WaveCommandLine
internal import WaveJSON
internal import WaveLinuxAdapter
internal import WaveNotifications
internal import WaveNotificationsTesting

/// A scenario of any of the five apps, decoded for the one replay engine: the envelope, the app's settings and the
/// driver that maps its actions to its service.
struct DecodedReplay {
    /// WorldWideWaves' name, the app of a scenario without an `app` key.
    static let worldWideWaves = "worldwidewaves"

    /// The envelope and the actions.
    var scenario: AppScenario
    /// Warnings about keys that were ignored.
    var warnings: [String]
    /// WorldWideWaves' events' zones (its timeline shows each delivery in its event's zone); `nil` for the other apps.
    var eventZones: [String: TimeZone]?
    private var source: Source

    private enum Source {
        case app(section: any AppReplaySection.Type, settings: JSONValue)
        case worldWideWaves(Scenario)
    }

    /// Decodes a scenario.
    ///
    /// - Parameters:
    ///   - root: The parsed JSON.
    ///   - actions: The elements of an app scenario's `actions` when a reader read them apart
    ///     (``GoNowScenarioReader``); `nil` to read the document's.
    ///   - events: WorldWideWaves' events when a reader read them apart (``WorldWideWavesScenarioReader``); `nil` to
    ///     read the document's.
    ///   - options: The command line (the platform it names wins over the scenario's).
    /// - Throws: ``ScenarioError`` naming every problem by its JSON path.
    init(
        root: JSONValue, actions: [AppScenarioDecoder.ActionElement]? = nil, events: [ScenarioEvent]? = nil,
        options: ReplayOptions
    ) throws(ScenarioError) {
        if AppScenarioDecoder.appName(of: root) != nil {
            let decoded = try AppScenarioDecoder.decode(
                root, actions: actions, file: options.scenarioPath, options: options)
            scenario = decoded.scenario
            warnings = decoded.warnings
            source = .app(section: decoded.section, settings: decoded.settings)
            return
        }
        let decoded = try ScenarioDecoder.decode(root: root, events: events, file: options.scenarioPath)
        let events = decoded.scenario
        warnings = decoded.warnings
        eventZones = Dictionary(
            events.events.map { ($0.id, $0.timeZone ?? TimeZone(identifier: "UTC")!) },
            uniquingKeysWith: { first, _ in first })
        scenario = AppScenario(
            app: Self.worldWideWaves, timeZone: events.timeZone ?? TimeZone(identifier: "UTC")!, start: events.start,
            until: nil,
            permission: .authorized, platform: options.requestedPlatform ?? events.platform ?? .ios,
            bootReceiver: events.bootReceiver,
            actions: events.actions.map { action in
                let kind: AppScenario.Action.Kind
                switch action.kind {
                case .launch: kind = .launch
                case .backgroundRefresh: kind = .backgroundRefresh
                case .reboot: kind = .reboot
                case .device(let conditions): kind = .device(conditions)
                case .forceStop: kind = .forceStop
                default: kind = .app(WorldWideWavesDriver.EventAction(action: action))
                }
                return AppScenario.Action(at: action.at, path: "actions[\(action.index)]", kind: kind)
            }, device: events.device, hasDeviceConditions: events.hasDeviceConditions)
        source = .worldWideWaves(events)
    }

    /// How the app's service hands requests to Android.
    var androidScheduling: AndroidScheduling {
        switch source {
        case .app(let section, _): section.androidScheduling
        case .worldWideWaves: WorldWideWavesNotificationService.androidScheduling
        }
    }

    /// The device the scenario runs on (iOS's or Android's simulated phone, or the Linux adapter) and its clock, at
    /// the scenario's start.
    ///
    /// - Parameter options: The command line (`--pending-limit`).
    /// - Returns: The device and the clock it runs on.
    /// - Throws: When the Linux adapter cannot be set up.
    func makeDevice(options: ReplayOptions) throws -> (device: any SimulatedDevice, clock: ManualWaveClock) {
        let limit = options.pendingLimit(on: scenario.platform)
        let clock = ManualWaveClock(now: scenario.start)
        let conditions = scenario.hasDeviceConditions ? scenario.device : nil
        let device: any SimulatedDevice =
            try DevicePlatform(rawValue: scenario.platform.rawValue)?.simulatedPhone(
                limit: limit, hasBootReceiver: scenario.bootReceiver, conditions: conditions,
                scheduling: androidScheduling, timeZone: scenario.timeZone, clock: clock)
            ?? LinuxReplayPlatform(
                clock: clock, pendingLimit: limit, countsCalls: scenario.app == Self.worldWideWaves)
        return (device, clock)
    }

    /// The app's driver over its service, on the replay's platform.
    ///
    /// - Parameters:
    ///   - options: The command line.
    ///   - environment: The platform, the clock and the texts.
    /// - Returns: The driver.
    func makeDriver(options: ReplayOptions, environment: AppDriverEnvironment) -> any AppReplayDriver {
        switch source {
        case .app(let section, let settings):
            return section.makeDriver(
                settings: settings, scenario: scenario, options: options, environment: environment)
        case .worldWideWaves(let events):
            // On Linux the scheduler calls the adapter's own manager, as a Linux app does; elsewhere the bridge maps
            // its calls to the platform's requests.
            let manager: any NotificationManager =
                scenario.platform == .linux
                ? (environment.center as? LinuxReplayPlatform)?.manager
                    ?? NotificationManagerBridge(center: environment.center, clock: environment.clock)
                : NotificationManagerBridge(center: environment.center, clock: environment.clock)
            let service = WorldWideWavesNotificationService(
                events: events.events.map(\.record),
                waveHits: Dictionary(
                    events.events.compactMap { event in event.waveHitAt.map { (event.id, $0) } },
                    uniquingKeysWith: { first, _ in first }),
                start: scenario.start, manager: manager,
                favorites: InMemoryFavoriteEventsStore(favoriteIDs: Set(events.events.filter(\.isFavorite).map(\.id))),
                simulation: SimulationSettingsStore(simulation: Simulation(speed: options.speed)),
                clock: environment.clock)
            return WorldWideWavesDriver(service: service, renderer: environment.renderer, speed: options.speed)
        }
    }

    /// The app's name as the desktop shows it.
    ///
    /// - Parameter app: The app's name in the scenario.
    /// - Returns: `WorldWideWaves`, `GoNow`, `Hydracat`, `Shadow` or `GrowBro`.
    static func displayName(of app: String) -> String {
        switch app {
        case worldWideWaves: "WorldWideWaves"
        case "gonow": "GoNow"
        case "hydracat": "Hydracat"
        case "shadow": "Shadow"
        case "growbro": "GrowBro"
        default: app
        }
    }
}
