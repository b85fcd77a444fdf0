/// Why a send was retried, purged, failed, expired, dropped or superseded: a typed value, printed (``description``) as
/// the text the store records and `wavepush` writes.
///
/// The provider's own words (`BadDeviceToken`, `UNREGISTERED`) are kept as it gave them; what the dispatcher adds
/// (a refreshed token kept, the attempts used up) wraps the reason it started from, so an operator's tool can match
/// the cause without parsing text.
public indirect enum DispatchReason: Hashable, Sendable, CustomStringConvertible {
    /// The provider's reason or error code, or `status <n>` when its answer gave none.
    case provider(String)
    /// The provider's answer does not have the documented shape (a proxy's HTML page); the text says what is wrong.
    case unreadableAnswer(String)
    /// No answer came, for a cause worth retrying (a reset connection, a timeout, a DNS failure): the transport's
    /// description of it.
    case noAnswer(String)
    /// No answer can come as things are configured (a certificate that does not verify, a server that does not speak
    /// HTTP/2): the transport's description. The send fails at once instead of being retried.
    case transportRefused(String)
    /// No credential could be made (the credentials' description of why).
    case noCredential(String)
    /// The installation was signed out, purged or moved to another account before the attempt.
    case installationGone
    /// The device reported the permission revoked after the fan-out.
    case permissionDenied
    /// The send's lifetime ended before its attempt.
    case expiredBeforeAttempt
    /// The user's notifications were erased (the right to erasure) before the attempt.
    case erased
    /// The provider refused the credential: a new one is made and the send retried at once.
    case renewingCredential(DispatchReason)
    /// The provider refused the credential and no new one could be made (the credentials' description of why: an
    /// APNs provider token under 20 minutes old, a token endpoint that did not answer); the send is retried later.
    case noNewCredential(DispatchReason, String)
    /// The provider refused the credential again after a new one was made.
    case refusedAfterRenewal(DispatchReason)
    /// APNs said the token is unregistered since an instant before the token's last refresh: the token is kept.
    case unregisteredBeforeRefresh(DispatchReason)
    /// The attempts allowed are used up.
    case gaveUp(DispatchReason, attempts: Int)
    /// The next attempt would come at or after the send's expiration.
    case retryAfterExpiration(DispatchReason)
    /// Another dispatcher claimed the send after this one's lease ended; this outcome (its kind and reason) was not
    /// recorded.
    case superseded(DispatchDecision.Kind, DispatchReason?)

    /// The text recorded in the store and written by `wavepush`.
    public var description: String {
        switch self {
        case .provider(let text), .unreadableAnswer(let text), .noAnswer(let text): text
        case .transportRefused(let text): "\(text) (not retried: the request cannot be answered as configured)"
        case .noCredential(let text): "no credential: \(text)"
        case .installationGone: "installation signed out, purged or moved to another account"
        case .permissionDenied: "permission_denied"
        case .expiredBeforeAttempt: "expired before the attempt"
        case .erased: "gdpr_erase"
        case .renewingCredential(let reason): "\(reason): new credential"
        case .noNewCredential(let reason, let text): "\(reason): no new credential: \(text)"
        case .refusedAfterRenewal(let reason): "\(reason) again after a new credential"
        case .unregisteredBeforeRefresh(let reason): "\(reason) before the token's refresh; token kept"
        case .gaveUp(let reason, let attempts): "\(reason); gave up after \(attempts) attempts"
        case .retryAfterExpiration(let reason): "\(reason); the next attempt would be after the expiration"
        case .superseded(let kind, let reason):
            "lease ended and another sender claimed the send; this outcome (\(reason.map { "\(kind.rawValue): \($0)" } ?? kind.rawValue)) was not recorded"
        }
    }
}
