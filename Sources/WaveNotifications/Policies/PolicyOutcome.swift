/// What a pipeline of policies made of one proposed request: the request as it will be scheduled, or the reason
/// it was dropped and the policy that dropped it.
public struct PolicyOutcome: Hashable, Sendable {
    /// The request as proposed, before any policy.
    public var original: ProposedRequest
    /// The request after every decision up to the last policy that saw it (moved, late, lowered).
    public var final: ProposedRequest
    /// The decision of every policy that saw the request, in pipeline order (a dropped one is seen by no later one).
    public var decisions: [PolicyDecision]

    /// Creates an outcome.
    ///
    /// - Parameters:
    ///   - original: The request as proposed.
    ///   - final: The request after the decisions.
    ///   - decisions: Each policy's decision, in order.
    public init(original: ProposedRequest, final: ProposedRequest, decisions: [PolicyDecision]) {
        self.original = original
        self.final = final
        self.decisions = decisions
    }

    /// Why it was dropped, or `nil` when it was kept.
    public var droppedReason: NotificationReason? { decisions.last?.droppedReason }

    /// The index in the pipeline of the policy that dropped it, or `nil` when it was kept.
    public var droppedByPolicyAt: Int? { droppedReason == nil ? nil : decisions.count - 1 }

    /// Whether it survived every policy.
    public var isKept: Bool { droppedReason == nil }
}
