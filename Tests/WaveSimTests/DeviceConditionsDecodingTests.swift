import Foundation
import Testing

/// The envelope's `device` key and the common `device` action (`docs/scenario-format.md`, Device conditions): bad
/// values exit 65 naming the JSON path with nothing replayed, and `{"device": {}}` prints what no key prints.
struct DeviceConditionsDecodingTests {
    private static func run(
        device: Any?, actions: [[String: Any]]? = nil, platform: String = "android"
    ) async throws -> ReplayRun {
        try await ReplayRun.app("shadow-day.json", arguments: ["--format", "json"]) { scenario in
            scenario["platform"] = platform
            if let device { scenario["device"] = device }
            if let actions { scenario["actions"] = actions }
        }
    }

    @Test(arguments: ["android", "ios", "linux"])
    func anEmptyDeviceObjectPrintsWhatNoKeyPrints(platform: String) async throws {
        let none = try await Self.run(device: nil, platform: platform)
        let empty = try await Self.run(device: [String: Any](), platform: platform)
        #expect(none.status == 0)
        #expect(empty.standardOutput == none.standardOutput)
        #expect(empty.standardError == none.standardError)
    }

    @Test(arguments: [
        (#"{"idle": [{"from": "23:00", "to": "07:00", "plugged": true}]}"#, "device.idle[0].plugged: unknown key"),
        (#"{"idle": [{"from": "23:00", "to": "23:00"}]}"#, "device.idle[0].to: equals 'from'"),
        (#"{"idle": [{"from": "25:00", "to": "07:00"}]}"#, "device.idle[0].from: '25:00' is not valid"),
        (#"{"idle": [{"to": "07:00"}]}"#, "device.idle[0].from: missing"),
        (#"{"idle": {"from": "23:00"}}"#, "device.idle: expected an array of windows"),
        (#"{"android": {"bucket": "sometimes"}}"#, "device.android.bucket: unknown value 'sometimes'"),
        (#"{"android": {"scheduleMode": "exact"}}"#, "device.android.scheduleMode: unknown value 'exact'"),
        (#"{"android": {"exactAlarms": "maybe"}}"#, "device.android.exactAlarms: unknown value 'maybe'"),
        (#"{"android": {"doze": true}}"#, "device.android.doze: unknown key"),
        (
            #"{"ios": {"focus": [{"from": "22:00", "to": "07:00", "timeSensitive": "no"}]}}"#,
            "device.ios.focus[0].timeSensitive"
        ),
        (#"{"ios": {"scheduledSummary": []}}"#, "device.ios.scheduledSummary: expected at least one time"),
        (#"{"ios": {"scheduledSummary": ["8:00"]}}"#, "device.ios.scheduledSummary[0]: '8:00' is not valid"),
        (
            #"{"ios": {"lowPower": [{"from": "09:00", "to": "17:00", "timeSensitive": true}]}}"#,
            "device.ios.lowPower[0].timeSensitive: unknown key"
        ),
        (#"{"screen": "off"}"#, "device.screen: unknown key"),
        (#"[]"#, "device: expected an object of device conditions, found an array"),
    ])
    func badEnvelopeValuesExit65NamingThePath(device: String, message: String) async throws {
        let run = try await Self.run(device: try JSONSerialization.jsonObject(with: Data(device.utf8)))
        #expect(run.status == 65)
        #expect(run.standardOutput.isEmpty)
        #expect(run.standardError.contains(message), "\(run.standardError)")
    }

    @Test func aDeviceActionIsCheckedMergedOverTheEnvelope() async throws {
        let run = try await Self.run(
            device: ["android": ["bucket": "rare"]],
            actions: [
                ["at": "2026-05-04T12:00:00+02:00", "type": "device", "value": ["android": ["exactAlarms": "denied"]]],
                [
                    "at": "2026-05-04T13:00:00+02:00", "type": "device",
                    "value": ["idle": [["from": "1:00", "to": "2:00"]]],
                ],
                ["at": "2026-05-04T14:00:00+02:00", "type": "device", "value": "denied"],
            ])
        #expect(run.status == 65)
        #expect(run.standardError.contains("actions[1].value.idle[0].from: '1:00' is not valid"))
        #expect(run.standardError.contains("actions[2].value: expected an object of device conditions, found a string"))
        #expect(!run.standardError.contains("actions[0]"))
    }

    @Test func aWorldWideWavesScenarioTakesTheKeysToo() async throws {
        let bad = await ReplayRun.wavesim(
            ["replay", try Self.worldWideWaves(device: ["android": ["bucket": "never"]]).path, "--format", "json"])
        #expect(bad.status == 65)
        #expect(bad.standardError.contains("device.android.bucket: unknown value 'never'"))
        let empty = await ReplayRun.wavesim(
            ["replay", try Self.worldWideWaves(device: [:]).path, "--format", "json", "--platform", "android"])
        let none = await ReplayRun.wavesim(
            ["replay", try Self.worldWideWaves(device: nil).path, "--format", "json", "--platform", "android"])
        #expect(empty.status == 0)
        #expect(empty.standardOutput == none.standardOutput)
    }

    /// A copy of `Examples/events.json` with a `device` key (or none), in a temporary file.
    private static func worldWideWaves(device: [String: Any]?) throws -> URL {
        let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/events.json")
        var scenario = try JSONSerialization.jsonObject(with: Data(contentsOf: example)) as! [String: Any]
        if let device { scenario["device"] = device }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("www-device-\(UUID()).json")
        try JSONSerialization.data(withJSONObject: scenario).write(to: file)
        return file
    }
}
