internal import Foundation

/// No re-notify: a subject is announced once, and a cap group is not notified twice in quick succession.
///
/// A request is dropped with `already_notified` when the history holds a notification with its dedupe key, or a
/// notification with its cap key shown in the open interval (fire instant − ``window``, fire instant): one shown
/// exactly ``window`` before is far enough, and so is one shown at the fire instant itself or later.
public struct NoRenotify: PerRequestPolicy, Hashable {
    /// How long after a notification of a cap group another of the same group is held back.
    public var window: Duration

    /// Creates the policy.
    ///
    /// - Parameter window: The hold-back after a notification of the same cap key; 30 minutes by default.
    public init(window: Duration = .seconds(30 * 60)) {
        self.window = window
    }

    /// Drops a request whose subject was shown or whose cap group was shown shortly before its fire instant.
    ///
    /// - Parameters:
    ///   - proposed: The request.
    ///   - context: Supplies the history.
    /// - Returns: `dropped(already_notified)` or `kept`.
    public func decision(for proposed: ProposedRequest, in context: PolicyContext) -> PolicyDecision {
        if let key = proposed.dedupeKey, context.history.wasShown(dedupeKey: key) {
            return .dropped(.alreadyNotified)
        }
        if let key = proposed.capKey {
            let fireAt = proposed.fireAt
            let earliest = fireAt.addingTimeInterval(-window.timeInterval)
            if context.history.wasShown(capKey: key, after: earliest, before: fireAt) {
                return .dropped(.alreadyNotified)
            }
        }
        return .kept
    }
}
