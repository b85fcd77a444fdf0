internal import Foundation
internal import ShadowNotifications
import WaveCommandLine
internal import WaveJSON
internal import WaveNotifications
internal import WaveSim

/// Workloads 4b, 4c and 4d: a year of an app's scenario replayed end to end through `wavesim replay <file> --format
/// json` in this process: the file read and decoded, the app's planner at every reconcile moment, the core's
/// reconcile, the platform (4b, 4c: the Linux manager with a limit of 64, `--platform linux --pending-limit 64`; 4d:
/// the same scenario on `linux` and on `ios`), every delivery (and expiry, cancellation, suppression, app run) written
/// as a JSON line.
///
/// The output is captured in memory (about 300 bytes a line, counted in the peak) to read the summary line. The
/// scenario is generated before the clock starts; the expected deliveries never come from the replay itself.
enum AppReplayWorkload {
    /// 2026-01-01T00:00:00-05:00.
    static let start = Date(timeIntervalSince1970: 1_767_243_600)
    static let days = 365

    /// 4b: Shadow, every category on with its default schedule, America/New_York (both DST changes). The expected
    /// number of deliveries comes from `ShadowPlanner.checkIns` over the year.
    static func shadowYear() async throws -> [String: Double] {
        let zone = TimeZone(identifier: "America/New_York")!
        let until = start.addingTimeInterval(Double(days) * 86_400)
        let categories = ShadowCategory.allCases.map { "\"\($0.rawValue)\": {\"enabled\": true}" }
        let scenario = """
            {"app": "shadow", "timeZone": "America/New_York", "now": "2026-01-01T00:00:00-05:00",
             "until": "2027-01-01T00:00:00-05:00",
             "shadow": {"categories": {\(categories.joined(separator: ", "))}}}
            """
        var settings = ShadowSettings()
        for category in ShadowCategory.allCases {
            settings.categories[category] = try ShadowCategorySettings(enabled: true)
        }
        let expected = ShadowPlanner.checkIns(settings: settings, from: start, to: until, in: zone).count

        let run = try await replay(named: "shadow-year", arguments: linuxWithIOSLimit) {
            try Data(scenario.utf8).write(to: $0)
        }
        try WorkloadFailure.check(
            run.summary.contains("\"delivered\":\(expected),") && run.delivered.count == expected,
            "\(run.delivered.count) delivered lines, expected \(expected): \(run.summary)")
        try WorkloadFailure.check(
            run.summary.contains("\"suppressed\":{}") && run.summary.contains("\"cancelled\":0,")
                && run.summary.contains("\"pendingLimit\":64"),
            "something was suppressed or cancelled: \(run.summary)")
        return run.metrics
    }

    /// 4c: GoNow, `days` days of forecasts every 8 hours in Asia/Jerusalem (``GoNowYearScenario``). The delivered
    /// identifiers must be exactly ``GoNowYearScenario/expectedDeliveries()``, worked out from the generated scores
    /// without the planner, the engine or this replay's output.
    static func goNowYear(days: Int) async throws -> [String: Double] {
        let scenario = GoNowYearScenario(days: days)
        let expected = scenario.expectedDeliveries()
        var bytes = 0
        let run = try await replay(named: "gonow-year", arguments: linuxWithIOSLimit) {
            bytes = try scenario.write(to: $0)
        }

        let delivered = run.delivered.map(identifier(of:)).sorted()
        try WorkloadFailure.check(
            run.summary.contains("\"delivered\":\(expected.count),") && delivered.count == expected.count,
            "\(delivered.count) delivered lines, expected \(expected.count): \(run.summary)")
        let missing = Set(expected).subtracting(delivered).sorted()
        let unexpected = Set(delivered).subtracting(expected).sorted()
        try WorkloadFailure.check(
            delivered == expected,
            "delivered but not expected: \(unexpected.prefix(5)); expected but not delivered: \(missing.prefix(5))")
        try WorkloadFailure.check(
            run.summary.contains("\"pendingLimit\":64"), "not the iOS budget of 64: \(run.summary)")
        var metrics = run.metrics
        metrics["scenarioBytes"] = Double(bytes)
        metrics["forecasts"] = Double(scenario.forecastInstants.count)
        return metrics
    }

    /// The always-running adapter with iOS's limit: the platform 4b and 4c were measured on before platforms were
    /// modelled, kept so their figures compare across rounds.
    static let linuxWithIOSLimit = ["--platform", "linux", "--pending-limit", "64"]

    /// 4d: `days` days of Shadow (every category on, America/New_York) with a background refresh every day at 09:00,
    /// on `linux` or on `ios`: the same scenario, so the two platforms' costs compare. Shadow wants about 40
    /// check-ins a day, so iOS's 64 last until the next refresh and both deliver every check-in
    /// (`ShadowPlanner.checkIns`), none lost.
    ///
    /// - Parameters:
    ///   - days: How many days.
    ///   - platform: `linux` or `ios`.
    static func shadowRefresh(days: Int, platform: String) async throws -> [String: Double] {
        let (scenario, expected) = try shadowRefreshScenario(days: days)
        let run = try await replay(named: "shadow-refresh-\(platform)", arguments: ["--platform", platform]) {
            try Data(scenario.utf8).write(to: $0)
        }
        try WorkloadFailure.check(
            run.summary.contains("\"delivered\":\(expected),") && run.delivered.count == expected,
            "\(run.delivered.count) delivered lines, expected \(expected): \(run.summary)")
        try WorkloadFailure.check(
            platform != "ios" || run.summary.contains("\"lost\":0,"), "iOS lost check-ins: \(run.summary)")
        return run.metrics
    }

    /// The scenario of 4d and 4f: `days` days of Shadow (every category on, America/New_York) from ``start`` with
    /// a background refresh every day at 09:00 local, and the number of check-ins it must deliver
    /// (`ShadowPlanner.checkIns` over those days).
    ///
    /// - Parameter days: How many days.
    /// - Returns: The scenario's JSON and the expected number of deliveries.
    /// - Throws: When a category's settings are invalid.
    static func shadowRefreshScenario(days: Int) throws -> (json: String, expected: Int) {
        let zone = TimeZone(identifier: "America/New_York")!
        let until = start.addingTimeInterval(Double(days) * 86_400)
        let categories = ShadowCategory.allCases.map { "\"\($0.rawValue)\": {\"enabled\": true}" }
        let format = ISO8601DateFormatter()
        format.timeZone = zone
        format.formatOptions = [.withInternetDateTime]
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let refreshes = (0..<days).compactMap { day -> String? in
            guard let date = calendar.date(byAdding: .day, value: day, to: start),
                let nine = calendar.date(bySettingHour: 9, minute: 0, second: 0, of: date)
            else { return nil }
            return "{\"at\": \"\(format.string(from: nine))\", \"type\": \"backgroundRefresh\"}"
        }
        let scenario = """
            {"app": "shadow", "timeZone": "America/New_York", "now": "\(format.string(from: start))",
             "until": "\(format.string(from: until))",
             "shadow": {"categories": {\(categories.joined(separator: ", "))}},
             "actions": [\(refreshes.joined(separator: ",\n"))]}
            """
        var settings = ShadowSettings()
        for category in ShadowCategory.allCases {
            settings.categories[category] = try ShadowCategorySettings(enabled: true)
        }
        // Counted a week at a time: the check-ins of four years at once would weigh in the child's peak memory.
        var expected = 0
        var from = start
        while from < until {
            let to = min(from.addingTimeInterval(7 * 86_400), until)
            expected += ShadowPlanner.checkIns(settings: settings, from: from, to: to, in: zone).count
            from = to
        }
        return (scenario, expected)
    }

    /// Days of the full WorldWideWaves refresh case.
    static let waveRefreshDays = 50

    /// WorldWideWaves with 20 favorite events a day for `days` days (one every 72 minutes, from 3 hours after the
    /// start) and a background refresh every 6 hours, each a full sync of every favorite: every notification is
    /// delivered on both platforms (6 an event; on ios the next 6 hours never hold more than 64), so the two runs do
    /// the same work but for where the requests wait.
    ///
    /// - Parameters:
    ///   - days: How many days of events.
    ///   - platform: `linux` or `ios`.
    /// - Returns: The metrics.
    /// - Throws: ``WorkloadFailure`` when a notification is missing or, on ios, lost.
    static func waveRefresh(days: Int, platform: String) async throws -> [String: Double] {
        let count = days * 20
        var json = JSONWriter(capacity: count * 190 + days * 80)
        json.beginObject()
        json.member("now", ScenarioGenerator.timestamp(start))
        json.key("events")
        json.beginArray()
        for number in 0..<count {
            let begins = start.addingTimeInterval(3 * 3_600 + Double(number) * 72 * 60)
            json.beginObject()
            json.member("id", "ev\(number)")
            json.member("name", "Wave \(number)")
            json.member("location", "City \(number % 100)")
            json.member("start", ScenarioGenerator.timestamp(begins))
            json.member("end", ScenarioGenerator.timestamp(begins.addingTimeInterval(600)))
            json.member("favorite", true)
            json.endObject()
        }
        json.endArray()
        json.key("actions")
        json.beginArray()
        for refresh in 1..<(days * 4) {
            json.beginObject()
            json.member("at", ScenarioGenerator.timestamp(start.addingTimeInterval(Double(refresh) * 6 * 3_600)))
            json.member("type", "backgroundRefresh")
            json.endObject()
        }
        json.endArray()
        json.endObject()
        let run = try await replay(named: "www-refresh-\(platform)", arguments: ["--platform", platform]) {
            try Data(json.bytes).write(to: $0)
        }
        try WorkloadFailure.check(
            run.summary.contains("\"delivered\":\(6 * count),") && run.delivered.count == 6 * count,
            "\(run.delivered.count) delivered lines, expected \(6 * count): \(run.summary)")
        try WorkloadFailure.check(
            platform != "ios" || run.summary.contains("\"lost\":0,"), "iOS lost notifications: \(run.summary)")
        return run.metrics
    }

    /// The `identifier` of a `delivered` line.
    private static func identifier(of line: Substring) -> String {
        let key = "\"identifier\":\""
        guard let start = line.range(of: key)?.upperBound, let end = line[start...].firstIndex(of: "\"") else {
            return String(line)
        }
        return String(line[start..<end])
    }

    /// What one timed replay printed and how long it took.
    struct Run {
        var lines: [Substring]
        var delivered: [Substring]
        var summary: String
        var seconds: Double
        var cpuSeconds: Double

        var metrics: [String: Double] {
            [
                "seconds": seconds, "cpuSeconds": cpuSeconds, "operations": Double(delivered.count),
                "deliveries": Double(delivered.count), "lines": Double(lines.count),
            ]
        }
    }

    /// Writes a scenario with `write` (untimed) into a temporary folder, then times `wavesim replay <file> --format
    /// json <arguments>` over it, reading and decoding included.
    ///
    /// - Throws: ``WorkloadFailure`` when `wavesim` exits with a non-zero status.
    static func replay(
        named name: String, arguments: [String], write: (URL) throws -> Void
    ) async throws -> Run {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("wavebench-\(name)-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("\(name).json")
        try write(file)

        let output = OutputChannel.capture()
        let errors = OutputChannel.capture()
        let startCPU = ProcessCPU.seconds()
        let began = ContinuousClock.now
        let status = await WaveSimCommand.run(
            arguments: ["replay", file.path, "--format", "json"] + arguments, environment: [:], standardOutput: output,
            standardError: errors)
        let seconds = (ContinuousClock.now - began).seconds
        let cpuSeconds = ProcessCPU.seconds() - startCPU

        try WorkloadFailure.check(status == 0, "wavesim exited \(status): \(errors.captured)")
        let captured = output.captured
        let lines = captured.split(separator: "\n")
        return Run(
            lines: lines, delivered: lines.filter { $0.hasPrefix("{\"type\":\"delivered\"") },
            summary: String(lines.last ?? ""), seconds: seconds, cpuSeconds: cpuSeconds)
    }
}
