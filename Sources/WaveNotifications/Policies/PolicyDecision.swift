public import Foundation

/// What one policy says about one proposed request.
public enum PolicyDecision: Hashable, Sendable, CustomStringConvertible {
    /// Left as it is.
    case kept
    /// Kept, to fire at another instant (quiet hours deferred to their end, a follow-up out of its window).
    case moved(to: Date)
    /// Its fire instant passed within the grace period: shown at the given instant, marked late.
    case late(showAt: Date)
    /// Kept, delivered with a lower interruption level (provisional permission → passive).
    case lowered(to: NotificationChannel.InterruptionLevel)
    /// Not shown, for the reason given.
    case dropped(NotificationReason)

    /// The reason when dropped, else `nil`.
    public var droppedReason: NotificationReason? {
        if case .dropped(let reason) = self { return reason }
        return nil
    }

    public var description: String {
        switch self {
        case .kept: return "kept"
        case .moved(let instant): return "moved(\(instant.formatted(.iso8601)))"
        case .late(let instant): return "late(\(instant.formatted(.iso8601)))"
        case .lowered(let level): return "lowered(\(level.rawValue))"
        case .dropped(let reason): return "dropped(\(reason))"
        }
    }
}
