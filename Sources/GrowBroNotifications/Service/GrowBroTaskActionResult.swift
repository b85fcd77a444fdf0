public import WaveNotifications

/// What a task action of ``GrowBroNotificationService`` (complete, reschedule, add) did, and the reconcile after it.
public struct GrowBroTaskActionResult: Hashable, Sendable {
    /// How the action changed the task.
    public enum Outcome: Hashable, Sendable {
        /// The task changed (or was added); for a reschedule to a new due time, the user asked for its reminder again.
        case applied
        /// No task has the id now (a settings change removed it): nothing changed.
        case noSuchTask
        /// A reschedule to the due time the task already has, whose reminder was already shown: it is not a new
        /// due time, so no second reminder is scheduled and nothing changed.
        case reminderAlreadyShown
    }

    /// How the action changed the task.
    public var outcome: Outcome
    /// What the reconcile after the action did (cancellations, late deliveries, suppressions), in order.
    public var events: [NotificationEvent]

    /// Creates a result.
    ///
    /// - Parameters:
    ///   - outcome: How the action changed the task.
    ///   - events: What the reconcile after it did, in order.
    public init(outcome: Outcome, events: [NotificationEvent]) {
        self.outcome = outcome
        self.events = events
    }
}
