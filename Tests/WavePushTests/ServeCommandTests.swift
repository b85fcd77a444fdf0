import Foundation
import GrowBroServer
import GrowBroServerSQLite
import TestSupport
import Testing
import WavePush

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `wavepush serve` as an operator runs it: a child process on a port of the kernel's choice, asked by an outside
/// HTTP client (Foundation's URLSession), stopped by SIGTERM.
struct ServeCommandTests {
    static let key = "serve-test-key-0123456789abcdef0123456789abcdef"

    static func configuration(in directory: TemporaryDirectory, keyFile: String? = nil) throws -> String {
        let keys = directory.appending("keys.json").path
        try #"{"keys": [{"name": "backend", "key": "\#(key)", "users": "all"}]}"#
            .write(toFile: keys, atomically: true, encoding: .utf8)
        let path = directory.appending("serve.json").path
        try """
        {"database": "\(directory.appending("push.sqlite").path)",
         "serve": {"listen": "127.0.0.1:0", "keyFile": "\(keyFile ?? keys)", "threads": 2}}
        """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private static func request(
        _ method: String, _ url: String, key: String? = nil, body: String? = nil
    ) async throws -> (Int, String) {
        var request = URLRequest(url: try #require(URL(string: url)))
        request.httpMethod = method
        if let key { request.setValue("Bearer \(key)", forHTTPHeaderField: "Authorization") }
        if let body {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(body.utf8)
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    @Test func serveAnswersOnItsPortLogsEachRequestAndStopsCleanlyOnSIGTERM() async throws {
        let directory = try TemporaryDirectory("serve")
        defer { directory.remove() }
        let child = try ChildProcess(
            DispatchCommandTests.program, arguments: ["serve", try Self.configuration(in: directory)])
        defer { child.terminate() }
        #expect(try #require(await child.nextLine()).contains(#""type":"keys""#))
        let listening = try #require(await child.nextLine())
        #expect(listening.contains(#""type":"listening""#), "\(listening)")
        let port = try Self.port(in: listening)
        let base = "http://127.0.0.1:\(port)"

        let health = try await Self.request("GET", "\(base)/v1/health")
        #expect(health == (200, #"{"status":"ok"}"#))
        let token = String(repeating: "ab", count: 32)
        let registered = try await Self.request(
            "POST", "\(base)/v1/tokens", key: Self.key,
            body: #"{"user":"alice","installation":"phone-1","platform":"apns","token":"\#(token)"}"#)
        #expect(registered.0 == 200, "\(registered.1)")
        let refused = try await Self.request("GET", "\(base)/v1/badge?user=alice")
        #expect(refused.0 == 401)

        var lines: [String] = []
        for _ in 0..<3 { lines.append(try #require(await child.nextLine())) }
        #expect(lines[1].contains(#""route":"tokens","status":200,"key":"backend""#), "\(lines)")
        #expect(lines[2].contains(#""route":"badge","status":401,"key":null"#), "\(lines)")
        #expect(!lines.joined().contains(token) && !lines.joined().contains(Self.key))

        await child.kill(SIGTERM)
        let rest = await child.remainingLines()
        #expect(rest.count == 1)
        #expect(rest.first?.contains(#""type":"stopped","#) == true)
        #expect(rest.first?.contains(#""unanswered":0"#) == true)
        #expect(await child.waitForExit() == 0)

        let server = try PushServer(path: directory.appending("push.sqlite").path)
        defer { server.close() }
        #expect(try server.installations(of: "alice").map(\.id) == ["phone-1"])
    }

    /// `wavepush serve` on the test configuration in `directory`, started and listening: the child (terminate it when
    /// done) and its port.
    static func start(in directory: TemporaryDirectory) async throws -> (child: ChildProcess, port: Int) {
        let child = try ChildProcess(
            DispatchCommandTests.program, arguments: ["serve", try configuration(in: directory)])
        _ = await child.nextLine()
        let listening = try #require(await child.nextLine())
        return (child, try port(in: listening))
    }

    /// The port a `listening` or `metrics` line names.
    static func port(in line: String) throws -> Int {
        try #require(line.firstMatch(of: /"port":(\d+)/).flatMap { Int($0.1) }, "\(line)")
    }

    /// `--metrics`: the API's answers by route and status, its refusals by code and the store's backlog, served to
    /// Prometheus on a port of their own while the API answers; Prometheus' linter accepts the page.
    @Test func serveServesTheAPIsAndTheStoresMetricsToPrometheus() async throws {
        let directory = try TemporaryDirectory("serve-metrics")
        defer { directory.remove() }
        let child = try ChildProcess(
            DispatchCommandTests.program,
            arguments: ["serve", try Self.configuration(in: directory), "--metrics", "127.0.0.1:0"])
        defer { child.terminate() }
        #expect(try #require(await child.nextLine()).contains(#""type":"keys""#))
        let base = "http://127.0.0.1:\(try Self.port(in: try #require(await child.nextLine())))"
        let metricsLine = try #require(await child.nextLine())
        #expect(metricsLine.hasPrefix(#"{"type":"metrics""#), "\(metricsLine)")
        let metricsPort = try Self.port(in: metricsLine)

        let token = String(repeating: "ab", count: 32)
        let registered = try await Self.request(
            "POST", "\(base)/v1/tokens", key: Self.key,
            body: #"{"user":"alice","installation":"phone-1","platform":"apns","token":"\#(token)"}"#)
        #expect(registered.0 == 200, "\(registered.1)")
        let sent = try await Self.request(
            "POST", "\(base)/v1/events", key: Self.key,
            body: #"{"kind":"like","recipient":"alice","messageId":"m1","postId":"p1","author":"Bob"}"#)
        #expect(sent.0 == 200, "\(sent.1)")
        #expect(try await Self.request("GET", "\(base)/v1/badge?user=alice").0 == 401)
        #expect(try await Self.request("GET", "\(base)/v1/badge?user=alice", key: Self.key + "0").0 == 401)

        let (status, page, type) = try await DispatchMetricsTests.scrape(port: metricsPort)
        #expect(status == 200)
        #expect(type?.hasPrefix("text/plain; version=0.0.4") == true)
        let lines = Set(page.split(separator: "\n").map(String.init))
        for expected in [
            #"wavepush_api_requests_total{route="tokens",status="200"} 1"#,
            #"wavepush_api_requests_total{route="events",status="200"} 1"#,
            #"wavepush_api_requests_total{route="badge",status="401"} 2"#,
            #"wavepush_api_refusals_total{reason="unauthorized"} 2"#,
            #"wavepush_api_request_duration_seconds_count{route="events"} 1"#,
            "wavepush_api_requests_in_flight 0", "wavepush_api_connections_refused_total 0",
            // No sender runs: the like waits in the store, the backlog an operator watches.
            "wavepush_store_up 1", "wavepush_sends_pending 1",
        ] {
            #expect(lines.contains(expected), "\(expected)\n\(page)")
        }
        #expect(!page.contains(token) && !page.contains(Self.key) && !page.contains("alice"))
        if let problem = await Promtool.problem(in: page) { Issue.record(Comment(rawValue: problem)) }
        #expect(try await DispatchMetricsTests.scrape(port: metricsPort, path: "/v1/health").0 == 404)

        await child.kill(SIGTERM)
        #expect(await child.waitForExit() == 0)
    }

    @Test func aMissingOrInvalidKeyFileOrNoServeObjectIsNamed() async throws {
        let directory = try TemporaryDirectory("serve-bad")
        defer { directory.remove() }
        let missing = directory.appending("absent.json").path
        let noKeys = await Fixtures.run(["serve", try Self.configuration(in: directory, keyFile: missing)])
        #expect(noKeys.status == 66)
        #expect(noKeys.errors.contains(missing), "\(noKeys.errors)")

        let short = directory.appending("short.json").path
        try #"{"keys": [{"name": "backend", "key": "too-short-a-key", "users": "all"}]}"#
            .write(toFile: short, atomically: true, encoding: .utf8)
        let weak = await Fixtures.run(["serve", try Self.configuration(in: directory, keyFile: short)])
        #expect(weak.status == 65)
        #expect(weak.errors.contains("keys[0].key: a key has 32 to 256 characters"), "\(weak.errors)")
        #expect(!weak.errors.contains("too-short-a-key"))

        let plain = directory.appending("plain.json").path
        try #"{"database": "x.sqlite"}"#.write(toFile: plain, atomically: true, encoding: .utf8)
        let noServe = await Fixtures.run(["serve", plain])
        #expect(noServe.status == 65)
        #expect(noServe.errors.contains("serve: missing"), "\(noServe.errors)")
    }
}
