internal import Foundation
internal import WaveJSON
internal import WaveNotifications
internal import WaveStrings

/// `wavesim replay` for an app scenario (`"app": "gonow"`, …): decodes it, runs the engine, prints every line.
enum AppReplayCommand {
    static func run(
        root: JSONValue, options: ReplayOptions, environment: [String: String], output: OutputChannel,
        errors: OutputChannel
    ) async throws -> Int32 {
        let decoded: AppScenarioDecoder.Result
        do {
            decoded = try AppScenarioDecoder.decode(root, file: options.scenarioPath, options: options)
        } catch {
            for warning in error.warnings {
                errors.writeLine("wavesim: warning: \(options.scenarioPath): \(warning)")
            }
            errors.writeLine("wavesim: error: \(error)")
            return ExitCode.dataError
        }
        for warning in decoded.warnings {
            errors.writeLine("wavesim: warning: \(options.scenarioPath): \(warning)")
        }
        guard options.clock == .virtual, options.sink == .terminal else {
            errors.writeLine("wavesim: error: app scenarios replay on the virtual clock to the terminal only")
            return ExitCode.usage
        }
        let resolver = LocalizedStringResolver(language: options.language, environment: environment)
        if let requested = options.language, !resolver.supports(requested) {
            errors.writeLine("wavesim: warning: --lang: no translation for '\(requested)'; using English")
        }
        let scenario = decoded.scenario
        let limit = options.pendingLimit(on: scenario.platform)
        let platform: any AppReplayPlatform =
            scenario.platform == .ios
            ? SimulatedIOSCenter(limit: limit, start: scenario.start)
            : try LinuxReplayPlatform(start: scenario.start, pendingLimit: limit, renderer: resolver)
        let format = options.format
        // Colour as WorldWideWaves' timeline has it: on a terminal, unless NO_COLOR is set.
        let timeline = AppTextTimeline(
            output: output, timeZone: scenario.timeZone,
            usesColor: output.isTerminal && environment["NO_COLOR"] == nil,
            platformName: AppTextWords.words(for: scenario.platform.rawValue, in: AppTextWords.platforms))
        let render: @Sendable (LocalizedText) -> String = { resolver.string(for: $0) }
        let driver = decoded.section.makeDriver(
            settings: decoded.settings, scenario: scenario, options: options,
            environment: AppDriverEnvironment(center: platform, render: render))
        var engine = AppReplayEngine(
            scenario: scenario, driver: driver, platform: platform,
            printer: AppEventPrinter(render: render, locale: { resolver.language(resolvingTable: $0) }),
            emit: { line, zone in
                switch format {
                case .json: output.writeLine(AppOutputFormat.json(line))
                case .text: timeline.write(line, in: zone)
                }
            },
            warn: { errors.writeLine("wavesim: warning: \(options.scenarioPath): \($0)") })
        _ = try await engine.run()
        return output.hasFailed ? ExitCode.ioError : ExitCode.success
    }
}
