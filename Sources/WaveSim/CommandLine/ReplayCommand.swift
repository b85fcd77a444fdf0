internal import Foundation
internal import WaveJSON
internal import WaveLinuxAdapter
internal import WaveNotifications
internal import WaveStrings

/// `wavesim replay`: reads the scenario, sets up the sinks and the language, runs the engine, prints.
enum ReplayCommand {
    static func run(
        options: ReplayOptions, environment: [String: String], output: OutputChannel, errors: OutputChannel
    ) async throws -> Int32 {
        let data: Data
        switch ScenarioFile.read(options.scenarioPath) {
        case .success(let contents):
            data = contents
        case .failure(let message):
            errors.writeLine("wavesim: error: \(message)")
            return ExitCode.noInput
        }
        let root: JSONValue
        do {
            root = try ScenarioDecoder.parse(data, file: options.scenarioPath)
        } catch {
            errors.writeLine("wavesim: error: \(error)")
            return ExitCode.dataError
        }
        if AppScenarioDecoder.appName(of: root) != nil {
            return try await AppReplayCommand.run(
                root: root, options: options, environment: environment, output: output, errors: errors)
        }
        let decoded: ScenarioDecoder.Result
        do {
            decoded = try ScenarioDecoder.decode(root: root, file: options.scenarioPath)
        } catch {
            // The warnings first: a misspelt key is often the reason for a missing-key error.
            for warning in error.warnings {
                errors.writeLine("wavesim: warning: \(options.scenarioPath): \(warning)")
            }
            errors.writeLine("wavesim: error: \(error)")
            return ExitCode.dataError
        }
        for warning in decoded.warnings {
            errors.writeLine("wavesim: warning: \(options.scenarioPath): \(warning)")
        }
        if options.clock == .wall {
            // A wall-clock replay is followed live, on a terminal or through a pipe: no buffering.
            output.setFlushesEveryWrite(true)
        }

        let resolver = LocalizedStringResolver(language: options.language, environment: environment)
        if let requested = options.language, !resolver.supports(requested) {
            errors.writeLine("wavesim: warning: --lang: no translation for '\(requested)'; using English")
        }

        let scenario = decoded.scenario
        let usesColor = output.isTerminal && environment["NO_COLOR"] == nil && options.format == .text
        let timeline = TextTimeline(output: output, events: scenario.events, usesColor: usesColor)
        var sinks: [any NotificationSink] = []
        switch options.format {
        case .text: sinks.append(timeline)
        case .json: sinks.append(JSONLinesSink(writer: { output.writeLine($0) }))
        }
        if options.sink == .desktop {
            let desktop = DesktopSink(environment: environment)
            do {
                _ = try await desktop.checkServer()
            } catch {
                errors.writeLine("wavesim: error: --sink desktop: \(error)")
                return ExitCode.unavailable
            }
            sinks.append(desktop)
        }
        let progress = ReplayProgress(output: errors, enabled: errors.isTerminal, totalEvents: scenario.events.count)
        let platformLog: any ReplayPlatformLog =
            switch options.format {
            case .text: timeline
            case .json: JSONPlatformLog(writer: { output.writeLine($0) })
            }
        let engine = ReplayEngine(
            scenario: scenario, options: options, renderer: resolver,
            sink: FanOutSink(sinks: sinks, progress: progress),
            actionLog: options.format == .text ? timeline : nil, platformLog: platformLog)
        let summary = try await engine.run()
        progress.finish()

        switch options.format {
        case .text: timeline.write(summary)
        case .json: output.writeLine(SummaryJSON.line(for: summary))
        }
        return ExitCode.success
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

/// The summary line of `--format json`.
enum SummaryJSON {
    static func line(for summary: ReplaySummary) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.member("type", "summary")
        json.member("speed", summary.speed)
        json.member("gated", summary.isGated)
        json.member("scheduled", summary.scheduled)
        json.member("cancelled", summary.cancelled)
        json.member("delivered", summary.delivered)
        json.member("missed", summary.missed)
        json.member("peakPending", summary.peakPending)
        if summary.pendingLimit == Int.max {
            json.key("pendingLimit")
            json.null()
        } else {
            json.member("pendingLimit", summary.pendingLimit)
        }
        if let platform = summary.platform {
            json.member("platform", platform.rawValue)
            json.member("lost", summary.lost)
            json.key("minRunwayMinutes")
            if let minutes = summary.minRunwayMinutes {
                json.number(minutes)
            } else {
                json.null()
            }
        }
        json.endObject()
        return json.text
    }
}
