internal import Foundation
internal import ShadowNotifications
internal import WaveNotifications
internal import WaveSim

/// Workload 4b: a year of a Shadow scenario (every category on with its default schedule, America/New_York, both
/// DST changes), replayed end to end through `wavesim replay <file> --format json` in this process: the file read
/// and decoded, the planner at every reconcile moment, the core's reconcile, the Linux manager with the iOS budget
/// of 64, every delivery and expiry written as a JSON line.
///
/// The output is captured in memory (about 300 bytes a line, counted in the peak) to read the summary line. The
/// expected number of deliveries comes from `ShadowPlanner.checkIns` over the year, not from the replay.
enum AppReplayWorkload {
    /// 2026-01-01T00:00:00-05:00.
    static let start = Date(timeIntervalSince1970: 1_767_243_600)
    static let days = 365

    static func shadowYear() async throws -> [String: Double] {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("wavebench-shadow-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let zone = TimeZone(identifier: "America/New_York")!
        let until = start.addingTimeInterval(Double(days) * 86_400)
        let categories = ShadowCategory.allCases.map { "\"\($0.rawValue)\": {\"enabled\": true}" }
        let scenario = """
            {"app": "shadow", "timeZone": "America/New_York", "now": "2026-01-01T00:00:00-05:00",
             "until": "2027-01-01T00:00:00-05:00",
             "shadow": {"categories": {\(categories.joined(separator: ", "))}}}
            """
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("shadow-year.json")
        try Data(scenario.utf8).write(to: file)

        var settings = ShadowSettings()
        for category in ShadowCategory.allCases {
            settings.categories[category] = try ShadowCategorySettings(enabled: true)
        }
        let expected = ShadowPlanner.checkIns(settings: settings, from: start, to: until, in: zone).count

        let output = OutputChannel.capture()
        let errors = OutputChannel.capture()
        let startCPU = ProcessCPU.seconds()
        let began = ContinuousClock.now
        let status = await WaveSimCommand.run(
            arguments: ["replay", file.path, "--format", "json"], environment: [:], standardOutput: output,
            standardError: errors)
        let seconds = (ContinuousClock.now - began).seconds
        let cpuSeconds = ProcessCPU.seconds() - startCPU

        try WorkloadFailure.check(status == 0, "wavesim exited \(status): \(errors.captured)")
        let lines = output.captured.split(separator: "\n")
        let summary = String(lines.last ?? "")
        let delivered = lines.filter { $0.hasPrefix("{\"type\":\"delivered\"") }.count
        try WorkloadFailure.check(
            summary.contains("\"delivered\":\(expected),") && delivered == expected,
            "\(delivered) delivered lines, expected \(expected): \(summary)")
        try WorkloadFailure.check(
            summary.contains("\"suppressed\":{}") && summary.contains("\"cancelled\":0,")
                && summary.contains("\"pendingLimit\":64"),
            "something was suppressed or cancelled: \(summary)")
        return [
            "seconds": seconds, "cpuSeconds": cpuSeconds, "operations": Double(delivered),
            "deliveries": Double(delivered), "lines": Double(lines.count),
        ]
    }
}
