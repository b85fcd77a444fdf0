/// A shown notification to take off the screen, and why (`expired`, `responded`, `snoozed`).
public struct Withdrawal: Hashable, Sendable {
    /// The shown notification's identifier.
    public var identifier: String
    /// Why it is withdrawn.
    public var reason: NotificationReason

    /// Creates a withdrawal.
    ///
    /// - Parameters:
    ///   - identifier: The shown notification's identifier.
    ///   - reason: Why it is withdrawn.
    public init(identifier: String, reason: NotificationReason) {
        self.identifier = identifier
        self.reason = reason
    }
}
