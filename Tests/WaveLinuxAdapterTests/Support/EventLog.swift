import WaveLinuxAdapter
import WaveNotifications
import WaveStrings

/// An observer that keeps every event, in order.
final class EventLog: NotificationManagerObserver {
    private let events = WaveLock<[ManagerEvent]>([])

    var all: [ManagerEvent] { events.withLock { $0 } }

    /// The events' descriptions, short enough to compare in assertions.
    var names: [String] {
        all.map { event in
            switch event {
            case .scheduled(let notification): return "scheduled \(notification.identifier)"
            case .replaced(_, let new): return "replaced \(new.identifier)"
            case .cancelled(let notification, _): return "cancelled \(notification.identifier)"
            case .armed(let notification): return "armed \(notification.identifier)"
            case .backlogged(let notification): return "backlogged \(notification.identifier)"
            case .delivered(let delivery): return "delivered \(delivery.identifier)"
            case .withdrawn(let shown, let reason): return "withdrawn \(shown.identifier) \(reason)"
            case .suppressed(let notification, let reason): return "suppressed \(notification.identifier) \(reason)"
            case .missed(let notification, _): return "missed \(notification.identifier)"
            case .failed(let failure): return "failed \(failure)"
            case .restored(let rearmed, let late, let missed): return "restored \(rearmed)/\(late)/\(missed)"
            case .pending(let notifications): return "pending \(notifications.count)"
            case .imported(let pending, _): return "imported \(pending)"
            case .translationMissing(let missing): return "translation missing \(missing.key)"
            case .stringsTableUnusable(let language, _): return "strings table unusable \(language)"
            }
        }
    }

    var failures: [ManagerFailure] {
        all.compactMap { event in
            if case .failed(let failure) = event { return failure }
            return nil
        }
    }

    func manager(didReport event: ManagerEvent) {
        events.withLock { $0.append(event) }
    }
}
