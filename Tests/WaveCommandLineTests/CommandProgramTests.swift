import Testing
import WaveCommandLine

/// ``CommandProgram``: every error ends as one message and the exit status it means, the same in both tools.
struct CommandProgramTests {
    struct ToolError: Error, CustomStringConvertible {
        var description: String { "the tool's own trouble" }
    }

    struct OtherError: Error, CustomStringConvertible {
        var description: String { "something unexpected" }
    }

    private func run(_ error: (any Error)?) async -> (status: Int32, errors: String, output: String) {
        let output = OutputChannel.capture()
        let errors = OutputChannel.capture()
        let program = CommandProgram(name: "tool") { $0 is ToolError ? ExitCode.unavailable : nil }
        let status = await program.run(output: output, errors: errors) {
            output.writeLine("partial")
            if let error { throw error }
            return ExitCode.success
        }
        return (status, errors.captured, output.captured)
    }

    @Test func successIsZeroAndTheOutputIsFlushed() async {
        let run = await run(nil)
        #expect(run.status == 0)
        #expect(run.output == "partial\n")
        #expect(run.errors.isEmpty)
    }

    @Test func aUsageErrorIs64AndPointsToTheSubcommandsHelp() async {
        let run = await run(UsageError("--db: missing value", subcommand: "report"))
        #expect(run.status == 64)
        #expect(run.errors == "tool: error: --db: missing value\nRun 'tool report --help' for usage.\n")
    }

    @Test func aScenarioErrorIs65WithEveryProblem() async {
        let error = ScenarioError(
            file: "s.json", problems: [.init(path: "a", message: "bad"), .init(path: "b[0]", message: "worse")])
        let run = await run(error)
        #expect(run.status == 65)
        #expect(run.errors == "tool: error: s.json: invalid scenario (2 problems):\n  a: bad\n  b[0]: worse\n")
    }

    @Test func aFailureKeepsItsStatusTheToolsErrorsTheirsAndAnythingElseIs70() async {
        #expect(await run(CommandFailure(ExitCode.noInput, "cannot read 'x'")).status == 66)
        let tool = await run(ToolError())
        #expect(tool.status == 69)
        #expect(tool.errors == "tool: error: the tool's own trouble\n")
        #expect(await run(OtherError()).status == 70)
    }
}
