public import Foundation
internal import WaveNotifications

// What is pending and armed, for callers and observers: each read takes the lock once, on the caller's thread.
extension LinuxNotificationManager {
    /// How many notifications are armed: counted against the limit and able to fire.
    public var armedCount: Int { state.withLock { $0.queue.armedCount } }

    /// The most notifications armed at once since the manager last started; never above the limit.
    public var peakArmedCount: Int { state.withLock { $0.peak } }

    /// How many notifications are pending: armed plus backlog.
    public var pendingCount: Int { state.withLock { $0.queue.count } }

    /// When the next notification fires, if any is pending.
    public var nextFireDate: Date? { state.withLock { $0.queue.nextFireDate } }

    /// Every pending notification, soonest first (ties in scheduling order), each marked armed or not.
    ///
    /// - Returns: The pending notifications.
    public func pendingSnapshot() -> [PendingNotification] {
        NotificationQueue.sortedPending(state.withLock { $0.queue.slotsSnapshot })
    }

    /// Sends ``ManagerEvent/pending(_:)`` with ``pendingSnapshot()`` to the observer.
    public func reportPendingSnapshot() {
        observer.manager(didReport: .pending(pendingSnapshot()))
    }
}
