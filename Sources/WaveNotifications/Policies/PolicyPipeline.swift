/// Policies run in order: each sees only the requests still kept, as earlier policies left them.
///
/// A moved, late or lowered request is passed on changed (the next policy judges the new fire instant); a dropped
/// one stops there with its reason. Apps choose their own order; each policy stays usable on its own.
public struct PolicyPipeline: NotificationPolicy {
    /// The policies, in the order they run.
    public var policies: [any NotificationPolicy]

    /// Creates a pipeline.
    ///
    /// - Parameter policies: The policies, in the order they run.
    public init(_ policies: [any NotificationPolicy]) {
        self.policies = policies
    }

    /// Runs every policy in order over the requests.
    ///
    /// - Parameters:
    ///   - proposed: The requests.
    ///   - context: The decision context, the same for every policy.
    /// - Returns: One outcome per request, in the same order.
    public func run(_ proposed: [ProposedRequest], in context: PolicyContext) -> [PolicyOutcome] {
        var outcomes = proposed.map { PolicyOutcome(original: $0, final: $0, decisions: []) }
        var alive = Array(outcomes.indices)
        for policy in policies where !alive.isEmpty {
            let decisions = policy.decisions(for: alive.map { outcomes[$0].final }, in: context)
            precondition(decisions.count == alive.count, "a policy must return one decision per request")
            var stillAlive: [Int] = []
            for (index, decision) in zip(alive, decisions) {
                outcomes[index].decisions.append(decision)
                outcomes[index].final = outcomes[index].final.applying(decision)
                if decision.droppedReason == nil { stillAlive.append(index) }
            }
            alive = stillAlive
        }
        return outcomes
    }

    /// The pipeline's net decision per request: `dropped` with the first reason, `late` when shown by grace,
    /// `moved` when the fire instant changed, `lowered` when only the interruption level did, else `kept`.
    ///
    /// - Parameters:
    ///   - proposed: The requests.
    ///   - context: The decision context.
    /// - Returns: One decision per request, in the same order.
    public func decisions(for proposed: [ProposedRequest], in context: PolicyContext) -> [PolicyDecision] {
        run(proposed, in: context).map { outcome in
            if let reason = outcome.droppedReason { return .dropped(reason) }
            let before = outcome.original
            let after = outcome.final
            if after.isLate && !before.isLate { return .late(showAt: after.fireAt) }
            if after.fireAt != before.fireAt { return .moved(to: after.fireAt) }
            if after.request.interruptionLevel != before.request.interruptionLevel {
                return .lowered(to: after.request.interruptionLevel)
            }
            return .kept
        }
    }
}
