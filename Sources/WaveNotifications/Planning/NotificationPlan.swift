/// What an app's rules want at one reconcile moment: the requests to keep pending, the ones shown now, and
/// every candidate they held back, with its reason.
///
/// A reconcile (see the core's reconcile planner) turns a plan into platform calls: pending requests not in
/// ``desired`` are removed with the reason in ``removalReasons`` (or `reschedule`), desired ones that are missing
/// or differ are added. Nothing is dropped silently: a candidate that will not be shown is in ``suppressed``.
public struct NotificationPlan: Hashable, Sendable {
    /// The requests that should be pending after this moment.
    public var desired: [NotificationRequest]
    /// Requests to show at once (for example a reminder caught up by grace, marked late).
    public var showNow: [NotificationRequest]
    /// Candidates a rule or policy held back, with the reason.
    public var suppressed: [Suppression]
    /// Why a pending request that is no longer desired is removed; `reschedule` when absent.
    public var removalReasons: [String: NotificationReason]

    /// Creates a plan.
    ///
    /// - Parameters:
    ///   - desired: The requests that should be pending.
    ///   - showNow: Requests to show at once.
    ///   - suppressed: Candidates held back, with reasons.
    ///   - removalReasons: Reasons for removing pending requests no longer desired.
    public init(
        desired: [NotificationRequest] = [], showNow: [NotificationRequest] = [], suppressed: [Suppression] = [],
        removalReasons: [String: NotificationReason] = [:]
    ) {
        self.desired = desired
        self.showNow = showNow
        self.suppressed = suppressed
        self.removalReasons = removalReasons
    }
}
