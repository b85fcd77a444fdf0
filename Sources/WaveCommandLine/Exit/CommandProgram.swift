/// What both command-line tools do around a subcommand: print each error as `<tool>: error: <message>` with the
/// exit status it means, point a usage error to the right `--help`, flush the output, and turn an output that could
/// not be written into status 74 when the command itself succeeded.
package struct CommandProgram: Sendable {
    /// The tool's name, as errors start (`wavesim`, `wavepush`).
    package let name: String
    /// The exit status of an error the kit does not know (a tool's own error types); `nil` for 70 (`software`).
    package let status: @Sendable (any Error) -> Int32?

    /// Creates a program.
    ///
    /// - Parameters:
    ///   - name: The tool's name.
    ///   - status: The exit status of the tool's own errors; `nil` for an error it does not know.
    package init(name: String, status: @escaping @Sendable (any Error) -> Int32? = { _ in nil }) {
        self.name = name
        self.status = status
    }

    /// Runs a subcommand and returns the process's exit status.
    ///
    /// - Parameters:
    ///   - output: Standard output.
    ///   - errors: Standard error.
    ///   - body: The subcommand; returns its status or throws.
    /// - Returns: The status: the body's, 64 for a ``UsageError``, 65 for a ``ScenarioError``, a
    ///   ``CommandFailure``'s own, the tool's for its errors, 70 for any other, and 74 when the body succeeded but
    ///   its output could not be written.
    package func run(
        output: OutputChannel, errors: OutputChannel, _ body: () async throws -> Int32
    ) async -> Int32 {
        var status: Int32
        do {
            status = try await body()
        } catch let error as UsageError {
            errors.writeLine("\(name): error: \(error)")
            let help = error.subcommand.map { "\(name) \($0) --help" } ?? "\(name) --help"
            errors.writeLine("Run '\(help)' for usage.")
            status = ExitCode.usage
        } catch let error as ScenarioError {
            errors.writeLine("\(name): error: \(error)")
            status = ExitCode.dataError
        } catch let error as CommandFailure {
            errors.writeLine("\(name): error: \(error)")
            status = error.status
        } catch {
            errors.writeLine("\(name): error: \(error)")
            status = self.status(error) ?? ExitCode.software
        }
        output.flush()
        if output.hasFailed && status == ExitCode.success {
            errors.writeLine("\(name): error: could not write the output (standard output is closed or full)")
            status = ExitCode.ioError
        }
        errors.flush()
        return status
    }
}
