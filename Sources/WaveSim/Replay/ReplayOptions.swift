internal import WaveCommandLine

/// How a replay runs and prints: the `wavesim replay` flags.
package struct ReplayOptions: Sendable, Hashable {
    /// Which clock drives the replay.
    package enum ClockMode: String, Sendable, Hashable, CaseIterable {
        /// Instant and deterministic: time jumps to the next due thing.
        case virtual
        /// The system clock, simulated time advancing `speed`× real time.
        case wall
    }

    /// The output format.
    package enum Format: String, Sendable, Hashable, CaseIterable {
        /// A readable timeline, then a summary.
        case text
        /// JSON Lines: one object per delivery, then a summary object.
        case json
    }

    /// Where notifications are shown besides the timeline.
    package enum Sink: String, Sendable, Hashable, CaseIterable {
        /// Only the timeline on standard output.
        case terminal
        /// Also as real desktop notifications on the session bus.
        case desktop
    }

    /// Where requests wait between the app's runs (`docs/scenario-format.md`, Platforms).
    package enum Platform: String, Sendable, Hashable, CaseIterable {
        /// iOS: 64 pending notifications.
        case ios
        /// Android: 500 pending alarms, forgotten at a reboot.
        case android
        /// The Linux adapter, an always-running process: no limit unless `--pending-limit` sets one.
        case linux

        /// The platform's pending limit; `Int.max` for none.
        package var pendingLimit: Int {
            switch self {
            case .ios: return 64
            case .android: return 500
            case .linux: return Int.max
            }
        }
    }

    /// A push platform whose payloads an app replay prints (GrowBro).
    package enum PayloadPlatform: String, Sendable, Hashable, CaseIterable {
        /// Apple Push Notification service JSON.
        case apns
        /// Firebase Cloud Messaging HTTP v1 JSON.
        case fcm
    }

    /// The scenario file's path.
    package var scenarioPath: String
    /// Measure the bytes of the state the app would save between launches at the end
    /// (``AppReplaySummary/savedState``); no flag sets it, and the output does not change (wavebench sets it).
    package var measuresSavedState = false
    /// Print the app's analytics events (GoNow), one `analytics` line each.
    package var printsAnalytics = false
    /// Print each push's payload for this platform (GrowBro), one `payload` line each.
    package var payloads: PayloadPlatform?
    /// The speed, 0 (paused) to 86,400: WorldWideWaves' simulation speed (at most 300; 1 is realistic), and for the
    /// other apps how fast the wall clock runs.
    package var speed: Int = 1
    /// Which clock drives the replay.
    package var clock: ClockMode = .virtual
    /// With the wall clock, start from the current time instead of the scenario's start.
    package var startsNow = false
    /// The platform `--platform` named, if any; it wins over a scenario's own `platform`.
    package var requestedPlatform: Platform?
    /// An explicit pending limit, overriding the platform's.
    package var explicitPendingLimit: Int?
    /// The requested language; `nil` to take it from the environment.
    package var language: String?
    /// A folder of `<code>.lproj/<Table>.strings` to resolve texts from instead of the bundled tables; `nil` for
    /// the bundled ones.
    package var stringsDirectory: String?
    /// The output format.
    package var format: Format = .text
    /// Where notifications are shown.
    package var sink: Sink = .terminal
    /// A file to write the replay's page to (`--html FILE`, ``ReplayPage``), beside the usual output; `nil` for none.
    package var htmlPath: String?

    /// The platform imitated: `--platform`, else iOS (an app scenario's own `platform` applies through
    /// ``pendingLimit(on:)``).
    package var platform: Platform { requestedPlatform ?? .ios }

    /// The adapter's pending budget on the platform imitated; `Int.max` for none.
    package var pendingLimit: Int { pendingLimit(on: platform) }

    /// The pending budget on a platform: `--pending-limit` when given, else the platform's.
    ///
    /// - Parameter platform: The platform the replay runs on.
    /// - Returns: The budget; `Int.max` for none.
    package func pendingLimit(on platform: Platform) -> Int { explicitPendingLimit ?? platform.pendingLimit }

    /// Creates options with defaults.
    ///
    /// - Parameter scenarioPath: The scenario file.
    package init(scenarioPath: String) {
        self.scenarioPath = scenarioPath
    }

    /// The largest speed WorldWideWaves accepts (its simulation speed).
    package static let maximumSpeed = 300
    /// The largest speed the other apps accept: it only paces the wall clock (a day in a second).
    package static let maximumAppSpeed = 86_400

    /// Parses `wavesim replay` arguments (after the subcommand).
    ///
    /// - Parameter arguments: The arguments, for example `["events.json", "--speed", "1"]`.
    /// - Returns: The options.
    /// - Throws: ``UsageError`` naming the flag and what it accepts.
    static func parse(_ arguments: [String]) throws(UsageError) -> ReplayOptions {
        var path: String?
        var options = ReplayOptions(scenarioPath: "")
        var reader = ArgumentReader(arguments, subcommand: "replay")
        while let argument = reader.next() {
            switch argument.name {
            case "--speed":
                let value = try reader.value(for: argument)
                guard let speed = Int(value), (0...maximumAppSpeed).contains(speed) else {
                    let maximum = Int(value).map { $0 > maximumAppSpeed } ?? false ? maximumAppSpeed : maximumSpeed
                    throw reader.error("--speed: '\(value)' is not an integer from 0 to \(maximum)")
                }
                options.speed = speed
            case "--clock":
                options.clock = try reader.choice(for: argument, ClockMode.self)
            case "--start":
                let value = try reader.value(for: argument)
                guard value == "now" || value == "scenario" else {
                    throw reader.error("--start: '\(value)' is not one of: now, scenario")
                }
                options.startsNow = value == "now"
            case "--platform":
                options.requestedPlatform = try reader.choice(for: argument, Platform.self)
            case "--pending-limit":
                let value = try reader.value(for: argument)
                guard let limit = Int(value), limit >= 1 else {
                    throw reader.error("--pending-limit: '\(value)' is not a whole number of at least 1")
                }
                options.explicitPendingLimit = limit
            case "--lang":
                let value = try reader.value(for: argument)
                guard !value.isEmpty else { throw reader.error("--lang: expected a language code like fr or pt-BR") }
                options.language = value
            case "--strings":
                // Whether it is a directory is checked when the replay starts (``ReplayCommand``).
                options.stringsDirectory = try reader.value(for: argument)
            case "--format":
                options.format = try reader.choice(for: argument, Format.self)
            case "--html":
                options.htmlPath = try reader.value(for: argument)
            case "--sink":
                options.sink = try reader.choice(for: argument, Sink.self)
            case "--analytics":
                options.printsAnalytics = true
            case "--payloads":
                options.payloads = try reader.choice(for: argument, PayloadPlatform.self)
            default:
                if argument.name.hasPrefix("-") && argument.name != "-" {
                    throw reader.error("unknown option '\(argument.name)'")
                }
                guard path == nil else {
                    throw reader.error("unexpected argument '\(argument.name)': give one scenario file")
                }
                path = argument.name
            }
        }
        guard let path else { throw reader.error("missing the scenario file, for example Examples/events.json") }
        options.scenarioPath = path
        if options.startsNow && options.clock == .virtual {
            throw reader.error("--start now needs --clock wall")
        }
        if options.clock == .wall && options.speed == 0 {
            throw reader.error("--clock wall needs --speed 1 or more: at speed 0 time never moves")
        }
        if options.sink == .desktop && options.clock == .virtual {
            throw reader.error("--sink desktop needs --clock wall, so notifications appear when they are due")
        }
        return options
    }
}
