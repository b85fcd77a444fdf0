import Foundation
import GrowBroServer
import Testing
import WaveJSON
import WavePush

/// `wavepush well-known` and the argument checks of `check-well-known`.
struct WellKnownCommandTests {
    @Test
    func theFilesAreWrittenPerDomainFromTheRoutersAllowlist() async throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = await Fixtures.run(["well-known", Fixtures.path("well-known.json"), "--out", directory.path])
        #expect(run.status == 0, "\(run.errors)")
        for domain in ["growbro.app", "staging.growbro.app"] {
            let folder = directory.appendingPathComponent(domain).appendingPathComponent(".well-known")
            let aasa = try String(
                contentsOf: folder.appendingPathComponent("apple-app-site-association"), encoding: .utf8)
            let links = try String(contentsOf: folder.appendingPathComponent("assetlinks.json"), encoding: .utf8)
            let association = try JSONParser.parse(Array(aasa.utf8))
            guard case .array(let details) = association.member("applinks")?.member("details"),
                case .array(let components) = details.first?.member("components")
            else {
                Issue.record("no applinks.details[0].components")
                return
            }
            let paths = components.compactMap { component -> String? in
                guard component.member("exclude") == nil, case .string(let path) = component.member("/") else {
                    return nil
                }
                return path
            }
            #expect(paths == ["/post/*", "/profile/*", "/task/*", "/calendar", "/inbox", "/settings/notifications"])
            #expect(components.filter { $0.member("exclude") == .bool(true) }.count == 4)
            #expect(links.contains("delegate_permission/common.handle_all_urls"))
        }
        let staging = try String(
            contentsOf: directory.appendingPathComponent("staging.growbro.app/.well-known/assetlinks.json"),
            encoding: .utf8)
        #expect(staging.contains("A1:B2:C3:D4:E5:F6:07:18"))  // normalized to uppercase
        #expect(staging.contains(#""package_name":"app.growbro.staging""#))
    }

    @Test
    func aMalformedFingerprintIsExit65NamingItsPath() async {
        let run = await Fixtures.run([
            "well-known", Fixtures.path("well-known-bad-fingerprint.json"), "--out", "/tmp/unused",
        ])
        #expect(run.status == 65)
        #expect(
            run.errors
                == "wavepush: error: \(Fixtures.path("well-known-bad-fingerprint.json")): invalid configuration (1 problem):\n"
                + "  environments[0].sha256[0]: '14:6D:E9' is not valid; expected a SHA-256 fingerprint: 32 hex bytes separated by colons (AB:CD:…)\n"
        )
    }

    @Test(arguments: [
        ["--environment", "production", "--url", "https://127.0.0.1:8443"],
        ["--environment", "production", "--url", "http://10.0.0.1:80"],
        ["--environment", "production", "--url", "http://127.0.0.1"],
        ["--environment", "qa", "--url", "http://127.0.0.1:8080"],
    ])
    func theCheckOnlySpeaksPlainHTTPToLoopbackAndKnownEnvironments(arguments: [String]) async {
        let run = await Fixtures.run(["check-well-known", Fixtures.path("well-known.json")] + arguments)
        #expect(run.status == 64, "\(run.errors)")
    }

    @Test
    func anUnreachableServerIsExit69() async {
        // Port 9 (discard) is closed on a test machine's loopback.
        let run = await Fixtures.run([
            "check-well-known", Fixtures.path("well-known.json"), "--environment", "production", "--url",
            "http://127.0.0.1:9",
        ])
        #expect(run.status == 69)
    }

    @Test
    func theCheckJudgesStatusRedirectTypeAndContent() {
        let expected = #"{"a":[1,2],"b":"x"}"#
        let json = [HTTPHeader("Content-Type", "application/json; charset=utf-8")]
        #expect(
            WellKnownCheck.problems(
                status: 200, headers: json, body: Array(#"{"b":"x","a":[1,2]}"#.utf8), expected: expected
            ).isEmpty)
        #expect(
            WellKnownCheck.problems(
                status: 301, headers: [HTTPHeader("Location", "https://x/")], body: [], expected: expected)
                == ["redirects (301) to https://x/; Apple and Google do not follow redirects"])
        #expect(
            WellKnownCheck.problems(
                status: 200, headers: [HTTPHeader("Content-Type", "text/plain")], body: Array(expected.utf8),
                expected: expected) == ["Content-Type is 'text/plain'; expected application/json"])
        #expect(
            WellKnownCheck.problems(
                status: 200, headers: json, body: Array(#"{"a":[2,1],"b":"x"}"#.utf8), expected: expected)
                == ["the body is not the expected file"])
        #expect(
            WellKnownCheck.problems(status: 404, headers: json, body: [], expected: expected) == [
                "status 404; expected 200"
            ])
    }
}
