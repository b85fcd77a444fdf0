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
