internal import Foundation
package import WaveCommandLine
internal import WaveLinuxAdapter
internal import WaveNotifications

/// The `wavesim` program: `replay` a scenario, or `lint` translation tables.
package enum WaveSimCommand {
    /// The version `wavesim --version` prints.
    package static let version = "0.1.0"

    /// Runs the program.
    ///
    /// - Parameters:
    ///   - arguments: The arguments after the program name.
    ///   - environment: The environment (`LANG`, `NO_COLOR`, …).
    ///   - standardOutput: Where results go.
    ///   - standardError: Where warnings, errors and progress go.
    /// - Returns: The exit status: 0 success, 1 lint problems, 64 bad usage, 65 bad scenario, 66 unreadable
    ///   file, 69 desktop unavailable, 74 output not writable.
    package static func run(
        arguments: [String], environment: [String: String], standardOutput: OutputChannel,
        standardError: OutputChannel
    ) async -> Int32 {
        await CommandProgram(name: "wavesim").run(output: standardOutput, errors: standardError) {
            try await dispatch(arguments, environment, standardOutput, standardError)
        }
    }

    private static func dispatch(
        _ arguments: [String], _ environment: [String: String], _ output: OutputChannel, _ errors: OutputChannel
    ) async throws -> Int32 {
        guard let first = arguments.first else {
            errors.write(HelpText.main)
            return ExitCode.usage
        }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "-h", "--help", "help":
            output.write(HelpText.main)
            return ExitCode.success
        case "--version":
            output.writeLine("wavesim \(version)")
            return ExitCode.success
        case "replay":
            if rest.contains("-h") || rest.contains("--help") {
                output.write(HelpText.replay)
                return ExitCode.success
            }
            return try await ReplayCommand.run(
                options: ReplayOptions.parse(rest), environment: environment, output: output, errors: errors)
        case "fleet":
            if rest.contains("-h") || rest.contains("--help") {
                output.write(HelpText.fleet)
                return ExitCode.success
            }
            return try await FleetCommand.run(
                options: FleetOptions.parse(rest, environment: environment), output: output, errors: errors)
        case "lint":
            if rest.contains("-h") || rest.contains("--help") {
                output.write(HelpText.lint)
                return ExitCode.success
            }
            return try LintCommand.run(rest, output: output, errors: errors)
        default:
            throw UsageError("unknown subcommand '\(first)'; expected replay, fleet or lint")
        }
    }
}
