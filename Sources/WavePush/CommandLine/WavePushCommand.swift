internal import Foundation
internal import GrowBroServer
package import WaveCommandLine
internal import WavePushCredentials

/// The `wavepush` program: `replay`, `report`, `well-known`, `check-well-known`, `dispatch`, `send-test`, `serve`.
public enum WavePushCommand {
    /// What must happen first: for `dispatch` and `serve`, the SIGTERM and SIGINT handler, so that a signal is never
    /// lost and the sender or the HTTP API stops cleanly.
    ///
    /// - Parameter arguments: The arguments after the program name.
    public static func prepare(arguments: [String]) {
        if arguments.first == "dispatch" || arguments.first == "serve" {
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
    package static func run(
        arguments: [String], standardOutput: OutputChannel, standardError: OutputChannel
    ) async -> Int32 {
        await program.run(output: standardOutput, errors: standardError) {
            try await dispatch(arguments, output: standardOutput)
        }
    }

    /// The tool's own errors: input the server refuses is bad data; a file that is not a server database is bad
    /// input; a store that cannot be opened or reached is unavailable; any other store failure is the disk's.
    private static let program = CommandProgram(name: "wavepush") { error in
        switch error {
        case is GrowBroServerError: ExitCode.dataError
        // A key or service-account file that is missing or wrong: bad input, named without its content.
        case is CredentialError: ExitCode.dataError
        case let error as PushStoreError: status(of: error)
        default: nil
        }
    }

    /// The exit status of a store failure, the same for every subcommand: 65 for a file that is not a server
    /// database; 69 for a store that cannot be opened or reached (a PostgreSQL server that does not answer or
    /// refuses the login, a SQLite file whose directory is missing or not writable: the library's one kind
    /// `unavailable`, and the message says which); 74 for any other (a full disk, an I/O error).
    static func status(of error: PushStoreError) -> Int32 {
        switch error.kind {
        case .damaged: ExitCode.dataError
        case .unavailable: ExitCode.unavailable
        case .busy, .full, .closed, .failed: ExitCode.ioError
        }
    }

    private static func dispatch(_ arguments: [String], output: OutputChannel) async throws -> Int32 {
        guard let command = arguments.first else {
            throw UsageError(
                "a subcommand is required: replay, report, well-known, check-well-known, dispatch, send-test or serve")
        }
        let rest = Array(arguments.dropFirst())
        if ["--help", "-h", "help"].contains(command) {
            output.write(HelpText.main)
            return ExitCode.success
        }
        if rest.contains("--help") || rest.contains("-h") {
            output.write(HelpText.help(for: command))
            return ExitCode.success
        }
        switch command {
        case "replay":
            let parsed = try Arguments(rest, valued: ["db"], switches: ["requests"], subcommand: "replay")
            guard parsed.positional.count == 1 else {
                throw UsageError("replay takes one scenario file", subcommand: "replay")
            }
            let file = parsed.positional[0]
            let scenario = try ServerScenario.decode(try CommandFailure.readFile(file), file: file)
            return try await ServerReplay(
                scenario: scenario, output: output, printsRequests: parsed.switches.contains("requests"),
                databasePath: parsed.values["db"]
            ).run()
        case "report":
            return try await ReportCommand.run(
                try Arguments(
                    rest, valued: ["db", "from", "to", "alert-minimum-sends", "alert-delivery-rate"], switches: [],
                    subcommand: "report"),
                output: output)
        case "well-known":
            return try WellKnownCommand.write(
                try Arguments(rest, valued: ["out"], switches: [], subcommand: "well-known"), output: output)
        case "dispatch":
            return try await DispatchCommand.dispatch(
                try Arguments(rest, valued: ["db", "metrics"], switches: [], subcommand: "dispatch"), output: output)
        case "send-test":
            return try await DispatchCommand.sendTest(
                try Arguments(
                    rest, valued: ["token", "platform", "environment", "title", "body"], switches: [],
                    subcommand: "send-test"),
                output: output)
        case "serve":
            return try await ServeCommand.serve(
                try Arguments(rest, valued: ["db", "metrics"], switches: [], subcommand: "serve"), output: output)
        case "check-well-known":
            return try WellKnownCommand.check(
                try Arguments(
                    rest, valued: ["environment", "url", "host"], switches: [], subcommand: "check-well-known"),
                output: output)
        default:
            throw UsageError(
                "unknown subcommand '\(command)'; expected replay, report, well-known, check-well-known, dispatch, send-test or serve"
            )
        }
    }
}
