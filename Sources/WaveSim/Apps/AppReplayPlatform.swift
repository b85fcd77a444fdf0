internal import Foundation
internal import WaveNotifications

/// The platform an app replay runs on: the request seam plus the virtual clock it advances.
protocol AppReplayPlatform: NotificationRequestCenter {
    /// Moves the clock to `instant` and returns the requests that came due on the way, in delivery order.
    ///
    /// - Parameter instant: The new current instant.
    /// - Returns: The requests the platform delivered.
    func advance(to instant: Date) async -> [NotificationRequest]

    /// When the next pending request comes due.
    var nextFireDate: Date? { get async }

    /// The most requests armed at once so far.
    var peakPendingCount: Int { get async }

    /// The platform's pending budget.
    var pendingLimit: Int { get }
}
