internal import Foundation
internal import WaveJSON

/// Round five's device-condition cases (issue 41): the same scenario replayed with and without a phone's conditions
/// (`docs/scenario-format.md`, Device conditions), so the conditions' cost is the ratio of the two, and the Android
/// idle window that was quadratic in the phone model.
enum DeviceConditionsWorkload {
    /// The conditions of the Shadow pair: a night's idle window (Doze on `android`) and a Focus over it (`ios`).
    static let shadowDevice =
        #"{"idle": [{"from": "23:00", "to": "07:00"}], "ios": {"focus": [{"from": "22:00", "to": "07:00"}]}}"#

    /// The idle window of the Android case: 01:00 to 09:00 in Europe/Paris, where the events start at 04:00.
    static let androidDevice = #"{"idle": [{"from": "01:00", "to": "09:00"}]}"#

    /// The events of the `replay` case (``ScenarioGenerator``: one every 17 seconds from two hours after its `now`,
    /// 6 notifications each) in Europe/Paris on `--platform android`, with the idle window or without: the first
    /// five hours of them fall in deep Doze, and the active bucket's 720 alarms an hour then drain the backlog.
    /// `scripts/android-idle-scenario.py` writes the same file for `wavesim`.
    ///
    /// - Parameters:
    ///   - events: How many events.
    ///   - withConditions: Whether the envelope has the `device` key.
    /// - Returns: The metrics.
    /// - Throws: ``WorkloadFailure`` when `wavesim` fails or delivers nothing.
    static func androidIdle(events: Int, withConditions: Bool) async throws -> [String: Double] {
        let now = ScenarioGenerator.now
        let name = withConditions ? "android-idle" : "android-plain"
        let run = try await AppReplayWorkload.replay(named: name, arguments: ["--platform", "android"]) { url in
            var json = JSONWriter(capacity: events * 190 + 200)
            json.beginObject()
            json.member("now", ScenarioGenerator.timestamp(now))
            json.member("timeZone", "Europe/Paris")
            json.endObject()
            var bytes = json.bytes
            bytes.removeLast()
            if withConditions { bytes += Array(",\"device\":\(androidDevice)".utf8) }
            bytes += Array(",\"events\":[".utf8)
            for number in 0..<events {
                let start = now.addingTimeInterval(7_200 + Double(number) * 17)
                var event = JSONWriter(capacity: 200)
                event.beginObject()
                event.member("id", TimerQueuePlan.eventID(prefix: "ev", number: number))
                event.member("name", "Wave \(number)")
                event.member("location", "City \(number % 1000)")
                event.member("start", ScenarioGenerator.timestamp(start))
                event.member("end", ScenarioGenerator.timestamp(start.addingTimeInterval(600)))
                event.member("favorite", true)
                event.endObject()
                if number > 0 { bytes.append(UInt8(ascii: ",")) }
                bytes += event.bytes
            }
            bytes += Array("]}\n".utf8)
            try Data(bytes).write(to: url)
        }
        try WorkloadFailure.check(!run.delivered.isEmpty, "nothing delivered: \(run.summary)")
        var metrics = run.metrics
        metrics["scheduled"] = Double(6 * events)
        return metrics
    }

    /// A year (`days`) of Shadow with a daily background refresh (``AppReplayWorkload/shadowRefreshScenario(days:)``)
    /// on `platform`, with ``shadowDevice`` or without.
    ///
    /// - Parameters:
    ///   - days: How many days.
    ///   - platform: `android` or `ios`.
    ///   - withConditions: Whether the envelope has the `device` key.
    /// - Returns: The metrics.
    /// - Throws: ``WorkloadFailure`` when `wavesim` fails or delivers nothing.
    static func shadow(days: Int, platform: String, withConditions: Bool) async throws -> [String: Double] {
        var (scenario, _) = try AppReplayWorkload.shadowRefreshScenario(days: days)
        if withConditions {
            scenario = scenario.replacingOccurrences(
                of: "\"shadow\": {", with: "\"device\": \(shadowDevice), \"shadow\": {")
        }
        let name = "shadow-\(withConditions ? "conditions" : "plain")-\(platform)"
        let run = try await AppReplayWorkload.replay(named: name, arguments: ["--platform", platform]) {
            try Data(scenario.utf8).write(to: $0)
        }
        try WorkloadFailure.check(!run.delivered.isEmpty, "nothing delivered: \(run.summary)")
        return run.metrics
    }
}
