/// A rule that judges proposed requests: kept, moved, shown late, lowered, or dropped with a reason.
///
/// Implementation requirements:
/// - ``decisions(for:in:)`` is pure: the same requests and context give the same decisions, with no side effects
///   and no reading of the wall clock or the device's zone (both are in the context).
/// - It returns exactly one decision per request, in the order of the requests.
/// - A policy may look at every request at once (a daily cap ranks them against each other); the requests it is
///   given are the ones still kept by earlier policies of a ``PolicyPipeline``.
public protocol NotificationPolicy: Sendable {
    /// Judges each proposed request.
    ///
    /// - Parameters:
    ///   - proposed: The requests, as earlier policies left them.
    ///   - context: The decision instant, the zone and the history of shown notifications.
    /// - Returns: One decision per request, in the same order.
    func decisions(for proposed: [ProposedRequest], in context: PolicyContext) -> [PolicyDecision]
}

/// A policy that judges each request on its own.
///
/// Conformers implement ``decision(for:in:)``; ``NotificationPolicy/decisions(for:in:)`` maps it over the requests.
public protocol PerRequestPolicy: NotificationPolicy {
    /// Judges one proposed request.
    ///
    /// - Parameters:
    ///   - proposed: The request.
    ///   - context: The decision instant, the zone and the history of shown notifications.
    /// - Returns: The decision.
    func decision(for proposed: ProposedRequest, in context: PolicyContext) -> PolicyDecision
}

extension PerRequestPolicy {
    /// Judges each request on its own with ``decision(for:in:)``.
    ///
    /// - Parameters:
    ///   - proposed: The requests.
    ///   - context: The decision context.
    /// - Returns: One decision per request, in the same order.
    public func decisions(for proposed: [ProposedRequest], in context: PolicyContext) -> [PolicyDecision] {
        proposed.map { decision(for: $0, in: context) }
    }
}
