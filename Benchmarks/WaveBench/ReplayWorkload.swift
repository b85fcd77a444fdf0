internal import Foundation
internal import WaveLinuxAdapter
internal import WaveNotifications
internal import WaveSim
internal import WaveStrings

/// Workload 4: a virtual-clock replay of a generated scenario, end to end: read and decode the file, run
/// ReplayEngine with the JSON Lines sink writing to standard output (which the child points at
/// `/dev/null`), flush.
///
/// This is `wavesim replay <file> --format json --platform linux --pending-limit 64` minus the command-line parsing and the final summary line;
/// the engine is called directly so the summary's delivery count can be checked.
enum ReplayWorkload {
    static func run(events count: Int, scenarioPath: String) async throws -> [String: Double] {
        let startCPU = ProcessCPU.seconds()
        let start = ContinuousClock.now
        let data = try Data(contentsOf: URL(fileURLWithPath: scenarioPath))
        let decoded = try ScenarioDecoder.decode(data, file: scenarioPath)
        let parsed = ContinuousClock.now

        var options = ReplayOptions(scenarioPath: scenarioPath)
        options.format = .json
        // The Linux adapter with iOS's budget, as measured since the first round: it delivers all 6 per event (iOS
        // itself would lose what its 64 cannot hold, and the check below counts every one).
        options.requestedPlatform = .linux
        options.explicitPendingLimit = 64
        let output = OutputChannel.standardOutput
        let engine = ReplayEngine(
            scenario: decoded.scenario, options: options,
            renderer: LocalizedStringResolver(language: "en", environment: [:]),
            sink: JSONLinesSink(writer: { output.write($0) }))
        let summary = try await engine.run()
        output.flush()
        let finished = ContinuousClock.now
        let cpuSeconds = ProcessCPU.seconds() - startCPU

        let expected = 6 * count
        try WorkloadFailure.check(
            decoded.scenario.events.count == count, "the scenario has \(decoded.scenario.events.count) events")
        try WorkloadFailure.check(
            summary.delivered == expected,
            "the replay delivered \(summary.delivered) notifications, expected \(expected)")
        try WorkloadFailure.check(
            summary.failed == 0 && summary.missed == 0, "\(summary.failed) failed, \(summary.missed) missed")
        let seconds = (finished - start).seconds
        return [
            "seconds": seconds,
            "cpuSeconds": cpuSeconds,
            "operations": Double(summary.delivered),
            "parseSeconds": (parsed - start).seconds,
            "replaySeconds": (finished - parsed).seconds,
            "deliveries": Double(summary.delivered),
            "deliveriesPerSecond": Double(summary.delivered) / seconds,
            "scenarioBytes": Double(data.count),
        ]
    }
}
