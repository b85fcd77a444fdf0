public import WaveNotifications

/// Where a ``LinuxNotificationManager`` sends each notification when it fires: a console, a JSON Lines
/// stream, the desktop's notification server.
///
/// Implementation requirements: throw when the notification could not be shown. The manager reports the
/// error to its observer and carries on with the next notification; it never retries.
public protocol NotificationSink: Sendable {
    /// Shows one notification.
    ///
    /// - Parameter delivery: The notification, its request, its rendered text and its timing.
    /// - Throws: When it could not be shown.
    func deliver(_ delivery: NotificationDelivery) async throws

    /// Withdraws what is still shown for these requests, if the sink can; does nothing by default.
    ///
    /// The manager calls this when it withdraws a shown notification (``LinuxNotificationManager/withdrawShown(identifiers:reason:)``,
    /// expiry, collapse) and also for every removal of pending requests, whether or not anything was pending or
    /// known to be shown, since a notification shown earlier (perhaps by an earlier run) may still be on screen.
    /// Identifiers the sink has not shown are ignored.
    ///
    /// - Parameters:
    ///   - identifiers: Request identifiers whose shown notification goes.
    ///   - threadID: When not `nil`, every notification shown for a request of this thread goes too.
    ///   - reason: Why (`reschedule` for a cancellation, `expired`, `collapsed`, `responded`, …).
    /// - Throws: When a shown notification could not be withdrawn.
    func withdraw(identifiers: [String], threadID: String?, reason: NotificationReason) async throws
}

extension NotificationSink {
    /// Does nothing: most sinks cannot take back what they printed.
    ///
    /// - Parameters:
    ///   - identifiers: Request identifiers whose shown notification goes.
    ///   - threadID: A thread whose shown notifications all go, or `nil`.
    ///   - reason: Why.
    public func withdraw(identifiers: [String], threadID: String?, reason: NotificationReason) async throws {}
}
