public import Foundation

/// Something a ``NotificationSession`` did or decided, at an instant: what a user saw, and why others were not
/// shown.
///
/// Every call of a session (and of the app services built on it) returns the events it caused, in order, so an app
/// can log or show them. Nothing a policy holds back is just missing: it is a ``suppressed(_:at:)``.
public enum NotificationEvent: Hashable, Sendable {
    /// A notification was shown; `late` when it was shown after its fire instant (caught up by grace).
    case delivered(NotificationRequest, at: Date, late: Bool)
    /// A candidate was not shown, and why; `at` is the decision instant.
    case suppressed(Suppression, at: Date)
    /// A pending request was removed before it fired.
    case cancelled(identifier: String, reason: NotificationReason, at: Date)
    /// A shown notification was taken off the screen.
    case withdrawn(identifier: String, reason: NotificationReason, at: Date)

    /// When it happened.
    public var instant: Date {
        switch self {
        case .delivered(_, let at, _), .suppressed(_, let at), .cancelled(_, _, let at), .withdrawn(_, _, let at):
            return at
        }
    }

    /// The identifier of the request it is about.
    public var identifier: String {
        switch self {
        case .delivered(let request, _, _): return request.identifier
        case .suppressed(let suppression, _): return suppression.identifier
        case .cancelled(let identifier, _, _), .withdrawn(let identifier, _, _): return identifier
        }
    }
}
