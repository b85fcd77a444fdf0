import Foundation
import TestSupport
import Testing
import WavePush

/// The docs' nginx block for the HTTP API, as written, terminating TLS in front of a `wavepush serve` child
/// process, reached with `curl` over HTTPS. Skipped, saying so, without nginx, openssl or curl unless
/// `WAVE_REQUIRE_NGINX=1` (CI sets it after installing them).
struct NginxServeTests {
    private static let host = "push.growbro.test"

    /// The nginx block under "The HTTP API … behind the same nginx" in docs/growbro-server.md.
    static func documentedBlock() throws -> String {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/growbro-server.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        let marker = "# The push server's HTTP API: TLS here"
        let start = try #require(text.range(of: marker))
        let end = try #require(text.range(of: "\n```", range: start.upperBound..<text.endIndex))
        return String(text[start.lowerBound..<end.lowerBound])
    }

    /// The block with the test's port, certificate and serve's port; every replaced line must be found.
    static func adapted(
        _ block: String, port: UInt16, certificate: String, key: String, servePort: Int
    ) throws
        -> String
    {
        var text = block
        let replacements = [
            ("listen 443 ssl http2;", "listen 127.0.0.1:\(port) ssl http2;"),
            ("server_name push.growbro.app;", "server_name \(host);"),
            ("/etc/ssl/push.growbro.app.crt", certificate),
            ("/etc/ssl/private/push.growbro.app.key", key),
            ("proxy_pass http://127.0.0.1:8080;", "proxy_pass http://127.0.0.1:\(servePort);"),
        ]
        for (old, new) in replacements {
            try #require(text.contains(old), "the docs' block has no '\(old)'")
            text = text.replacingOccurrences(of: old, with: new)
        }
        return text
    }

    private static func tool(_ name: String) -> URL? {
        ["/usr/bin/\(name)", "/usr/local/bin/\(name)"].first { FileManager.default.isExecutableFile(atPath: $0) }
            .map { URL(fileURLWithPath: $0) }
    }

    /// Runs a tool to its end: its exit status and output lines.
    private static func run(_ tool: URL, _ arguments: [String]) async throws -> (Int32, [String]) {
        let child = try ChildProcess(tool, arguments: arguments)
        let lines = await child.remainingLines()
        return (await child.waitForExit(), lines)
    }

    @Test func theDocumentedBlockTerminatesTLSInFrontOfServe() async throws {
        guard let nginx = LoopbackNginx.executable, let openssl = Self.tool("openssl"), let curl = Self.tool("curl")
        else {
            if LoopbackNginx.isRequired {
                Issue.record("nginx, openssl and curl are required (WAVE_REQUIRE_NGINX=1)")
            } else {
                print("NginxServeTests: skipped: nginx, openssl or curl is not installed")
            }
            return
        }
        let directory = try TemporaryDirectory("nginx-serve")
        defer { directory.remove() }
        let (serve, servePort) = try await ServeCommandTests.start(in: directory)
        defer { serve.terminate() }

        let certificate = directory.appending("push.crt").path
        let key = directory.appending("push.key").path
        let (made, _) = try await Self.run(
            openssl,
            [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1",
                "-subj", "/CN=\(Self.host)", "-addext", "subjectAltName=DNS:\(Self.host)", "-keyout", key, "-out",
                certificate,
            ])
        try #require(made == 0, "openssl could not make a certificate")

        let port = try LoopbackNginx.freeLoopbackPort()
        let server = try await LoopbackNginx(
            executable: nginx, directory: directory.url,
            servers: try Self.adapted(
                Self.documentedBlock(), port: port, certificate: certificate, key: key, servePort: servePort),
            ports: [port])
        defer { server.terminate() }

        let base = "https://\(Self.host):\(port)"
        let trust = ["--cacert", certificate, "--resolve", "\(Self.host):\(port):127.0.0.1"]
        func ask(_ arguments: [String]) async throws -> (status: String, body: String) {
            let (exit, lines) = try await Self.run(curl, ["-sS", "-w", "\n%{http_code}\n"] + trust + arguments)
            #expect(exit == 0, "curl \(arguments): \(lines)")
            return (lines.last ?? "", lines.dropLast().joined(separator: "\n"))
        }
        let bearer = "Authorization: Bearer \(ServeCommandTests.key)"
        let json = "Content-Type: application/json"
        #expect(try await ask(["\(base)/v1/health"]) == ("200", #"{"status":"ok"}"#))
        let token = String(repeating: "ab", count: 32)
        let registered = try await ask([
            "-H", bearer, "-H", json, "\(base)/v1/tokens", "-d",
            #"{"user":"alice","installation":"phone-1","platform":"apns","token":"\#(token)"}"#,
        ])
        #expect(registered.status == "200", "\(registered.body)")
        #expect(registered.body.contains(#""kind":"registered""#))
        #expect(
            try await ask(["-H", bearer, "\(base)/v1/badge?user=alice"]) == ("200", #"{"user":"alice","unread":0}"#))
        let refused = try await ask(["\(base)/v1/badge?user=alice"])
        #expect(refused.status == "401")
        #expect(refused.body.contains(#""error":"unauthorized""#))
        #expect(try await ask(["\(base)/other"]).status == "404")

        // nginx's limit is serve's maximumBodyBytes (1 MiB by default): a body of exactly that size reaches serve, and
        // a body one byte over gets nginx's copy of serve's JSON 413, not nginx's HTML page (nor a 502, as when nginx
        // passes on a body serve refuses unread).
        let limit = 1_048_576
        let atLimit = directory.appending("at-limit.json")
        let read = #"{"user":"alice","messageId":"none"}"#
        try (read + String(repeating: " ", count: limit - read.utf8.count))
            .write(to: atLimit, atomically: true, encoding: .utf8)
        #expect(
            try await ask(["-H", bearer, "-H", json, "\(base)/v1/inbox/read", "--data-binary", "@\(atLimit.path)"])
                == ("200", #"{"user":"alice","messageId":"none","entries":0,"unread":0}"#))
        let overLimit = directory.appending("over-limit.json")
        try (read + String(repeating: " ", count: limit + 1 - read.utf8.count))
            .write(to: overLimit, atomically: true, encoding: .utf8)
        let direct = try await ask([
            "-H", bearer, "-H", json, "http://127.0.0.1:\(servePort)/v1/inbox/read", "--data-binary",
            "@\(overLimit.path)",
        ])
        #expect(direct.status == "413")
        #expect(direct.body.contains(#""error":"too_large""#), "\(direct.body)")
        let (exit, lines) = try await Self.run(
            curl,
            ["-sS", "-w", "\n%{http_code} %{content_type}\n"] + trust + [
                "-H", bearer, "-H", json, "\(base)/v1/inbox/read", "--data-binary", "@\(overLimit.path)",
            ])
        #expect(exit == 0)
        #expect(lines.last == "413 application/json", "\(lines)")
        #expect(lines.dropLast().joined(separator: "\n") == direct.body, "nginx's 413 is not serve's: \(lines)")

        // Without the test's certificate as an authority, curl refuses the server: TLS is really checked.
        let (untrusted, _) = try await Self.run(
            curl, ["-s", "--resolve", "\(Self.host):\(port):127.0.0.1", "\(base)/v1/health"])
        #expect(untrusted == 60)
    }
}
