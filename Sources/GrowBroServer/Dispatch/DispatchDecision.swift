public import Foundation

/// One decision the dispatcher made about one send: accepted, retried (and when), purged, failed, expired, dropped,
/// or superseded by another dispatcher's.
public struct DispatchDecision: Hashable, Sendable {
    /// What was decided.
    public enum Kind: String, Hashable, Sendable {
        /// The provider accepted the push.
        case accepted
        /// The attempt failed for now; the next one is at ``DispatchDecision/retryAt``.
        case retry
        /// The provider refused the token; it was purged (the send ends).
        case purged
        /// The send ends without delivery; the token is kept.
        case failed
        /// The send's lifetime passed before it could be retried.
        case expired
        /// The send was not attempted: its installation is gone or belongs to another account now.
        case dropped
        /// The attempt was made, but this dispatcher's lease on the send ended before its outcome was committed and
        /// another dispatcher claimed the send: the outcome recorded is the other's, and this one (``reason`` says
        /// what it would have been) changed nothing. The phone may get the push twice; the store counts it once.
        case superseded
    }

    /// What was decided.
    public var kind: Kind
    /// The instant of the decision.
    public var at: Date
    /// The outbox id.
    public var sendID: Int64
    /// The message id.
    public var messageID: String
    /// The installation.
    public var installationID: String
    /// The push service.
    public var platform: PushPlatform
    /// The attempt, from 1 (0 when none was made).
    public var attempt: Int
    /// The HTTP status, when an answer came.
    public var status: Int?
    /// The provider's reason or the dispatcher's.
    public var reason: DispatchReason?
    /// When the next attempt is due (``Kind/retry`` only).
    public var retryAt: Date?
    /// The token purged (``Kind/purged`` only).
    public var token: String?
    /// The request attempted, when one was.
    public var request: ProviderRequest?

    /// Turns this decision into ``Kind/superseded``, its reason saying what it would have been.
    mutating func supersede() {
        guard kind != .superseded else { return }
        reason = .superseded(kind, reason)
        kind = .superseded
        retryAt = nil
        token = nil
    }
}
