public import Foundation

/// Expiry: a shown notification with `expiresAfter` is withdrawn at its fire instant plus that duration unless the
/// user acted before; a request that could not be shown by then is expired.
///
/// As a policy it drops, with `expired`, every request whose expiry instant is at or before the context's `now`.
/// The expiry instant is computed from the request's current ``NotificationRequest/fireAt``, so run it before a
/// policy that moves the request (grace) when the original fire instant should count.
public struct Expiry: PerRequestPolicy, Hashable {
    /// Creates the policy.
    public init() {}

    /// The instant a request expires: its fire instant plus `expiresAfter`.
    ///
    /// - Parameter request: The request.
    /// - Returns: The expiry instant, or `nil` when the request does not expire.
    public static func expiryInstant(of request: NotificationRequest) -> Date? {
        request.expiresAfter.map { request.fireAt.addingTimeInterval($0.timeInterval) }
    }

    /// When a shown notification is withdrawn.
    ///
    /// - Parameters:
    ///   - request: The shown request.
    ///   - respondedAt: When the user acted on it, if they did.
    /// - Returns: The expiry instant; `nil` when it does not expire or the user acted strictly before it.
    public static func withdrawalInstant(of request: NotificationRequest, respondedAt: Date? = nil) -> Date? {
        guard let expiry = expiryInstant(of: request) else { return nil }
        if let respondedAt, respondedAt < expiry { return nil }
        return expiry
    }

    /// Whether a request not yet shown is expired at an instant (at or after its expiry instant).
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - instant: The instant.
    /// - Returns: `true` when it expires and `instant` is not before its expiry instant.
    public static func isExpired(_ request: NotificationRequest, at instant: Date) -> Bool {
        expiryInstant(of: request).map { instant >= $0 } ?? false
    }

    /// Drops with `expired` a request that is expired at the context's `now`.
    ///
    /// - Parameters:
    ///   - proposed: The request.
    ///   - context: Supplies `now`.
    /// - Returns: `dropped(expired)` or `kept`.
    public func decision(for proposed: ProposedRequest, in context: PolicyContext) -> PolicyDecision {
        Self.isExpired(proposed.request, at: context.now) ? .dropped(.expired) : .kept
    }
}
