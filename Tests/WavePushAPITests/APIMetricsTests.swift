import Foundation
import GrowBroServer
import TestSupport
import Testing
import WaveNotifications
import WavePushAPI

/// The API's metrics as `wavepush serve --metrics` serves them, scraped after the requests an operator watches for:
/// answers by route and status, refusals by their code, durations by route, the store's figures; and Prometheus'
/// linter accepts the page.
struct APIMetricsTests {
    private let apnsToken = String(repeating: "ab", count: 32)

    @Test func eachRequestIsCountedByRouteAndStatusAndEachRefusalByItsCode() async throws {
        var limits = PushAPI.Limits()
        limits.requestsPerSecond = 0.001
        limits.burst = 3
        let api = try APITestServer(limits: limits)
        let alice = APITestServer.aliceKey
        #expect(try api.client.send("GET", "/v1/health").status == 200)
        #expect(try api.register(user: "alice", installation: "alice-phone", token: apnsToken).status == 200)
        #expect(try api.reply(to: "alice", messageID: "m1").status == 200)
        #expect(try api.client.send("GET", "/v1/badge?user=alice").status == 401)
        #expect(try api.client.send("GET", "/v1/badge?user=alice", key: alice + "x").status == 401)
        #expect(try api.client.send("GET", "/v1/badge?user=bob", key: alice).status == 403)
        for _ in 0..<2 { #expect(try api.client.send("GET", "/v1/badge?user=alice", key: alice).status == 200) }
        #expect(try api.client.send("GET", "/v1/badge?user=alice", key: alice).status == 429)
        let large = [UInt8](repeating: UInt8(ascii: " "), count: 5000)
        #expect(try api.client.send("POST", "/v1/inbox/read", key: APITestServer.backendKey, body: large).status == 413)
        let nested =
            Array(#"{"user":"alice","messageId":"m1","x":"#.utf8) + Array(repeating: UInt8(ascii: "["), count: 50)
            + Array(repeating: UInt8(ascii: "]"), count: 50) + Array("}".utf8)
        #expect(
            try api.client.send("POST", "/v1/inbox/read", key: APITestServer.backendKey, body: nested).status == 400)
        #expect(try api.client.send("GET", "/v1/nothing", key: APITestServer.backendKey).status == 404)

        let page = api.metricsPage
        let lines = Set(page.split(separator: "\n").map(String.init))
        for expected in [
            #"wavepush_api_requests_total{route="health",status="200"} 1"#,
            #"wavepush_api_requests_total{route="tokens",status="200"} 1"#,
            #"wavepush_api_requests_total{route="events",status="200"} 1"#,
            #"wavepush_api_requests_total{route="badge",status="200"} 2"#,
            #"wavepush_api_requests_total{route="badge",status="401"} 2"#,
            #"wavepush_api_requests_total{route="badge",status="403"} 1"#,
            #"wavepush_api_requests_total{route="badge",status="429"} 1"#,
            #"wavepush_api_requests_total{route="-",status="413"} 1"#,
            #"wavepush_api_requests_total{route="read",status="400"} 1"#,
            #"wavepush_api_requests_total{route="unknown",status="404"} 1"#,
            #"wavepush_api_refusals_total{reason="unauthorized"} 2"#,
            #"wavepush_api_refusals_total{reason="forbidden"} 1"#,
            #"wavepush_api_refusals_total{reason="rate_limited"} 1"#,
            #"wavepush_api_refusals_total{reason="too_large"} 1"#,
            #"wavepush_api_refusals_total{reason="too_deep"} 1"#,
            #"wavepush_api_refusals_total{reason="not_found"} 1"#,
            // Six badge requests, each answered at once on the manual clock: every one in the first bucket.
            #"wavepush_api_request_duration_seconds_bucket{route="badge",le="0.0005"} 6"#,
            #"wavepush_api_request_duration_seconds_count{route="badge"} 6"#,
            "wavepush_api_requests_in_flight 0", "wavepush_api_connections_refused_total 0",
            "wavepush_store_up 1", "wavepush_sends_pending 1", "wavepush_sends_due 1",
        ] {
            #expect(lines.contains(expected), "\(expected)\n\(page)")
        }
        // Ten kinds of answer, six kinds of refusal: nothing else, and no successful answer counted as refused.
        #expect(lines.filter { $0.hasPrefix("wavepush_api_requests_total{") }.count == 10, "\(page)")
        #expect(lines.filter { $0.hasPrefix("wavepush_api_refusals_total{") }.count == 6, "\(page)")
        for secret in [APITestServer.backendKey, alice, apnsToken, "alice", "bob", "Nice buds"] {
            #expect(!page.contains(secret), "\(secret)")
        }
        if let problem = await Promtool.problem(in: page) { Issue.record(Comment(rawValue: problem)) }
    }

    /// The watchdog's question: the oldest request still being answered.
    @Test func theOldestRequestInFlightIsTheEarliestNotYetEnded() {
        let metrics = APIMetrics()
        let start = Date(timeIntervalSince1970: 1_790_000_000)
        #expect(metrics.oldestInFlight == nil)
        let first = metrics.begin(at: start)
        let second = metrics.begin(at: start.addingTimeInterval(2))
        #expect(metrics.oldestInFlight == start)
        metrics.end(first, route: "events", status: 200, refusal: nil, at: start.addingTimeInterval(3))
        #expect(metrics.oldestInFlight == start.addingTimeInterval(2))
        metrics.end(second, route: "events", status: 503, refusal: "store_unavailable", at: start.addingTimeInterval(3))
        #expect(metrics.oldestInFlight == nil)
        let page = metrics.exposition(http: nil)
        #expect(page.contains(#"wavepush_api_request_duration_seconds_sum{route="events"} 4"#), "\(page)")
        #expect(page.contains(#"wavepush_api_request_duration_seconds_bucket{route="events",le="2.5"} 1"#), "\(page)")
        #expect(page.contains(#"wavepush_api_request_duration_seconds_bucket{route="events",le="5.0"} 2"#), "\(page)")
        #expect(page.contains(#"wavepush_api_refusals_total{reason="store_unavailable"} 1"#), "\(page)")
    }
}
