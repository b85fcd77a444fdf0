/// The platform calls that turn the pending requests into the desired ones, computed without calling anything.
///
/// Rules (`docs/core.md`, "Reconcile"):
/// - A pending request whose identifier is not desired is removed, with the reason given for its identifier, or
///   `reschedule` when none is given. Removals are batched: one call per reason, reasons in
///   ``NotificationReason`` declaration order, identifiers in pending order.
/// - A desired request that is not pending, or that differs from the pending one with its identifier in any field,
///   is added (adding replaces). Additions are batched in one call, in desired order; when an identifier is desired
///   twice, the last one counts.
/// - Requests to show now are shown, one call each, after the removals and the addition.
/// - Equal requests cause no call: planning again against the result gives no calls at all.
public struct ReconcilePlan: Hashable, Sendable {
    /// The calls, in the order they are to be made: removals, the addition, then shows.
    public var calls: [ReconcileCall]

    /// Creates a plan from its calls.
    ///
    /// - Parameter calls: The calls, in order.
    public init(calls: [ReconcileCall]) {
        self.calls = calls
    }

    /// Plans a reconcile.
    ///
    /// - Parameters:
    ///   - desired: The requests that should be pending.
    ///   - pending: The pending requests, as the platform lists them.
    ///   - removalReasons: The reason for removing a pending identifier; `reschedule` when absent.
    ///   - showNow: Requests to show at once.
    public init(
        desired: [NotificationRequest], pending: [NotificationRequest],
        removalReasons: [String: NotificationReason] = [:], showNow: [NotificationRequest] = []
    ) {
        // Indices, not copies: a request is a large value, and a reconcile of tens of thousands of requests that
        // copied each into a dictionary spent most of its time retaining and releasing their fields.
        var desiredIndex: [String: Int] = [:]
        desiredIndex.reserveCapacity(desired.count)
        var desiredOrder: [Int] = []
        desiredOrder.reserveCapacity(desired.count)
        for (index, request) in desired.enumerated() {
            if desiredIndex.updateValue(index, forKey: request.identifier) == nil {
                desiredOrder.append(index)
            }
        }
        var pendingIndex: [String: Int] = [:]
        pendingIndex.reserveCapacity(pending.count)
        var removalsByReason: [NotificationReason: [String]] = [:]
        for (index, request) in pending.enumerated() where pendingIndex[request.identifier] == nil {
            pendingIndex[request.identifier] = index
            if desiredIndex[request.identifier] == nil {
                removalsByReason[removalReasons[request.identifier] ?? .reschedule, default: []]
                    .append(request.identifier)
            }
        }
        var calls: [ReconcileCall] = []
        for reason in NotificationReason.allCases {
            if let identifiers = removalsByReason[reason] {
                calls.append(.removePending(identifiers: identifiers, reason: reason))
            }
        }
        var additions: [NotificationRequest] = []
        for first in desiredOrder {
            // A repeated identifier keeps its first place and its last request.
            let identifier = desired[first].identifier
            let latest = desiredIndex[identifier]!
            if let pendingAt = pendingIndex[identifier], pending[pendingAt] == desired[latest] { continue }
            additions.append(desired[latest])
        }
        if !additions.isEmpty { calls.append(.add(additions)) }
        calls.append(contentsOf: showNow.map(ReconcileCall.show))
        self.calls = calls
    }

    /// Plans the reconcile of an app's plan: its desired requests, removal reasons and requests to show now.
    ///
    /// - Parameters:
    ///   - plan: What the app's rules want.
    ///   - pending: The pending requests, as the platform lists them.
    public init(_ plan: NotificationPlan, pending: [NotificationRequest]) {
        self.init(
            desired: plan.desired, pending: pending, removalReasons: plan.removalReasons, showNow: plan.showNow)
    }

    /// Whether the plan makes no call.
    public var isEmpty: Bool { calls.isEmpty }
}
