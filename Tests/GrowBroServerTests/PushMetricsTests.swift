import Foundation
import GrowBroServerTesting
import TestSupport
import Testing
import WaveNotifications
import WaveNotificationsTesting

@testable import GrowBroServer

/// The sender's metrics as an operator's Prometheus reads them: what the dispatcher decided, what is in flight,
/// how long requests take, the renewals, the backlog; in a text Prometheus' own `promtool` accepts.
struct PushMetricsTests {
    /// Four sends with four fates, through a metered transport and credentials: the counts are the decisions'.
    static func dispatched() async throws -> (PushMetrics, Harness) {
        let harness = try Harness()
        let metrics = PushMetrics()
        try harness.register("u1", "phone", apns: 1)
        try harness.register("u2", "old-phone", apns: 2)
        try harness.register("u3", "pixel", fcm: 3)
        try harness.register("u4", "ipad", apns: 4)
        harness.script(apns: 2, .status(400, #"{"reason":"BadDeviceToken"}"#))
        harness.script(fcm: 3, .status(503, #"{"error":{"code":503,"status":"UNAVAILABLE"}}"#))
        harness.script(apns: 4, .status(403, #"{"reason":"ExpiredProviderToken"}"#))
        for user in ["u1", "u2", "u3", "u4"] { try harness.reply("m-\(user)", to: user) }
        let dispatcher = PushDispatcher(
            server: harness.server,
            transport: MeteredTransport(harness.transport, metrics: metrics, clock: harness.clock),
            credentials: MeteredCredentials(harness.credentials, metrics: metrics), clock: harness.clock,
            random: SeededRandom(seed: 7))
        for decision in try await dispatcher.dispatchDue() { metrics.record(decision) }
        return (metrics, harness)
    }

    @Test
    func theCountsAreTheDecisionsAndTheBacklogIsTheStores() async throws {
        let (metrics, harness) = try await Self.dispatched()
        await harness.clock.advance(by: .seconds(90))
        let text = metrics.exposition(server: harness.server, now: harness.clock.now)
        let lines = Set(text.split(separator: "\n").map(String.init))
        for expected in [
            #"wavepush_decisions_total{kind="accepted",provider="apns",reason="none"} 2"#,
            #"wavepush_decisions_total{kind="purged",provider="apns",reason="BadDeviceToken"} 1"#,
            #"wavepush_decisions_total{kind="retry",provider="apns",reason="renewing_credential"} 1"#,
            #"wavepush_decisions_total{kind="retry",provider="fcm",reason="UNAVAILABLE"} 1"#,
            "wavepush_requests_in_flight 0",
            #"wavepush_request_duration_seconds_count{provider="apns"} 4"#,
            #"wavepush_request_duration_seconds_count{provider="fcm"} 1"#,
            #"wavepush_request_duration_seconds_bucket{provider="apns",le="0.005"} 4"#,
            #"wavepush_credential_renewals_total{provider="apns",outcome="made"} 1"#,
            #"wavepush_credential_renewals_total{provider="apns",outcome="refused"} 0"#,
            "wavepush_store_up 1",
            "wavepush_sends_pending 1",
            "wavepush_sends_due 1",
        ] {
            #expect(lines.contains(expected), "\(expected)\n\(text)")
        }
        // The FCM retry is due some seconds after the start: by now it has been due for the rest of the 90 s.
        let retryAt = try #require(try harness.server.nextDueInstant())
        #expect(
            lines.contains(
                "wavepush_oldest_due_send_age_seconds \(PushMetricsTests.number(harness.clock.now.timeIntervalSince(retryAt)))"
            ),
            "\(text)")
        // No token, message id or free text in any label.
        #expect(!text.contains(Harness.apnsToken(1)) && !text.contains("m-u1") && !text.contains("Looks great"))
    }

    /// The backlog counts what is due and waiting for a sender: a retry not yet due is pending, not due; the
    /// sends a sender has claimed are not due until their lease ends.
    @Test
    func theBacklogIsTheSendsDueAndUnclaimed() async throws {
        let (metrics, harness) = try await Self.dispatched()
        func gauges() -> Set<String> {
            Set(
                metrics.exposition(server: harness.server, now: harness.clock.now).split(separator: "\n")
                    .map(String.init).filter { $0.hasPrefix("wavepush_sends_") })
        }
        // The FCM retry waits its backoff.
        #expect(gauges() == ["wavepush_sends_pending 1", "wavepush_sends_due 0"])
        try harness.reply("m-late", to: "u1")
        try harness.reply("m-later", to: "u3")
        #expect(gauges() == ["wavepush_sends_pending 3", "wavepush_sends_due 2"])
        // Claimed, the two leave the backlog until their lease ends.
        let claimed = try harness.server.claimDue(
            now: harness.clock.now, limit: 10, lease: .seconds(60), owner: "other")
        #expect(claimed.count == 2)
        #expect(gauges() == ["wavepush_sends_pending 3", "wavepush_sends_due 0"])
        await harness.clock.advance(by: .seconds(120))
        #expect(gauges() == ["wavepush_sends_pending 3", "wavepush_sends_due 3"])
    }

    static func number(_ seconds: TimeInterval) -> String {
        seconds == seconds.rounded() ? String(Int64(seconds)) : "\(seconds)"
    }

    @Test
    func aStoreThatCannotBeReadSaysSoAndLeavesOutItsGauges() async throws {
        let (metrics, harness) = try await Self.dispatched()
        harness.server.close()
        let text = metrics.exposition(server: harness.server, now: harness.clock.now)
        #expect(text.contains("wavepush_store_up 0\n"))
        #expect(!text.contains("wavepush_sends_pending"))
        #expect(text.contains("wavepush_decisions_total{"))
    }

    /// Prometheus' own linter (`promtool check metrics`, Debian's prometheus) accepts the text without a remark
    /// (skipped without it, unless `WAVE_REQUIRE_PROMETHEUS` is set).
    @Test
    func promtoolAcceptsTheText() async throws {
        let (metrics, harness) = try await Self.dispatched()
        let text = metrics.exposition(server: harness.server, now: harness.clock.now)
        if let problem = await Promtool.problem(in: text) { Issue.record("\(problem)\n\(text)") }
    }

    @Test
    func labelValuesAreEscapedAndReasonsBounded() {
        #expect(PushMetrics.label(.provider("status 500")) == "status_500")
        #expect(PushMetrics.label(.provider("a \"quoted\"\nline")) == "provider_other")
        #expect(PushMetrics.label(.noAnswer("curl error 7 (10.0.0.1:443): refused")) == "no_answer")
        #expect(PushMetrics.label(.gaveUp(.provider("Unavailable"), attempts: 8)) == "gave_up")
    }
}
