public import Foundation
internal import WaveNotifications

// What is pending and armed, for callers and observers.
extension LinuxNotificationManager {
    /// How many notifications are armed: counted against the limit and able to fire.
    public var armedCount: Int { queue.armedCount }

    /// The most notifications armed at once since the manager last started; never above the limit.
    public var peakArmedCount: Int { peak }

    /// How many notifications are pending: armed plus backlog.
    public var pendingCount: Int { queue.count }

    /// When the next notification fires, if any is pending.
    public var nextFireDate: Date? { queue.nextFireDate }

    /// Every pending notification, soonest first (ties in scheduling order), each marked armed or not.
    ///
    /// - Returns: The pending notifications.
    public func pendingSnapshot() -> [PendingNotification] {
        queue.snapshot()
    }

    /// Sends ``ManagerEvent/pending(_:)`` with ``pendingSnapshot()`` to the observer.
    public func reportPendingSnapshot() {
        observer.manager(didReport: .pending(queue.snapshot()))
    }
}
