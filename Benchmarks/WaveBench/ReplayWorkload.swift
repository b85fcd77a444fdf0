internal import Foundation
import WaveCommandLine
internal import WaveLinuxAdapter
internal import WaveNotifications
internal import WaveSim
internal import WaveStrings

/// Workload 4: a virtual-clock replay of a generated scenario, end to end: read and decode the file (once untimed, to
/// check it, and again inside the replay), run the replay engine writing JSON Lines to standard output (which the
/// child points at `/dev/null`), flush.
///
/// This is `wavesim replay <file> --format json --platform linux --pending-limit 64` minus the command-line parsing;
/// the replay is called in process so the summary's delivery count can be checked.
enum ReplayWorkload {
    static func run(events count: Int, scenarioPath: String) async throws -> [String: Double] {
        // Read and decoded once untimed, to check the file and time the decoding alone; only the figures are kept, so
        // the replay's peak memory is the replay's (this copy of the file and its events are gone before it starts).
        let (parseSeconds, eventCount, scenarioBytes) = try decodeAlone(scenarioPath)
        let startCPU = ProcessCPU.seconds()
        let start = ContinuousClock.now

        var options = ReplayOptions(scenarioPath: scenarioPath)
        options.format = .json
        // The Linux adapter with iOS's budget, as measured since the first round: it delivers all 6 per event (iOS
        // itself would lose what its 64 cannot hold, and the check below counts every one).
        options.requestedPlatform = .linux
        options.explicitPendingLimit = 64
        options.language = "en"
        let output = OutputChannel.standardOutput
        let (status, replayed) = try await ReplayCommand.replay(
            options: options, environment: [:], output: output, errors: OutputChannel.standardError)
        output.flush()
        guard status == 0, let summary = replayed else { throw WorkloadFailure("wavesim replay exited \(status)") }
        let finished = ContinuousClock.now
        let cpuSeconds = ProcessCPU.seconds() - startCPU

        let expected = 6 * count
        try WorkloadFailure.check(eventCount == count, "the scenario has \(eventCount) events")
        try WorkloadFailure.check(
            summary.delivered == expected,
            "the replay delivered \(summary.delivered) notifications, expected \(expected)")
        try WorkloadFailure.check(
            summary.failed == 0 && summary.lost == 0, "\(summary.failed) failed, \(summary.lost) lost")
        let seconds = (finished - start).seconds
        return [
            "seconds": seconds,
            "cpuSeconds": cpuSeconds,
            "operations": Double(summary.delivered),
            "parseSeconds": parseSeconds,
            "replaySeconds": seconds - parseSeconds,
            "deliveries": Double(summary.delivered),
            "deliveriesPerSecond": Double(summary.delivered) / seconds,
            "scenarioBytes": Double(scenarioBytes),
        ]
    }

    /// Reads and decodes the scenario file alone.
    ///
    /// - Returns: How long it took, how many events it has and its size in bytes.
    private static func decodeAlone(_ path: String) throws -> (seconds: Double, events: Int, bytes: Int) {
        let start = ContinuousClock.now
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let decoded = try ScenarioDecoder.decode(data, file: path)
        return ((ContinuousClock.now - start).seconds, decoded.scenario.events.count, data.count)
    }
}
