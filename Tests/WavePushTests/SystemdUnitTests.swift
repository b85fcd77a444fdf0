import Foundation
import TestSupport
import Testing

/// The example units (`Examples/wavepush/wavepush-dispatch.service` and `wavepush-serve.service`) are ones systemd
/// accepts as written, and the configuration they share reads its keys where the units put them.
struct SystemdUnitTests {
    static let dispatchUnit = Fixtures.repository.appendingPathComponent("Examples/wavepush/wavepush-dispatch.service")
    static let serveUnit = Fixtures.repository.appendingPathComponent("Examples/wavepush/wavepush-serve.service")
    static let configuration = Fixtures.repository.appendingPathComponent("Examples/wavepush/dispatch-systemd.json")

    /// A unit's `Key=value` lines, in order.
    static func settings(_ unit: URL) throws -> [(key: String, value: String)] {
        try String(contentsOf: unit, encoding: .utf8).split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#"), !line.hasPrefix("["), let equals = line.firstIndex(of: "=") else { return nil }
            return (String(line[..<equals]), String(line[line.index(after: equals)...]))
        }
    }

    /// The values of one key in a unit.
    static func values(_ key: String, in unit: URL) throws -> [String] {
        try settings(unit).filter { $0.key == key }.map(\.value)
    }

    /// Both units: a notify service with a watchdog, the same user and state directory, stopped by SIGTERM.
    @Test(arguments: [dispatchUnit, serveUnit])
    func theUnitIsANotifyServiceWithAWatchdogAUserAndAStateDirectory(unit: URL) throws {
        #expect(try Self.values("Type", in: unit) == ["notify"])
        #expect(try Self.values("WatchdogSec", in: unit) == ["30"])
        #expect(try Self.values("User", in: unit) == ["wavepush"])
        #expect(try Self.values("StateDirectory", in: unit) == ["wavepush"])
        #expect(try Self.values("KillSignal", in: unit) == ["SIGTERM"])
        let text = try String(contentsOf: Self.configuration, encoding: .utf8)
        #expect(text.contains("\"/var/lib/wavepush/"))
    }

    @Test
    func theSenderReadsItsProviderKeysAsCredentialsAndStopsAfterItsRequests() throws {
        let unit = Self.dispatchUnit
        // The configuration the unit starts with is the example, with its keys under the unit's credentials.
        let start = try #require(try Self.values("ExecStart", in: unit).first)
        #expect(start.hasSuffix("dispatch /etc/growbro/dispatch-systemd.json"))
        let text = try String(contentsOf: Self.configuration, encoding: .utf8)
        let credentials = try Self.values("LoadCredential", in: unit)
        for credential in credentials {
            let name = try #require(credential.split(separator: ":").first)
            #expect(text.contains("\"/run/credentials/wavepush-dispatch.service/\(name)\""), "\(name)")
        }
        #expect(credentials.count == 2)
        // Stopping waits for the requests in flight: longer than their timeout.
        let timeout = try #require(text.firstMatch(of: /"timeoutSeconds": (\d+)/).map { Int($0.1) ?? 0 })
        #expect(Int(try #require(try Self.values("TimeoutStopSec", in: unit).first)) ?? 0 > timeout)
    }

    /// The API's unit starts `serve` on the same configuration with its metrics, reads the key file where it lies
    /// (rotated without a restart, so not a credential's copy), and waits longer than the configuration's grace.
    @Test
    func theAPIUsesTheSameConfigurationReadsItsLiveKeyFileAndStopsAfterItsGrace() throws {
        let unit = Self.serveUnit
        let start = try #require(try Self.values("ExecStart", in: unit).first)
        #expect(start.hasSuffix("serve /etc/growbro/dispatch-systemd.json --metrics 127.0.0.1:9465"))
        #expect(try Self.values("LoadCredential", in: unit).isEmpty)
        let text = try String(contentsOf: Self.configuration, encoding: .utf8)
        #expect(text.contains(#""keyFile": "/etc/growbro/api-keys.json""#))
        #expect(try Self.values("ReadOnlyPaths", in: unit) == ["/etc/growbro"])
        let grace = try #require(text.firstMatch(of: /"stopGraceSeconds": (\d+)/).map { Int($0.1) ?? 0 })
        #expect(Int(try #require(try Self.values("TimeoutStopSec", in: unit).first)) ?? 0 > grace)
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

    /// `serve` reads the same file, and (its database put where a test may write) the first thing missing is its key
    /// file.
    @Test
    func serveReadsTheSystemdConfigurationAndNamesItsKeyFile() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let run = await Fixtures.run([
            "serve", Self.configuration.path, "--db", directory.appending("push.sqlite").path,
        ])
        #expect(run.status == 66, "\(run.errors)")
        #expect(run.errors.contains("/etc/growbro/api-keys.json"), "\(run.errors)")
    }

    /// `systemd-analyze verify` (systemd's own check) accepts each unit without a warning, its binary being the
    /// one built here.
    @Test(arguments: [dispatchUnit, serveUnit])
    func systemdAcceptsTheUnit(unit original: URL) async throws {
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
        let unit = try String(contentsOf: original, encoding: .utf8).replacingOccurrences(
            of: "ExecStart=/usr/local/bin/wavepush", with: "ExecStart=\(DispatchCommandTests.program.path)")
        let copy = directory.appending(original.lastPathComponent)
        try unit.write(to: copy, atomically: true, encoding: .utf8)
        let verify = try await ToolRun.run(analyze, ["verify", "--man=no", copy.path])
        #expect(verify.status == 0, "\(verify.output)")
        #expect(verify.output.isEmpty, "\(verify.output)")
    }
}
