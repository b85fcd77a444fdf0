public import Foundation
public import WaveNotifications

/// Decides, at the instant a request comes due (or is shown at once), whether a ``LinuxNotificationManager``
/// shows it: the place for checks that only make sense then (the platform permission, a channel the user switched
/// off, quiet hours for a push).
///
/// Implementation requirements: decide from the request, the instant and the app's own settings only; return
/// quickly; never call back into the manager (it is waiting for the answer). A suppressed request is reported as
/// ``ManagerEvent/suppressed(_:reason:)``, goes to the manager's inbox when it has one, and is removed: it is not
/// asked about again.
public protocol NotificationDeliveryGate: Sendable {
    /// Whether a due request is shown.
    ///
    /// - Parameters:
    ///   - request: The request that came due.
    ///   - instant: The instant it is being shown at, on the manager's clock.
    /// - Returns: `nil` to show it, or why it is not shown (`permission_denied`, `category_disabled`,
    ///   `quiet_hours`, …).
    func suppressionReason(for request: NotificationRequest, at instant: Date) async -> NotificationReason?
}
