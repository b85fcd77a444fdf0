internal import Foundation
internal import GrowBroServer
internal import WavePushCredentials

/// The `wavepush` program: `replay`, `report`, `well-known`, `check-well-known`, `dispatch`, `send-test`.
public enum WavePushCommand {
    /// What must happen first: for `dispatch`, the SIGTERM and SIGINT handler, so that a signal is never lost and
    /// the sender stops cleanly.
    ///
    /// - Parameter arguments: The arguments after the program name.
    public static func prepare(arguments: [String]) {
        if arguments.first == "dispatch" {
            SignalWaiter.install()
        }
    }

    /// Runs the program.
    ///
    /// - Parameters:
    ///   - arguments: The arguments after the program name.
    ///   - standardOutput: Where results go.
    ///   - standardError: Where errors go.
    /// - Returns: The exit status (see ``ExitCode``).
    public static func run(
        arguments: [String], standardOutput: CommandOutput, standardError: CommandOutput
    ) async
        -> Int32
    {
        var status: Int32
        do {
            status = try await dispatch(arguments, output: standardOutput)
        } catch let error as UsageError {
            standardError.writeLine("wavepush: error: \(error)")
            standardError.writeLine("Run 'wavepush --help' for usage.")
            status = ExitCode.usage
        } catch let error as ScenarioError {
            standardError.writeLine("wavepush: error: \(error)")
            status = ExitCode.dataError
        } catch let error as CredentialError {
            // A key or service-account file that is missing or wrong: bad input, named without its content.
            standardError.writeLine("wavepush: error: \(error)")
            status = ExitCode.dataError
        } catch let error as CommandFailure {
            standardError.writeLine("wavepush: error: \(error)")
            status = error.status
        } catch let error as GrowBroServerError {
            standardError.writeLine("wavepush: error: \(error)")
            status = ExitCode.dataError
        } catch let error as PushStoreError {
            // A file that is not a server database is bad input; anything else is the disk's.
            standardError.writeLine("wavepush: error: \(error)")
            status = error.kind == .damaged ? ExitCode.dataError : ExitCode.ioError
        } catch {
            standardError.writeLine("wavepush: error: \(error)")
            status = ExitCode.software
        }
        standardOutput.flush()
        if standardOutput.hasFailed && status == ExitCode.success {
            standardError.writeLine("wavepush: error: could not write the output (standard output is closed or full)")
            status = ExitCode.ioError
        }
        standardError.flush()
        return status
    }

    private static func dispatch(_ arguments: [String], output: CommandOutput) async throws -> Int32 {
        guard let command = arguments.first else { throw UsageError("a subcommand is required") }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") || ["--help", "-h", "help"].contains(command) {
            output.write(HelpText.main)
            return ExitCode.success
        }
        switch command {
        case "replay":
            let parsed = try Arguments(rest, valued: ["db"], switches: ["requests"])
            guard parsed.positional.count == 1 else { throw UsageError("replay takes one scenario file") }
            let scenario = try ServerScenario.decode(try readFile(parsed.positional[0]))
            return try await ServerReplay(
                scenario: scenario, output: output, printsRequests: parsed.switches.contains("requests"),
                databasePath: parsed.values["db"]
            ).run()
        case "report":
            return try ReportCommand.run(
                try Arguments(
                    rest, valued: ["db", "from", "to", "alert-minimum-sends", "alert-delivery-rate"], switches: []),
                output: output)
        case "well-known":
            return try WellKnownCommand.write(try Arguments(rest, valued: ["out"], switches: []), output: output)
        case "dispatch":
            return try await DispatchCommand.dispatch(try Arguments(rest, valued: ["db"], switches: []), output: output)
        case "send-test":
            return try await DispatchCommand.sendTest(
                try Arguments(rest, valued: ["token", "platform", "environment", "title", "body"], switches: []),
                output: output)
        case "check-well-known":
            return try WellKnownCommand.check(
                try Arguments(rest, valued: ["environment", "url", "host"], switches: []), output: output)
        default:
            throw UsageError(
                "unknown subcommand '\(command)'; expected replay, report, well-known, check-well-known, dispatch or send-test"
            )
        }
    }

    /// A file's bytes, or exit 66 naming it.
    static func readFile(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure(ExitCode.noInput, "cannot read '\(path)': no such file or not readable")
        }
        return Array(data)
    }
}
