import Foundation
import TestSupport
import Testing

/// The example unit (`Examples/wavepush/wavepush-dispatch.service`) is one systemd accepts as written, and its
/// configuration reads its keys where the unit's credentials put them.
struct SystemdUnitTests {
    static let unit = Fixtures.repository.appendingPathComponent("Examples/wavepush/wavepush-dispatch.service")
    static let configuration = Fixtures.repository.appendingPathComponent("Examples/wavepush/dispatch-systemd.json")

    /// The unit's `Key=value` lines, in order.
    static func settings() throws -> [(key: String, value: String)] {
        try String(contentsOf: unit, encoding: .utf8).split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#"), !line.hasPrefix("["), let equals = line.firstIndex(of: "=") else { return nil }
            return (String(line[..<equals]), String(line[line.index(after: equals)...]))
        }
    }

    @Test
    func theUnitIsANotifyServiceWithAWatchdogAUserAStateDirectoryAndItsKeysAsCredentials() throws {
        let settings = try Self.settings()
        func value(_ key: String) -> [String] { settings.filter { $0.key == key }.map(\.value) }
        #expect(value("Type") == ["notify"])
        #expect(value("WatchdogSec") == ["30"])
        #expect(value("User") == ["wavepush"])
        #expect(value("StateDirectory") == ["wavepush"])
        #expect(value("KillSignal") == ["SIGTERM"])
        // The configuration the unit starts with is the example, with its keys under the unit's credentials.
        let start = try #require(value("ExecStart").first)
        #expect(start.hasSuffix("dispatch /etc/growbro/dispatch-systemd.json"))
        let text = try String(contentsOf: Self.configuration, encoding: .utf8)
        for credential in value("LoadCredential") {
            let name = try #require(credential.split(separator: ":").first)
            #expect(text.contains("\"/run/credentials/wavepush-dispatch.service/\(name)\""), "\(name)")
        }
        #expect(value("LoadCredential").count == 2)
        #expect(text.contains("\"/var/lib/wavepush/"))
        // Stopping waits for the requests in flight: longer than their timeout.
        let timeout = try #require(text.firstMatch(of: /"timeoutSeconds": (\d+)/).map { Int($0.1) ?? 0 })
        #expect(Int(try #require(value("TimeoutStopSec").first)) ?? 0 > timeout)
    }

    /// The configuration reads, and the first thing missing is the key at the credentials' path.
    @Test
    func theSystemdConfigurationReadsAndNamesItsCredentialPath() async throws {
        let run = await Fixtures.run([
            "send-test", Self.configuration.path, "--platform", "apns", "--token", String(repeating: "0", count: 64),
        ])
        #expect(run.status == 65)
        #expect(run.errors.contains("/run/credentials/wavepush-dispatch.service/apns-key.p8"), "\(run.errors)")
    }

    /// `systemd-analyze verify` (systemd's own check) accepts the unit without a warning, its binary being the
    /// one built here.
    @Test
    func systemdAcceptsTheUnit() async throws {
        let analyze = "/usr/bin/systemd-analyze"
        guard FileManager.default.isExecutableFile(atPath: analyze) else {
            if ProcessInfo.processInfo.environment["WAVE_REQUIRE_SYSTEMD"] != nil {
                Issue.record(
                    "systemd-analyze is not installed, and WAVE_REQUIRE_SYSTEMD is set (apt-get install systemd)")
            } else {
                print("SystemdUnitTests: skipped: systemd-analyze is not installed (apt-get install systemd)")
            }
            return
        }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let unit = try String(contentsOf: Self.unit, encoding: .utf8).replacingOccurrences(
            of: "ExecStart=/usr/local/bin/wavepush", with: "ExecStart=\(DispatchCommandTests.program.path)")
        let copy = directory.appending("wavepush-dispatch.service")
        try unit.write(to: copy, atomically: true, encoding: .utf8)
        let verify = try await ToolRun.run(analyze, ["verify", "--man=no", copy.path])
        #expect(verify.status == 0, "\(verify.output)")
        #expect(verify.output.isEmpty, "\(verify.output)")
    }
}
