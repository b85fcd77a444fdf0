package import Foundation
package import WaveNotifications

/// One step of a ``LinuxNotificationManager`` change as it reaches the database; a save applies a list of them in
/// one transaction.
///
/// Pending rows are matched by identifier and sequence, so a delivery that finishes after its request was replaced
/// removes the delivered row only, never its replacement.
package enum ManagerStoreChange: Sendable {
    /// Adds or replaces pending requests, with the manager's fire instants and order numbers.
    case upsertPending([PendingNotification])
    /// Removes these pending requests (each only if its row still has the same sequence).
    case removePending([PendingNotification])
    /// A request was shown: its pending row (when it was one) is removed, the showing is added to the history, and
    /// a shown notification that expires is kept until it is withdrawn.
    case recordShown(ShownNotification, pending: PendingNotification?, isLate: Bool)
    /// Shown notifications were withdrawn (or forgotten, with `reason` `nil`): no longer kept for expiry; a
    /// withdrawal is also written to the history.
    case withdrawShown([String], at: Date, reason: NotificationReason?)
    /// Keeps shown notifications that expire, without touching the history: an imported state's.
    case keepShown([ShownNotification])
    /// Replaces every pending request and kept shown notification: the save after a failed one.
    case replaceEverything(pending: [PendingNotification], shown: [ShownNotification])
}
