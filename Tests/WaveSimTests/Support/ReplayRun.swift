import Foundation
import WaveCommandLine
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

    /// The flags that replay an app's rules on the always-running Linux adapter with iOS's budget, the behaviour
    /// the app tests were written for (`docs/scenario-format.md`, Platforms: `linux` with `--pending-limit 64`), unless
    /// the flags or the scenario name a platform; the platform tests name theirs.
    ///
    /// - Parameters:
    ///   - flags: The flags given.
    ///   - scenario: The scenario's top-level object.
    /// - Returns: The flags to use.
    static func rulesPlatform(_ flags: [String], scenario: [String: Any]) -> [String] {
        guard !flags.contains("--platform"), scenario["platform"] == nil else { return flags }
        return flags + ["--platform", "linux"] + (flags.contains("--pending-limit") ? [] : ["--pending-limit", "64"])
    }

    /// The top-level object of an app fixture, or an empty one when it is not an object (an invalid fixture).
    private static func object(_ fixture: String) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Fixture.data("Apps/\(fixture)"))) as? [String: Any] ?? [:]
    }

    /// Replays an app fixture (`Fixtures/Apps/<fixture>`) with `--format json` and extra flags, on the Linux
    /// adapter with a limit of 64 unless a platform is named (``rulesPlatform(_:scenario:)``).
    static func app(_ fixture: String, _ flags: [String] = []) async -> ReplayRun {
        await wavesim(
            ["replay", Fixture.url("Apps/\(fixture)").path, "--format", "json"]
                + rulesPlatform(flags, scenario: object(fixture)))
    }

    /// Replays an app fixture (`Fixtures/Apps/<fixture>`) as the readable timeline (`--format text`, the default),
    /// on the Linux adapter with a limit of 64 unless a platform is named (``rulesPlatform(_:scenario:)``).
    static func appText(_ fixture: String, _ flags: [String] = []) async -> ReplayRun {
        await wavesim(
            ["replay", Fixture.url("Apps/\(fixture)").path] + rulesPlatform(flags, scenario: object(fixture)))
    }

    /// Replays an app fixture after `edit` changes its top-level object, from a temporary file that is removed
    /// afterwards and whose path reads `FILE` in both streams; on the Linux adapter with a limit of 64 unless a
    /// platform is named (``rulesPlatform(_:scenario:)``).
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
        var run = await wavesim(["replay", file.path] + rulesPlatform(arguments, scenario: scenario))
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
