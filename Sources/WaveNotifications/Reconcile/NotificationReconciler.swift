/// Applies reconciles to a platform conformer: lists the pending requests, plans, and makes the planned calls.
///
/// The pending list is read once per reconcile (a read, not a change). Calls are made in plan order; when one
/// throws, the later ones are not made and ``ReconcileError`` says which calls were made.
public struct NotificationReconciler: Sendable {
    /// The platform conformer.
    public let center: any NotificationRequestCenter

    /// Creates a reconciler.
    ///
    /// - Parameter center: The platform conformer.
    public init(center: any NotificationRequestCenter) {
        self.center = center
    }

    /// Reconciles the pending requests with an app's plan.
    ///
    /// - Parameter plan: The desired requests, removal reasons and requests to show now.
    /// - Returns: Every call made, in order; empty when nothing differed.
    /// - Throws: ``ReconcileError`` when listing or a call fails.
    @discardableResult
    public func reconcile(_ plan: NotificationPlan) async throws(ReconcileError) -> [ReconcileCall] {
        let pending: [NotificationRequest]
        do {
            pending = try await center.pendingRequests()
        } catch {
            throw ReconcileError(callsMade: [], failedCall: nil, underlying: error)
        }
        return try await apply(ReconcilePlan(plan, pending: pending))
    }

    /// Reconciles the pending requests with desired ones.
    ///
    /// - Parameters:
    ///   - desired: The requests that should be pending.
    ///   - removalReasons: The reason for removing a pending identifier; `reschedule` when absent.
    /// - Returns: Every call made, in order; empty when nothing differed.
    /// - Throws: ``ReconcileError`` when listing or a call fails.
    @discardableResult
    public func reconcile(
        desired: [NotificationRequest], removalReasons: [String: NotificationReason] = [:]
    ) async throws(ReconcileError) -> [ReconcileCall] {
        try await reconcile(NotificationPlan(desired: desired, removalReasons: removalReasons))
    }

    /// Makes a plan's calls, in order.
    ///
    /// - Parameter plan: The planned calls.
    /// - Returns: The calls made (all of them).
    /// - Throws: ``ReconcileError`` naming the calls made before the one that failed.
    @discardableResult
    public func apply(_ plan: ReconcilePlan) async throws(ReconcileError) -> [ReconcileCall] {
        var made: [ReconcileCall] = []
        for call in plan.calls {
            do {
                try await call.perform(on: center)
            } catch {
                throw ReconcileError(callsMade: made, failedCall: call, underlying: error)
            }
            made.append(call)
        }
        return made
    }
}
