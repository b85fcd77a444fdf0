import Foundation
import TestSupport
import Testing
import WaveJSON

/// The `curl` lines of docs/growbro-server.md ("Routes"), run as written by `/bin/sh` in their order against a
/// `wavepush serve` child process on a fresh database, each answer checked. Skipped without curl unless
/// `WAVE_REQUIRE_NGINX=1` (which `.ci/run` sets after installing nginx and curl).
struct DocumentedCurlTests {
    /// The lines of the `sh` block after "With `K=…`" under "Routes".
    static func documentedLines() throws -> [String] {
        let docs = Fixtures.repository.appendingPathComponent("docs/growbro-server.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        let intro = try #require(text.range(of: "With `K=\"Authorization: Bearer $BACKEND_KEY\"`"))
        let start = try #require(text.range(of: "```sh\n", range: intro.upperBound..<text.endIndex))
        let end = try #require(text.range(of: "```", range: start.upperBound..<text.endIndex))
        return text[start.upperBound..<end.lowerBound].split(separator: "\n").map(String.init)
    }

    /// What each line must answer, in order: the members its JSON answer must hold, as text.
    static let expected: [[String]] = [
        [#"{"status":"ok"}"#],
        [#"{"status":"ready"}"#],
        [#""kind":"registered","installation":"phone-1","user":"alice""#],
        [#""kind":"registered","installation":"pixel-1","user":"bob""#],
        [#"{"user":"bob","channels":{"community.likes":false},"archiveDays":60}"#],
        [#""messageId":"m1""#, #""sends":[{"sendId":1,"installation":"phone-1","platform":"apns"}]"#],
        [#""messageId":"m2""#, #""installation":"phone-1""#, #""skipped":[]"#],
        [
            #""messageId":"m3""#, #""sends":[]"#,
            #""skipped":[{"installation":"pixel-1","reason":"category_disabled"}]"#,
        ],
        [#""messageId":"m4""#, #""badge":3"#],
        [#""messageId":"m5""#, #""channel":"background""#, #""badge":0"#],
        [#""identifier":"msg_m4""#, #""identifier":"msg_m2""#, #""identifier":"msg_m1""#, #""unread":3"#],
        [#""messageId":"m1","entries":1,"unread":2"#],
        [#""messageId":"m4","entries":1,"unread":1"#],
        [#"{"user":"alice","unread":1}"#],
        [#"{"status":200,"messageId":"b1""#, #"{"status":200,"messageId":"b2""#],
        [#"{"kind":"opened","messageId":"m2","installation":"phone-1","recorded":true}"#],
        [#""categories":["#, #""sends":"#],
        [#""kind":"logged_out","installation":"phone-1","user":"alice""#],
        [#""user":"alice","dropped":[{"#, #""unread":0"#],
    ]

    @Test func theDocumentedCurlLinesRunInOrderOnAFreshDatabase() async throws {
        let curl = ["/usr/bin/curl", "/usr/local/bin/curl"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard curl != nil else {
            if ProcessInfo.processInfo.environment["WAVE_REQUIRE_NGINX"] == "1" {
                Issue.record("curl is required (WAVE_REQUIRE_NGINX=1)")
            } else {
                print("DocumentedCurlTests: skipped: curl is not installed")
            }
            return
        }
        let lines = try Self.documentedLines()
        #expect(lines.count == Self.expected.count, "\(lines.count) lines documented")
        let directory = try TemporaryDirectory("documented-curl")
        defer { directory.remove() }
        let (serve, port) = try await ServeCommandTests.start(in: directory)
        defer { serve.terminate() }
        var environment = ProcessInfo.processInfo.environment
        environment["K"] = "Authorization: Bearer \(ServeCommandTests.key)"
        environment["J"] = "Content-Type: application/json"
        environment["B"] = "http://127.0.0.1:\(port)"
        for (line, expected) in zip(lines, Self.expected) {
            let child = try ChildProcess(
                URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", line + "; echo"], environment: environment)
            let answer = await child.remainingLines().joined(separator: "\n")
            #expect(await child.waitForExit() == 0, "\(line)")
            let json = try? JSONParser.parse(Array(answer.utf8))
            #expect(json != nil && json?.member("error") == nil, "\(line) answered \(answer)")
            for part in expected {
                #expect(answer.contains(part), "\(line) answered \(answer), without \(part)")
            }
        }
    }
}
