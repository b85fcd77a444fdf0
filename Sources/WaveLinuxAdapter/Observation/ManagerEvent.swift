public import Foundation
public import WaveNotifications

/// One thing a ``LinuxNotificationManager`` did or met, as its observer sees it.
public enum ManagerEvent: Sendable, CustomStringConvertible {
    /// A notification was scheduled; nothing with its identifier was pending.
    case scheduled(PendingNotification)
    /// A notification was scheduled with the identifier of a pending one, which it replaced.
    case replaced(old: PendingNotification, new: PendingNotification)
    /// A pending notification was cancelled; `cancelAllNotifications` reports one per notification removed.
    case cancelled(PendingNotification)
    /// A notification entered the armed set (at scheduling, or promoted from the backlog when a slot freed).
    case armed(PendingNotification)
    /// A notification is waiting in the backlog because the armed set is full of sooner ones.
    case backlogged(PendingNotification)
    /// A notification reached its sink; ``NotificationDelivery/lateness`` says how late.
    case delivered(NotificationDelivery)
    /// A saved notification's instant passed more than the grace period ago while the manager was down,
    /// so it was dropped rather than shown late.
    case missed(PendingNotification, lateness: Duration)
    /// Something failed; the manager carried on.
    case failed(ManagerFailure)
    /// Saved state was loaded at start: how many were re-armed, delivered late and recorded as missed.
    case restored(rearmed: Int, late: Int, missed: Int)
    /// What is pending, soonest first, sent when ``LinuxNotificationManager/reportPendingSnapshot()`` asks.
    case pending([PendingNotification])

    public var description: String {
        switch self {
        case .scheduled(let notification):
            return "scheduled \(notification.identifier) at \(notification.fireDate)"
        case .replaced(let old, let new):
            return "replaced \(new.identifier): \(old.fireDate) -> \(new.fireDate)"
        case .cancelled(let notification):
            return "cancelled \(notification.identifier)"
        case .armed(let notification):
            return "armed \(notification.identifier)"
        case .backlogged(let notification):
            return "backlogged \(notification.identifier)"
        case .delivered(let delivery):
            return "delivered \(delivery.identifier) \(delivery.lateness) late"
                + (delivery.isLate ? " (after restart)" : "")
        case .missed(let notification, let lateness):
            return "missed \(notification.identifier), \(lateness) late"
        case .failed(let failure):
            return "failed: \(failure)"
        case .restored(let rearmed, let late, let missed):
            return "restored: \(rearmed) re-armed, \(late) late, \(missed) missed"
        case .pending(let notifications):
            return "pending: \(notifications.count)"
        }
    }
}

/// What failed inside a ``LinuxNotificationManager``; each is reported through its observer.
public enum ManagerFailure: Sendable, CustomStringConvertible {
    /// The sink threw while delivering; the notification counts as attempted and is not retried.
    case delivery(NotificationIdentifier, error: any Error)
    /// The sink threw while withdrawing the shown notifications of a cancelled event.
    case withdrawal(eventID: String, error: any Error)
    /// Saving the state failed; the change is kept in memory and the next successful save includes it.
    case persistence(any Error)
    /// The state file was unreadable; it was renamed to `movedTo` (never deleted) and the manager started empty.
    case damagedStateFile(StateFileDamage, movedTo: URL)

    public var description: String {
        switch self {
        case .delivery(let identifier, let error):
            return "delivering \(identifier): \(error)"
        case .withdrawal(let eventID, let error):
            return "withdrawing shown notifications of \(eventID): \(error)"
        case .persistence(let error):
            return "saving state: \(error)"
        case .damagedStateFile(let damage, let url):
            return "state file damaged (\(damage)); moved aside to \(url.path), starting empty"
        }
    }
}
