import Foundation
import GrowBroServer
import GrowBroServerSQLite
import TestSupport
import Testing
import WavePushPayloads

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `wavepush dispatch --metrics 127.0.0.1:0` as Prometheus scrapes it: the decisions it printed are the counts it
/// serves, the store's backlog is read at the scrape, and Prometheus' own linter accepts the page.
struct DispatchMetricsTests {
    static func scrape(port: Int, path: String = "/metrics") async throws -> (Int, String, String?) {
        let url = try #require(URL(string: "http://127.0.0.1:\(port)\(path)"))
        let (data, response) = try await URLSession.shared.data(from: url)
        let http = try #require(response as? HTTPURLResponse)
        return (http.statusCode, String(decoding: data, as: UTF8.self), http.value(forHTTPHeaderField: "Content-Type"))
    }

    @Test
    func theSendersDecisionsAndBacklogAreServedToPrometheus() async throws {
        let script =
            #"{"answers": {"\#(DispatchCommandTests.refusedToken)": [{"status": 410, "reason": "Unregistered"}]}}"#
        guard let (standIn, directory) = try await PushStandIn.startForTest(script: script) else { return }
        defer { directory.remove() }
        let database = directory.appending("push.sqlite").path
        do {
            let server = try PushServer(path: database)
            defer { server.close() }
            for (user, platform, token) in [
                ("u1", PushPayload.Platform.apns, DispatchCommandTests.apnsToken),
                ("u2", .apns, DispatchCommandTests.refusedToken), ("u3", .fcm, DispatchCommandTests.fcmToken),
            ] {
                _ = try server.register(
                    TokenRegistration(
                        userID: user, installationID: "\(user)-phone", platform: platform, token: token,
                        environment: platform == .apns ? .production : nil, at: Date()))
                _ = try server.fanOut(
                    CommunityEvent(
                        messageID: "m-\(user)", recipientID: user, kind: .like(postID: "1", author: "Ana"),
                        at: Date()))
            }
        }
        let child = try ChildProcess(
            DispatchCommandTests.program,
            arguments: [
                "dispatch", try DispatchCommandTests.configuration(standIn, in: directory), "--db", database,
                "--metrics", "127.0.0.1:0",
            ])
        defer { child.terminate() }
        let first = try #require(await child.nextLine())
        #expect(first.hasPrefix(#"{"type":"metrics""#), "\(first)")
        let port = try #require(first.firstMatch(of: /"port":(\d+)/).flatMap { Int($0.1) })
        for _ in 0..<3 { _ = try #require(await child.nextLine()) }

        let (status, text, type) = try await Self.scrape(port: port)
        #expect(status == 200)
        #expect(type?.hasPrefix("text/plain; version=0.0.4") == true)
        let lines = Set(text.split(separator: "\n").map(String.init))
        for expected in [
            #"wavepush_decisions_total{kind="accepted",provider="apns",reason="none"} 1"#,
            #"wavepush_decisions_total{kind="accepted",provider="fcm",reason="none"} 1"#,
            #"wavepush_decisions_total{kind="purged",provider="apns",reason="Unregistered"} 1"#,
            #"wavepush_request_duration_seconds_count{provider="apns"} 2"#,
            "wavepush_requests_in_flight 0", "wavepush_store_up 1", "wavepush_sends_pending 0",
        ] {
            #expect(lines.contains(expected), "\(expected)\n\(text)")
        }
        #expect(try await Self.scrape(port: port, path: "/").0 == 404)

        if let problem = await Promtool.problem(in: text) { Issue.record(Comment(rawValue: problem)) }

        await child.kill(SIGTERM)
        #expect(await child.waitForExit() == 0)
    }

    @Test
    func aMetricsAddressThatIsNotAddressColonPortIsAUsageError() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let configuration = directory.appending("dispatch.json").path
        try """
        {"database": "\(directory.appending("push.sqlite").path)",
         "apns": {"topic": "app.growbro", "bearerToken": "apns-test"}}
        """.write(toFile: configuration, atomically: true, encoding: .utf8)
        let run = await Fixtures.run(["dispatch", configuration, "--metrics", "localhost"])
        #expect(run.status == 64, "\(run.errors)")
        #expect(run.errors.contains("--metrics is ADDRESS:PORT"), "\(run.errors)")
    }
}
