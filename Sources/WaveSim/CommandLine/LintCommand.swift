internal import Foundation
internal import WaveCommandLine
internal import WaveLinuxAdapter
internal import WaveStrings

/// `wavesim lint [DIR]`: lints translation tables, one line per problem on standard output; on standard error,
/// one coverage line per table, then the summary.
enum LintCommand {
    static func run(_ arguments: [String], output: OutputChannel, errors: OutputChannel) throws -> Int32 {
        var reader = ArgumentReader(arguments, subcommand: "lint")
        var directory: String?
        while let argument = reader.next() {
            if argument.name.hasPrefix("-") && argument.name != "-" {
                throw reader.error("unknown option '\(argument.name)'")
            }
            guard directory == nil else {
                throw reader.error("unexpected argument '\(argument.name)': give one directory")
            }
            directory = argument.name
        }
        let report: LintReport
        do {
            report = try TranslationLinter.lint(directory: directory.map { URL(fileURLWithPath: $0) })
        } catch {
            throw UsageError("\(error)", subcommand: "lint")
        }
        for line in report.lines {
            output.writeLine(line)
        }
        for line in report.coverageLines {
            errors.writeLine("wavesim \(line)")
        }
        errors.writeLine("wavesim \(report.summary)")
        return report.exitStatus
    }
}
