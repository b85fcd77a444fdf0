public import Foundation
internal import WaveNotifications
internal import WavePushCore
internal import WavePushPayloads

/// What an operator watches of a sender, kept as it happens and written in Prometheus' text exposition format
/// (version 0.0.4) on demand: decisions by kind, provider and reason; requests in flight; how long a request takes
/// (a histogram per provider); credential renewals; and, read from the store at each scrape, the sends pending, those
/// due (the backlog) and the age of the oldest one due.
///
/// Fed by ``MeteredTransport`` (in flight, durations), ``MeteredCredentials`` (renewals) and ``record(_:)`` with
/// each committed decision (a `PushSender`'s `onDecision`). Label values are bounded: a reason is its kind
/// (`no_answer`, `gave_up`, …) or the provider's own code (`BadDeviceToken`), never free text, a token or a host.
/// Safe to use from any thread.
public final class PushMetrics: Sendable {
    /// The histogram's upper bounds, in seconds: from a loopback answer to a provider's timeout.
    public static let durationBounds: [Double] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]

    private struct DecisionKey: Hashable, Comparable {
        var kind: String
        var provider: String
        var reason: String

        static func < (left: Self, right: Self) -> Bool {
            (left.kind, left.provider, left.reason) < (right.kind, right.provider, right.reason)
        }
    }

    private struct State {
        var decisions: [DecisionKey: UInt64] = [:]
        var inFlight = 0
        var durations: [String: PrometheusHistogram] = [:]
        var renewals: [String: (made: UInt64, refused: UInt64)] = [:]
    }

    private let state = WaveLock(State())

    /// Creates an empty set of metrics.
    public init() {}

    /// Counts a committed decision.
    ///
    /// - Parameter decision: The decision.
    public func record(_ decision: DispatchDecision) {
        let key = DecisionKey(
            kind: decision.kind.rawValue, provider: decision.platform.rawValue,
            reason: decision.reason.map(Self.label) ?? "none")
        state.withLock { $0.decisions[key, default: 0] += 1 }
    }

    /// Counts a request started; ``requestEnded(provider:seconds:)`` ends it.
    func requestStarted() {
        state.withLock { $0.inFlight += 1 }
    }

    /// Counts a request ended, answered or not, and how long it took.
    func requestEnded(provider: PushPlatform, seconds: Double) {
        state.withLock { state in
            state.inFlight -= 1
            state.durations[provider.rawValue, default: PrometheusHistogram(bounds: Self.durationBounds)]
                .observe(seconds)
        }
    }

    /// Counts a credential renewal asked for: made, or refused by the credentials (a young APNs token, an OAuth
    /// endpoint away).
    func renewal(provider: PushPlatform, made: Bool) {
        state.withLock { state in
            var counts = state.renewals[provider.rawValue] ?? (0, 0)
            if made { counts.made += 1 } else { counts.refused += 1 }
            state.renewals[provider.rawValue] = counts
        }
    }

    /// The metrics in Prometheus' text format, the store's figures read now: ``senderExposition()`` followed by
    /// ``storeExposition(server:now:)``.
    ///
    /// - Parameters:
    ///   - server: The server whose outbox is counted.
    ///   - now: The instant the oldest due send's age is measured at.
    /// - Returns: The text, one metric family after another, each with its `HELP` and `TYPE`. A store that cannot be
    ///   read leaves out its three gauges and sets `wavepush_store_up` to 0.
    public func exposition(server: PushServer, now: Date) -> String {
        senderExposition() + Self.storeExposition(server: server, now: now)
    }

    /// The sender's own figures in Prometheus' text format: decisions, requests in flight, request durations and
    /// credential renewals.
    ///
    /// - Returns: The text, each family with its `HELP` and `TYPE`.
    public func senderExposition() -> String {
        let state = state.withLock { $0 }
        var text = PrometheusText()
        text.family("wavepush_decisions_total", "counter", "Decisions committed, by kind, provider and reason.")
        for (key, count) in state.decisions.sorted(by: { $0.key < $1.key }) {
            text.sample(
                "wavepush_decisions_total",
                [("kind", key.kind), ("provider", key.provider), ("reason", key.reason)], Double(count))
        }
        text.single(
            "wavepush_requests_in_flight", "gauge", "Provider requests sent and not yet answered.",
            Double(state.inFlight))
        text.histograms(
            "wavepush_request_duration_seconds",
            "From a provider request's start to its answer or its failure, by provider.", by: "provider",
            state.durations)
        text.family(
            "wavepush_credential_renewals_total", "counter",
            "Credential renewals after a provider refused one, by provider and outcome (made or refused).")
        for (provider, counts) in state.renewals.sorted(by: { $0.key < $1.key }) {
            text.sample(
                "wavepush_credential_renewals_total", [("provider", provider), ("outcome", "made")],
                Double(counts.made))
            text.sample(
                "wavepush_credential_renewals_total", [("provider", provider), ("outcome", "refused")],
                Double(counts.refused))
        }
        return text.text
    }

    /// The store's figures in Prometheus' text format, read now: whether it answers, the sends pending, those due
    /// (the backlog) and the age of the oldest one due. Every process on the store (a sender, the HTTP API) serves
    /// them alike.
    ///
    /// - Parameters:
    ///   - server: The server whose outbox is counted.
    ///   - now: The instant the oldest due send's age is measured at.
    /// - Returns: The text. A store that cannot be read leaves out its three gauges and sets `wavepush_store_up` to 0.
    public static func storeExposition(server: PushServer, now: Date) -> String {
        // The three read one after another, not in one transaction: a figure may be a few sends off another.
        let backlog = try? (
            pending: server.pendingSendCount(), due: server.dueSendCount(now: now),
            nextDue: server.nextDueInstant()
        )
        var text = PrometheusText()
        text.single(
            "wavepush_store_up", "gauge", "1 when the store answered this scrape's queries, 0 when not.",
            backlog == nil ? 0 : 1)
        if let backlog {
            text.single(
                "wavepush_sends_pending", "gauge", "Sends not yet ended in the store, every sender's.",
                Double(backlog.pending))
            text.single(
                "wavepush_sends_due", "gauge",
                "Pending sends due now and not claimed by a sender: the backlog, every sender's.", Double(backlog.due))
            text.single(
                "wavepush_oldest_due_send_age_seconds", "gauge",
                "How long the earliest due send has been due (0 when none is due).",
                backlog.nextDue.map { max(0, now.timeIntervalSince($0)) } ?? 0)
        }
        return text.text
    }

    /// A reason as a bounded label: the provider's code (letters, digits and `_`, at most 64; `status 500` becomes
    /// `status_500`), or the kind of the reason.
    ///
    /// - Parameter reason: The reason.
    /// - Returns: The label, never free text.
    public static func label(_ reason: DispatchReason) -> String {
        switch reason {
        case .provider(let text):
            let code = text.replacingOccurrences(of: " ", with: "_")
            let allowed =
                code.count <= 64 && code.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
            return allowed && !code.isEmpty ? code : "provider_other"
        case .unreadableAnswer: return "unreadable_answer"
        case .noAnswer: return "no_answer"
        case .transportRefused: return "transport_refused"
        case .noCredential: return "no_credential"
        case .installationGone: return "installation_gone"
        case .permissionDenied: return "permission_denied"
        case .expiredBeforeAttempt: return "expired_before_attempt"
        case .erased: return "gdpr_erase"
        case .renewingCredential: return "renewing_credential"
        case .noNewCredential: return "no_new_credential"
        case .refusedAfterRenewal: return "refused_after_renewal"
        case .unregisteredBeforeRefresh: return "unregistered_before_refresh"
        case .gaveUp: return "gave_up"
        case .retryAfterExpiration: return "retry_after_expiration"
        case .superseded: return "superseded"
        }
    }
}
