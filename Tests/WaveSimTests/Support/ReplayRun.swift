import Foundation
import WaveSim

/// One in-process `wavesim` run with captured output.
struct ReplayRun {
    var status: Int32
    var standardOutput: String
    var standardError: String

    /// Runs `wavesim` with `arguments`, in this process, capturing both streams.
    static func wavesim(_ arguments: [String], environment: [String: String] = [:]) async -> ReplayRun {
        let output = OutputChannel.capture()
        let errors = OutputChannel.capture()
        let status = await WaveSimCommand.run(
            arguments: arguments, environment: environment, standardOutput: output, standardError: errors)
        return ReplayRun(status: status, standardOutput: output.captured, standardError: errors.captured)
    }

    /// Replays a fixture scenario with `--format json` and extra flags.
    static func json(_ fixture: String, _ flags: [String] = [], environment: [String: String] = [:]) async -> ReplayRun
    {
        await wavesim(
            ["replay", Fixture.url("Scenarios/\(fixture)").path, "--format", "json"] + flags, environment: environment)
    }

    /// Replays an app fixture (`Fixtures/Apps/<fixture>`) with `--format json` and extra flags.
    static func app(_ fixture: String, _ flags: [String] = []) async -> ReplayRun {
        await wavesim(["replay", Fixture.url("Apps/\(fixture)").path, "--format", "json"] + flags)
    }

    /// Replays an app fixture (`Fixtures/Apps/<fixture>`) as the readable timeline (`--format text`, the default).
    static func appText(_ fixture: String, _ flags: [String] = []) async -> ReplayRun {
        await wavesim(["replay", Fixture.url("Apps/\(fixture)").path] + flags)
    }

    /// Replays an app fixture after `edit` changes its top-level object, from a temporary file that is removed
    /// afterwards and whose path reads `FILE` in both streams.
    ///
    /// - Parameters:
    ///   - fixture: The fixture under `Fixtures/Apps`.
    ///   - arguments: What follows the file on the command line (`--format json` is not added).
    ///   - edit: Changes the scenario.
    static func app(
        _ fixture: String, arguments: [String], editing edit: (inout [String: Any]) throws -> Void
    ) async throws -> ReplayRun {
        var scenario = try JSONSerialization.jsonObject(with: Fixture.data("Apps/\(fixture)")) as! [String: Any]
        try edit(&scenario)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("\(fixture)-\(UUID()).json")
        try JSONSerialization.data(withJSONObject: scenario).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var run = await wavesim(["replay", file.path] + arguments)
        run.standardOutput = run.standardOutput.replacingOccurrences(of: file.path, with: "FILE")
        run.standardError = run.standardError.replacingOccurrences(of: file.path, with: "FILE")
        return run
    }

    /// `at identifier [reason]` for every printed line of a type, compact enough to compare with a hand-written list.
    func lines(_ type: String) -> [String] {
        objects.filter { $0["type"] as? String == type }.map {
            "\($0["at"] as? String ?? "?") \($0["identifier"] as? String ?? "?")"
                + ($0["reason"].map { " \($0)" } ?? "")
        }
    }

    /// The delivery of a request identifier, if it was delivered.
    func delivery(_ identifier: String) -> [String: Any]? {
        deliveries.first { $0["identifier"] as? String == identifier }
    }

    /// The JSON objects printed, one per line.
    var objects: [[String: Any]] {
        standardOutput.split(separator: "\n").map {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] ?? ["unparsed": String($0)]
        }
    }

    /// The delivery objects.
    var deliveries: [[String: Any]] {
        objects.filter { $0["type"] as? String == "delivered" }
    }

    /// `at eventId trigger` for each delivery, compact enough to compare with a hand-written list.
    var deliveryLines: [String] {
        deliveries.map {
            "\($0["at"] as? String ?? "?") \($0["eventId"] as? String ?? "?") \($0["trigger"] as? String ?? "?")"
        }
    }

    /// The summary object (the last line).
    var summary: [String: Any] {
        objects.last { $0["type"] as? String == "summary" } ?? [:]
    }

    /// An integer field of the summary.
    func summary(_ key: String) -> Int? {
        summary[key] as? Int
    }
}
