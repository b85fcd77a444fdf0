public import Foundation
public import WaveNotifications
public import WaveStrings

/// One thing a ``LinuxNotificationManager`` did or met, as its observer sees it.
public enum ManagerEvent: Sendable, CustomStringConvertible {
    /// A request was added; nothing with its identifier was pending.
    case scheduled(PendingNotification)
    /// A request was added with the identifier of a pending one, which it replaced.
    case replaced(old: PendingNotification, new: PendingNotification)
    /// A pending request was removed (one event per request), with the reason the caller gave: `reschedule`
    /// for a WorldWideWaves cancellation.
    case cancelled(PendingNotification, reason: NotificationReason)
    /// A request entered the armed set (when added, or promoted from the backlog when a slot freed).
    case armed(PendingNotification)
    /// A request is waiting in the backlog because the armed set is full of sooner ones.
    case backlogged(PendingNotification)
    /// A notification was shown: it reached its sink; ``NotificationDelivery/lateness`` says how late.
    case delivered(NotificationDelivery)
    /// A shown notification was withdrawn: asked for, removed with its request, `expired` or `collapsed`.
    case withdrawn(ShownNotification, reason: NotificationReason)
    /// A due request was not shown, for the reason given (`expired`: its expiry had passed when it came due).
    case suppressed(PendingNotification, reason: NotificationReason)
    /// A saved request's instant passed more than the grace period ago while the manager was down, so it was
    /// dropped rather than shown late (a suppression with reason `missed`).
    case missed(PendingNotification, lateness: Duration)
    /// Something failed; the manager carried on.
    case failed(ManagerFailure)
    /// Saved state was loaded at start: how many were re-armed, delivered late and recorded as missed.
    case restored(rearmed: Int, late: Int, missed: Int)
    /// A `state.json` of an earlier build was imported into the database at start, with this many pending requests,
    /// and renamed to `movedTo` (kept, never deleted).
    case imported(pending: Int, movedTo: URL)
    /// What is pending, soonest first, sent when ``LinuxNotificationManager/reportPendingSnapshot()`` asks.
    case pending([PendingNotification])
    /// A text's key is missing from the wanted language's table, reported once per language, table and key: the
    /// notification showed the English text, or the key itself when no table has it. It reaches the observer through
    /// a ``ManagerLocalizationObserver`` given to the resolver.
    case translationMissing(MissingTranslation)
    /// A language's strings table exists but cannot be parsed; its texts fall back along the language chain. It
    /// reaches the observer through a ``ManagerLocalizationObserver`` given to the resolver.
    case stringsTableUnusable(language: String, error: StringsParseError)

    /// The reason of a removal, withdrawal or suppression, as observers log it; `nil` for other events.
    public var reason: NotificationReason? {
        switch self {
        case .cancelled(_, let reason), .withdrawn(_, let reason), .suppressed(_, let reason): return reason
        case .missed: return .missed
        default: return nil
        }
    }

    public var description: String {
        switch self {
        case .scheduled(let notification):
            return "scheduled \(notification.identifier) at \(notification.fireDate)"
        case .replaced(let old, let new):
            return "replaced \(new.identifier): \(old.fireDate) -> \(new.fireDate)"
        case .cancelled(let notification, let reason):
            return "cancelled \(notification.identifier) (\(reason))"
        case .armed(let notification):
            return "armed \(notification.identifier)"
        case .backlogged(let notification):
            return "backlogged \(notification.identifier)"
        case .delivered(let delivery):
            return "delivered \(delivery.identifier) \(delivery.lateness) late"
                + (delivery.isLate ? " (after restart)" : "")
        case .withdrawn(let shown, let reason):
            return "withdrawn \(shown.identifier) (\(reason))"
        case .suppressed(let notification, let reason):
            return "suppressed \(notification.identifier) (\(reason))"
        case .missed(let notification, let lateness):
            return "missed \(notification.identifier), \(lateness) late"
        case .failed(let failure):
            return "failed: \(failure)"
        case .restored(let rearmed, let late, let missed):
            return "restored: \(rearmed) re-armed, \(late) late, \(missed) missed"
        case .pending(let notifications):
            return "pending: \(notifications.count)"
        case .imported(let pending, let movedTo):
            return "imported \(pending) pending from state.json, kept as \(movedTo.lastPathComponent)"
        case .translationMissing(let missing):
            return "translation missing: \(missing)"
        case .stringsTableUnusable(let language, let error):
            return "strings table of '\(language)' unusable, its texts fall back: \(error)"
        }
    }
}

/// What failed inside a ``LinuxNotificationManager``; each is reported through its observer.
public enum ManagerFailure: Sendable, CustomStringConvertible {
    /// The sink threw while showing the request with this identifier; it counts as attempted and is not retried.
    case delivery(String, error: any Error)
    /// The sink threw while withdrawing shown notifications; the text names the identifiers or the thread.
    case withdrawal(String, error: any Error)
    /// Saving the state failed; the change is kept in memory and the next successful save includes it.
    case persistence(any Error)
    /// The state file of an earlier build was unreadable; it was renamed to `movedTo` (never deleted) and nothing
    /// was imported from it.
    case damagedStateFile(StateFileDamage, movedTo: URL)
    /// A suppressed request with this identifier could not be added to the inbox.
    case inbox(String, error: any Error)

    public var description: String {
        switch self {
        case .delivery(let identifier, let error):
            return "delivering \(identifier): \(error)"
        case .withdrawal(let target, let error):
            return "withdrawing shown notifications of \(target): \(error)"
        case .persistence(let error):
            return "saving state: \(error)"
        case .damagedStateFile(let damage, let url):
            return "state file damaged (\(damage)); moved aside to \(url.path), nothing imported from it"
        case .inbox(let identifier, let error):
            return "adding suppressed \(identifier) to the inbox: \(error)"
        }
    }
}
