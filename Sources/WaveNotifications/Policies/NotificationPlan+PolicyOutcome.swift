extension NotificationPlan {
    /// The plan of a pipeline's outcomes: kept requests are desired (late ones are shown now instead), dropped ones
    /// are suppressed at their original fire instant, and a pending request with a dropped identifier is removed
    /// with the reason it was dropped for.
    ///
    /// - Parameter outcomes: The outcomes of ``PolicyPipeline/run(_:in:)``.
    public init(outcomes: [PolicyOutcome]) {
        self.init()
        for outcome in outcomes {
            if let reason = outcome.droppedReason {
                let identifier = outcome.original.request.identifier
                suppressed.append(
                    Suppression(identifier: identifier, fireAt: outcome.original.fireAt, reason: reason))
                removalReasons[identifier] = reason
            } else if outcome.final.isLate {
                showNow.append(outcome.final.request)
            } else {
                desired.append(outcome.final.request)
            }
        }
    }
}
