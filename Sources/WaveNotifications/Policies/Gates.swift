/// Gates: the platform permission and the user's own setting must both allow a notification.
///
/// The permission is checked first: `denied` or `notDetermined` drops every request with `permission_denied`;
/// then the user's setting off drops every request with `user_disabled`. With both open, `provisional` lowers each
/// request to the passive interruption level and `authorized` keeps it. When a gate closes, every pending request
/// is removed with ``closedReason``; nothing is shown until both are open again.
public struct Gates: PerRequestPolicy, Hashable {
    /// The platform permission.
    public var permission: PermissionStatus
    /// The user's own switch in the app (or for this mode).
    public var userEnabled: Bool

    /// Creates the gates.
    ///
    /// - Parameters:
    ///   - permission: The platform permission.
    ///   - userEnabled: The user's own switch.
    public init(permission: PermissionStatus, userEnabled: Bool) {
        self.permission = permission
        self.userEnabled = userEnabled
    }

    /// Why the gates are closed, permission first; `nil` when both are open.
    public var closedReason: NotificationReason? {
        if !permission.allowsDelivery { return .permissionDenied }
        if !userEnabled { return .userDisabled }
        return nil
    }

    /// Dropped when a gate is closed; lowered to passive under provisional permission; else kept.
    ///
    /// - Parameters:
    ///   - proposed: The request.
    ///   - context: Unused: gates do not depend on time.
    /// - Returns: The decision.
    public func decision(for proposed: ProposedRequest, in context: PolicyContext) -> PolicyDecision {
        if let reason = closedReason { return .dropped(reason) }
        if permission == .provisional && proposed.request.interruptionLevel != .passive {
            return .lowered(to: .passive)
        }
        return .kept
    }

    /// The removal reason of every pending request while a gate is closed, for a reconcile.
    ///
    /// - Parameter pending: The pending requests.
    /// - Returns: ``closedReason`` for each identifier, or an empty map when both gates are open.
    public func removalReasons(for pending: [NotificationRequest]) -> [String: NotificationReason] {
        guard let reason = closedReason else { return [:] }
        return Dictionary(pending.map { ($0.identifier, reason) }, uniquingKeysWith: { first, _ in first })
    }
}
