public import WaveNotifications

/// What Hydracat wants at one reconcile moment: the core's plan plus the shown notifications to withdraw.
public struct HydracatPlan: Hashable, Sendable {
    /// Metadata key set to `true` on requests shown late by grace.
    public static let lateMetadataKey = "late"

    /// Pending requests wanted, requests to show now (late ones marked), suppressions and removal reasons.
    public var plan: NotificationPlan
    /// Shown notifications to withdraw: logged slots (`responded`), shown before today (`expired`).
    public var withdrawals: [Withdrawal]

    /// Creates a plan.
    ///
    /// - Parameters:
    ///   - plan: The core plan.
    ///   - withdrawals: Shown notifications to withdraw.
    public init(plan: NotificationPlan = NotificationPlan(), withdrawals: [Withdrawal] = []) {
        self.plan = plan
        self.withdrawals = withdrawals
    }

    /// Whether a request in ``NotificationPlan/showNow`` is shown late, by grace after its fire instant.
    ///
    /// - Parameter request: A request of this plan.
    /// - Returns: `true` when its metadata marks it late.
    public static func isLate(_ request: NotificationRequest) -> Bool {
        request.metadataValue(forKey: lateMetadataKey) == "true"
    }
}
