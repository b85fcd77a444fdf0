internal import Foundation
internal import HydracatNotifications
import WaveCommandLine
internal import WaveNotifications
internal import WaveSim

/// Workload 4f: the same app over one year and over four, to show that what the app's service and the replay keep
/// does not grow with the years (docs/core.md, "Bounded state").
///
/// Two apps, each on `linux` (an always-running process) and on `ios` (the app runs at its app runs only, and saves
/// its state between them): Shadow, every category on, with a background refresh every day at 09:00 (the scenario
/// of 4d, ``AppReplayWorkload/shadowRefreshScenario(days:)``), and Hydracat, one pet with a medication at 08:00 and
/// 20:00, each logged ten minutes later (``hydracatScenario(days:)``). The replay runs as `wavesim replay <file>
/// --format json --platform <p>` does, in this process, its lines written to standard output (`/dev/null` in a
/// child), so that nothing the replay printed is counted in the peak. At its end the service's
/// ``AppNotificationService/savedState`` is encoded as an app saves it (`JSONEncoder`) and its bytes reported
/// (`savedStateBytes`): the state an app loads at every launch.
enum YearsReplayWorkload {
    /// The apps replayed.
    enum App: String {
        case shadow
        case hydracat
        /// GrowBro: pushes, task reminders, digests and inbox actions (``GrowBroYearsScenario``).
        case growBro = "growbro"
    }

    /// 2026-01-01T07:00:00+01:00: Hydracat's first day starts before its 08:00 reminder.
    static let hydracatStart = Date(timeIntervalSince1970: 1_767_247_200)
    /// Hydracat's zone (both DST changes).
    static let hydracatZone = TimeZone(identifier: "Europe/Berlin")!
    /// Hydracat's two daily times.
    static let hydracatTimes = ["08:00", "20:00"]

    /// Replays `days` days of an app on a platform.
    ///
    /// - Parameters:
    ///   - app: Shadow or Hydracat.
    ///   - days: How many days (365 and 1,460 in the full run).
    ///   - platform: `linux` or `ios`.
    /// - Returns: The metrics, with `savedStateBytes`.
    /// - Throws: ``WorkloadFailure`` when the replay fails, delivers other than expected, or loses a notification.
    ///   - keptScenario: Where to keep a copy of the scenario (to replay it with another `wavesim`), if anywhere.
    static func run(app: App, days: Int, platform: String, keptScenario: String? = nil) async throws -> [String: Double]
    {
        let (scenario, expected) =
            switch app {
            case .shadow: try AppReplayWorkload.shadowRefreshScenario(days: days)
            case .hydracat: hydracatScenario(days: days)
            case .growBro: GrowBroYearsScenario.make(days: days)
            }
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent(
                "wavebench-years-\(app)-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("\(app)-\(days).json")
        try Data(scenario.utf8).write(to: file)
        if let keptScenario { try Data(scenario.utf8).write(to: URL(fileURLWithPath: keptScenario)) }

        let (metrics, summary) = try await replay(file.path, platform: platform)
        try WorkloadFailure.check(
            summary.delivered == expected, "\(summary.delivered) delivered, expected \(expected): \(summary)")
        try WorkloadFailure.check(
            summary.lost == 0 && summary.suppressed.isEmpty, "lost or suppressed notifications: \(summary)")
        return metrics
    }

    /// Replays a scenario file as `wavesim replay <file> --format json --platform <p>` does, lines to standard
    /// output, and measures it.
    ///
    /// - Parameters:
    ///   - path: The scenario file.
    ///   - platform: `linux` or `ios`.
    /// - Returns: The time, the deliveries and the bytes of the state saved at the end; the replay's summary.
    /// - Throws: ``WorkloadFailure`` when the replay fails or reports no state.
    static func replay(_ path: String, platform: String) async throws -> ([String: Double], AppReplaySummary) {
        var options = ReplayOptions(scenarioPath: path)
        options.format = .json
        options.requestedPlatform = ReplayOptions.Platform(rawValue: platform)
        options.measuresSavedState = true
        let errors = OutputChannel.capture()
        let startCPU = ProcessCPU.seconds()
        let began = ContinuousClock.now
        let (status, summary) = try await ReplayCommand.replay(
            options: options, environment: [:], output: .standardOutput, errors: errors)
        OutputChannel.standardOutput.flush()
        let seconds = (ContinuousClock.now - began).seconds
        let cpuSeconds = ProcessCPU.seconds() - startCPU

        try WorkloadFailure.check(status == 0, "wavesim exited \(status): \(errors.captured)")
        guard let summary, let saved = summary.savedState else { throw WorkloadFailure("the replay reported no state") }
        let metrics = [
            "seconds": seconds, "cpuSeconds": cpuSeconds, "operations": Double(summary.delivered),
            "deliveries": Double(summary.delivered), "savedStateBytes": Double(saved.count),
        ]
        return (metrics, summary)
    }

    /// `days` days of Hydracat from ``hydracatStart`` in Europe/Berlin: one pet, a medication at 08:00 and 20:00,
    /// each logged at 08:10 and 20:10 (so its follow-up is cancelled), and the weekly summary on; the number of
    /// notifications it must deliver: every reminder, and a summary every Monday at 09:00 (each week has logged
    /// treatments).
    ///
    /// - Parameter days: How many days.
    /// - Returns: The scenario's JSON and the expected number of deliveries.
    static func hydracatScenario(days: Int) -> (json: String, expected: Int) {
        let zone = hydracatZone
        let today = zone.localDate(for: hydracatStart)
        let until = zone.instant(for: LocalDateTime(date: today.adding(days: days), time: .midnight))
        let format = ISO8601DateFormatter()
        format.timeZone = zone
        format.formatOptions = [.withInternetDateTime]
        var actions: [String] = []
        var expected = 0
        for day in 0..<days {
            let date = today.adding(days: day)
            for time in hydracatTimes {
                let slot = LocalDateTime(date: date, time: try! LocalTime(parsing: time))
                let logAt = zone.instant(for: slot).addingTimeInterval(600)
                actions.append(
                    "{\"at\": \"\(format.string(from: logAt))\", \"type\": \"log\", \"schedule\": \"s1\", "
                        + "\"slot\": \"\(slot)\"}")
                expected += 1
            }
            if date.weekday == .monday, day > 0 { expected += 1 }
        }
        let json = """
            {"app": "hydracat", "timeZone": "Europe/Berlin", "now": "\(format.string(from: hydracatStart))",
             "until": "\(format.string(from: until))",
             "hydracat": {"userId": "u1", "pets": [{"id": "p1", "name": "Luna", "schedules": [
               {"id": "s1", "kind": "medication", "times": ["08:00", "20:00"]}]}]},
             "actions": [\(actions.joined(separator: ",\n"))]}
            """
        return (json, expected)
    }
}
