internal import Foundation

/// Catch-up after the app was away: a recently passed occurrence is shown now, an older one is missed.
///
/// At the context's `now`, a request whose fire instant is in `[now − grace, now)` is shown at `now`, marked late;
/// one whose fire instant is before `now − grace` is dropped with `missed`; one at or after `now` is kept.
public struct Grace: PerRequestPolicy, Hashable {
    /// How long after its fire instant an occurrence may still be shown.
    public var grace: Duration

    /// Creates the policy.
    ///
    /// - Parameter grace: How long a passed occurrence may still be shown.
    public init(grace: Duration) {
        self.grace = grace
    }

    /// Kept, shown late at `now`, or dropped with `missed`.
    ///
    /// - Parameters:
    ///   - proposed: The request.
    ///   - context: Supplies `now`.
    /// - Returns: The decision.
    public func decision(for proposed: ProposedRequest, in context: PolicyContext) -> PolicyDecision {
        let now = context.now
        if proposed.fireAt >= now { return .kept }
        if proposed.fireAt >= now.addingTimeInterval(-grace.timeInterval) { return .late(showAt: now) }
        return .dropped(.missed)
    }
}
