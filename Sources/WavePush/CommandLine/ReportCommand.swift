internal import Foundation
internal import GrowBroServer
internal import WaveCommandLine

/// `wavepush report --db FILE --from INSTANT --to INSTANT [--alert-minimum-sends N] [--alert-delivery-rate R]`.
enum ReportCommand {
    static func run(_ arguments: Arguments, output: OutputChannel) async throws -> Int32 {
        guard arguments.positional.isEmpty else {
            throw UsageError("report takes no positional argument", subcommand: "report")
        }
        let path = try arguments.required("db")
        let location = PushStoreLocation(path)
        if case .sqlite = location, !FileManager.default.fileExists(atPath: path) {
            throw CommandFailure(ExitCode.noInput, "cannot read '\(path)': no such database")
        }
        func instant(_ flag: String) throws -> Date {
            let text = try arguments.required(flag)
            do {
                return try InstantParser.parse(text)
            } catch {
                throw UsageError(
                    "--\(flag) '\(text)': \(error); expected ISO 8601 like 2026-05-04T07:00:00Z", subcommand: "report")
            }
        }
        let from = try instant("from")
        let to = try instant("to")
        guard from < to else { throw UsageError("--from must be before --to", subcommand: "report") }
        var configuration = GrowBroServerConfiguration()
        if let text = arguments.values["alert-minimum-sends"] {
            guard let sends = Int(text), sends >= 1 else {
                throw UsageError(
                    "--alert-minimum-sends '\(text)' is not a whole number of 1 or more", subcommand: "report")
            }
            configuration.alertMinimumSends = sends
        }
        if let text = arguments.values["alert-delivery-rate"] {
            guard let rate = Double(text), (0...1).contains(rate) else {
                throw UsageError("--alert-delivery-rate '\(text)' is not a number from 0 to 1", subcommand: "report")
            }
            configuration.alertDeliveryRate = rate
        }
        let server = try location.open(configuration: configuration)
        defer { server.close() }
        let report = try await server.run { try $0.report(from: from, to: to) }
        for alert in report.alerts { output.writeLine(ReplayLines.alert(alert, at: to)) }
        output.writeLine(ReplayLines.report(report, at: to))
        return ExitCode.success
    }
}
