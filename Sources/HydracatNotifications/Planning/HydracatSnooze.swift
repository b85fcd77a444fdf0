public import WaveNotifications

/// The result of a snooze: the shown notification to withdraw (`snoozed`) and the request that repeats it.
public struct HydracatSnooze: Hashable, Sendable {
    /// The shown notification taken off the screen, reason `snoozed`.
    public var withdrawal: Withdrawal
    /// The same texts at the snooze instant + 15 minutes, identifier type `snooze` (replacing an earlier snooze).
    public var request: NotificationRequest
    /// What the planner must remember so reconciles keep the request pending.
    public var record: SnoozeRecord

    /// Creates a snooze result.
    ///
    /// - Parameters:
    ///   - withdrawal: The shown notification withdrawn.
    ///   - request: The repeating request.
    ///   - record: What to remember.
    public init(withdrawal: Withdrawal, request: NotificationRequest, record: SnoozeRecord) {
        self.withdrawal = withdrawal
        self.request = request
        self.record = record
    }
}
