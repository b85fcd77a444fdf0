internal import Foundation
package import WaveCommandLine
internal import WaveJSON
internal import WaveLinuxAdapter
package import WaveNotifications
internal import WaveNotificationsTesting
internal import WaveStrings

/// `wavesim replay`: reads the scenario, sets up the sinks and the language, runs the engine, prints.
package enum ReplayCommand {
    static func run(
        options: ReplayOptions, environment: [String: String], output: OutputChannel, errors: OutputChannel
    ) async throws -> Int32 {
        try await replay(options: options, environment: environment, output: output, errors: errors).status
    }

    /// Replays a scenario file as `wavesim replay` does.
    ///
    /// - Parameters:
    ///   - options: The command line.
    ///   - environment: The process environment (language, desktop session).
    ///   - output: Where the lines go.
    ///   - errors: Where warnings and errors go.
    ///   - wallClock: The clock `--clock wall` runs on, in the scenario's simulated time; `nil` (the default) for the
    ///     system clock at `--speed` from the scenario's start (or from now, with `--start now`). A test passes a
    ///     ``ManualWaveClock`` to decide when simulated time moves.
    /// - Returns: The exit status, and the summary when the replay ran.
    /// - Throws: When the platform fails.
    package static func replay(
        options: ReplayOptions, environment: [String: String], output: OutputChannel, errors: OutputChannel,
        wallClock: (any AlarmClock)? = nil
    ) async throws -> (status: Int32, summary: AppReplaySummary?) {
        if let strings = options.stringsDirectory {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: strings, isDirectory: &isDirectory), isDirectory.boolValue
            else {
                throw UsageError(
                    "--strings: '\(strings)' is not a directory of <code>.lproj folders", subcommand: "replay")
            }
        }
        // Read and decoded in a function of its own: the file's bytes and its JSON tree are gone before the replay.
        let decoded: DecodedReplay
        switch read(options: options, errors: errors) {
        case .success(let replay): decoded = replay
        case .failure(let status): return (status.code, nil)
        }
        for warning in decoded.warnings {
            errors.writeLine("wavesim: warning: \(options.scenarioPath): \(warning)")
        }
        let scenario = decoded.scenario
        // Only the text timeline reads the events' zones; JSON Lines keep their count alone (100k events: 100k
        // entries held for the whole replay otherwise).
        let eventCount = decoded.eventZones?.count ?? 0
        let eventZones = options.format == .text ? decoded.eventZones : nil
        if scenario.app == DecodedReplay.worldWideWaves, options.speed > ReplayOptions.maximumSpeed {
            // WorldWideWaves' speed is the app's simulation speed; the other apps' only paces the wall clock.
            throw UsageError(
                "--speed: '\(options.speed)' is not an integer from 0 to \(ReplayOptions.maximumSpeed)",
                subcommand: "replay")
        }
        if options.clock == .wall {
            // A wall-clock replay is followed live, on a terminal or through a pipe: no buffering.
            output.setFlushesEveryWrite(true)
        }
        let warnings = TranslationWarnings(errors: errors)
        let resolver =
            if let strings = options.stringsDirectory {
                LocalizedStringResolver(
                    directory: URL(fileURLWithPath: strings, isDirectory: true), language: options.language,
                    environment: environment, observer: warnings)
            } else {
                LocalizedStringResolver(language: options.language, environment: environment, observer: warnings)
            }
        if let requested = options.language, !resolver.supports(requested) {
            errors.writeLine("wavesim: warning: --lang: no translation for '\(requested)'; using English")
        }
        let pacer: ReplayPacer? =
            if options.clock != .wall {
                nil
            } else if let wallClock {
                ReplayPacer(clock: wallClock)
            } else {
                ReplayPacer(origin: options.startsNow ? nil : scenario.start, speed: options.speed)
            }
        var desktop: ReplayDesktop?
        if options.sink == .desktop {
            let sink = DesktopSink(
                appName: DecodedReplay.displayName(of: scenario.app), environment: environment, actionHandler: pacer)
            do {
                _ = try await sink.checkServer()
                try await sink.startListening()
            } catch {
                errors.writeLine("wavesim: error: --sink desktop: \(error)")
                return (ExitCode.unavailable, nil)
            }
            desktop = ReplayDesktop(sink: sink, renderer: resolver)
        }

        let (platform, clock) = try decoded.makeDevice(options: options)
        let render: @Sendable (LocalizedText) -> String = { resolver.string(for: $0) }
        // The decoded file is not kept beside the service that now holds what it needs.
        let driver = (consume decoded).makeDriver(
            options: options,
            environment: AppDriverEnvironment(center: platform, clock: clock, render: render, renderer: resolver))
        let format = options.format
        // Colour on a terminal, unless NO_COLOR is set.
        let timeline = AppTextTimeline(
            output: output, timeZone: scenario.timeZone,
            usesColor: output.isTerminal && environment["NO_COLOR"] == nil && format == .text,
            platformName: AppTextWords.words(for: scenario.platform.rawValue, in: AppTextWords.platforms),
            eventZones: eventZones)
        // Created before the replay runs, so a path that cannot be written fails at once.
        let htmlFile = try HTMLFile.create(options.htmlPath)
        let recorder = htmlFile.map { _ in
            ReplayPageRecorder(app: scenario.app, platform: scenario.platform.rawValue, timeZone: scenario.timeZone)
        }
        let progress = ReplayProgress(
            output: errors, enabled: errors.isTerminal, totalEvents: eventCount)
        var engine = ReplayEngine(
            scenario: scenario, driver: driver, platform: platform,
            printer: AppEventPrinter(
                app: scenario.app, render: render, locale: { resolver.language(resolvingTable: $0) }),
            pacer: pacer, desktop: desktop,
            emit: { line, zone in
                recorder?.record(line)
                if progress.isEnabled, line.type == "delivered", case .instant(let at) = line["at"] {
                    progress.delivered(at: at)
                }
                switch format {
                case .json: if !line.isTextOnly { AppOutputFormat.writeJSON(line, to: output) }
                case .text: timeline.write(line, in: zone)
                }
            },
            warn: { errors.writeLine("wavesim: warning: \(options.scenarioPath): \($0)") })
        engine.measuresSavedState = options.measuresSavedState
        let summary = try await engine.run()
        progress.finish()
        await desktop?.sink.stopListening()
        if let htmlFile, let recorder {
            try htmlFile.write(recorder.recorded.html)
        }
        return (output.hasFailed ? ExitCode.ioError : ExitCode.success, summary)
    }

    /// Why reading a scenario stopped the replay: the exit status, its message already written.
    private struct ReadFailure: Error {
        var code: Int32
    }

    /// Reads, parses and decodes the scenario file (twice with `--start now`, to move its instants).
    private static func read(options: ReplayOptions, errors: OutputChannel) -> Result<DecodedReplay, ReadFailure> {
        let data: Data
        switch ScenarioFile.read(options.scenarioPath) {
        case .success(let contents):
            data = contents
        case .failure(let message):
            errors.writeLine("wavesim: error: \(message)")
            return .failure(ReadFailure(code: ExitCode.noInput))
        }
        // A GoNow scenario's plain forecasts are read straight from the bytes (a year of them is megabytes of hours);
        // anything else, and any scenario that does not decode, is read below, which words every message.
        if !options.startsNow, let document = GoNowScenarioReader.read(data),
            let decoded = try? DecodedReplay(root: document.root, actions: document.actions, options: options)
        {
            return .success(decoded)
        }
        // So are a WorldWideWaves scenario's plain events (100k of them are 14 MB).
        if !options.startsNow, let document = WorldWideWavesScenarioReader.read(data),
            let decoded = try? DecodedReplay(root: document.root, events: document.events, options: options)
        {
            return .success(decoded)
        }
        let root: JSONValue
        do {
            root = try ScenarioDecoder.parse(data, file: options.scenarioPath)
        } catch {
            errors.writeLine("wavesim: error: \(error)")
            return .failure(ReadFailure(code: ExitCode.dataError))
        }
        var decoded: DecodedReplay
        do {
            decoded = try DecodedReplay(root: root, options: options)
            if options.startsNow {
                // Every instant of the scenario moves by the same amount, so that it starts in the current half hour
                // (a whole number of half hours keeps GoNow's forecast hours on the hour); the wall clock then runs
                // from the current instant and catches up the minutes before it at once.
                let shift =
                    (SystemWaveClock().now.timeIntervalSince(decoded.scenario.start) / 1800).rounded(.down) * 1800
                decoded = try InstantShift.$seconds.withValue(shift) { try DecodedReplay(root: root, options: options) }
            }
        } catch let error as ScenarioError {
            // The warnings first: a misspelt key is often the reason for a missing-key error.
            for warning in error.warnings {
                errors.writeLine("wavesim: warning: \(options.scenarioPath): \(warning)")
            }
            errors.writeLine("wavesim: error: \(error)")
            return .failure(ReadFailure(code: ExitCode.dataError))
        } catch {
            errors.writeLine("wavesim: error: \(error)")
            return .failure(ReadFailure(code: ExitCode.software))
        }
        return .success(decoded)
    }
}

/// Reads a scenario file, telling a missing file, a directory and an unreadable file apart.
enum ScenarioFile {
    enum Outcome {
        case success(Data)
        case failure(String)
    }

    static func read(_ path: String) -> Outcome {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return .failure("\(path): cannot read the scenario: no such file")
        }
        if isDirectory.boolValue {
            return .failure("\(path): cannot read the scenario: it is a directory, expected a JSON file")
        }
        // A file handle, not Data(contentsOf:), so pipes, /dev/stdin and process substitution work too.
        guard let handle = FileHandle(forReadingAtPath: path) else {
            let reason = access(path, R_OK) != 0 ? "permission denied" : "it could not be opened"
            return .failure("\(path): cannot read the scenario: \(reason)")
        }
        defer { try? handle.close() }
        do {
            return .success(try handle.readToEnd() ?? Data())
        } catch {
            return .failure("\(path): cannot read the scenario: \(error.localizedDescription)")
        }
    }
}
