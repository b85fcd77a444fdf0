package import Foundation
internal import GrowBroServer
internal import WaveNotifications

/// What an operator watches of the HTTP API, kept as requests are answered and written in Prometheus' text format on
/// demand: requests by route and status, how long each route takes to answer (a histogram), refusals by their
/// error code (`unauthorized`, `rate_limited`, `too_large`, …), the requests being answered now, and the HTTP
/// server's connections (open, and refused at the connection limit).
///
/// Fed by ``PushAPI`` (``begin(at:)`` and ``end(_:route:status:refusal:at:)`` around each request). Every label value
/// is bounded: a route's name (or `unknown` for no route, `-` for a body refused before its route was read), a
/// status, an error code of the documented table; never a path, a key, a user or a token. Safe to use from any
/// thread.
package final class APIMetrics: Sendable {
    /// The duration histogram's upper bounds, in seconds: from a loopback read to a store that stalls.
    package static let durationBounds: [Double] = [
        0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
    ]

    private struct RequestKey: Hashable, Comparable {
        var route: String
        var status: Int

        static func < (left: Self, right: Self) -> Bool { (left.route, left.status) < (right.route, right.status) }
    }

    private struct State {
        var requests: [RequestKey: UInt64] = [:]
        var durations: [String: PrometheusHistogram] = [:]
        var refusals: [String: UInt64] = [:]
        var inFlight: [UInt64: Date] = [:]
        var nextTicket: UInt64 = 0
    }

    private let state = WaveLock(State())

    /// Creates empty metrics.
    package init() {}

    /// Counts a request begun.
    ///
    /// - Parameter now: When it began.
    /// - Returns: The ticket ``end(_:route:status:refusal:at:)`` takes.
    package func begin(at now: Date) -> UInt64 {
        state.withLock { state in
            let ticket = state.nextTicket
            state.nextTicket += 1
            state.inFlight[ticket] = now
            return ticket
        }
    }

    /// Counts a request answered.
    ///
    /// - Parameters:
    ///   - ticket: What ``begin(at:)`` gave.
    ///   - route: The route's name (`unknown`, `-` when none).
    ///   - status: The answer's status.
    ///   - refusal: The refusal's error code, `nil` for a success.
    ///   - now: When it was answered.
    package func end(_ ticket: UInt64, route: String, status: Int, refusal: String?, at now: Date) {
        state.withLock { state in
            let began = state.inFlight.removeValue(forKey: ticket) ?? now
            state.requests[RequestKey(route: route, status: status), default: 0] += 1
            state.durations[route, default: PrometheusHistogram(bounds: Self.durationBounds)]
                .observe(now.timeIntervalSince(began))
            if let refusal { state.refusals[refusal, default: 0] += 1 }
        }
    }

    /// When the longest-running request being answered now began, or `nil` when none is: what the service
    /// watchdog asks.
    package var oldestInFlight: Date? { state.withLock { $0.inFlight.values.min() } }

    /// The metrics in Prometheus' text format.
    ///
    /// - Parameter http: The server whose connections are counted, when there is one.
    /// - Returns: The text, one metric family after another, each with its `HELP` and `TYPE`.
    package func exposition(http: HTTPServer?) -> String {
        let state = state.withLock { $0 }
        var text = PrometheusText()
        text.family("wavepush_api_requests_total", "counter", "HTTP API requests answered, by route and status.")
        for (key, count) in state.requests.sorted(by: { $0.key < $1.key }) {
            text.sample(
                "wavepush_api_requests_total", [("route", key.route), ("status", "\(key.status)")], Double(count))
        }
        text.histograms(
            "wavepush_api_request_duration_seconds", "From a request's whole arrival to its answer, by route.",
            by: "route", state.durations)
        text.family(
            "wavepush_api_refusals_total", "counter",
            "HTTP API requests refused, by error code (unauthorized, forbidden, rate_limited, too_large, ...).")
        for (reason, count) in state.refusals.sorted(by: { $0.key < $1.key }) {
            text.sample("wavepush_api_refusals_total", [("reason", reason)], Double(count))
        }
        text.single(
            "wavepush_api_requests_in_flight", "gauge", "HTTP API requests being answered now.",
            Double(state.inFlight.count))
        if let http {
            text.single(
                "wavepush_api_connections_open", "gauge", "HTTP connections open now.", Double(http.openConnections))
            text.single(
                "wavepush_api_connections_refused_total", "counter",
                "HTTP connections closed unanswered because connectionLimit were open.",
                Double(http.refusedConnections))
        }
        return text.text
    }
}
