public import WaveNotifications

/// Where a ``LinuxNotificationManager`` sends each notification when it fires: a console, a JSON Lines
/// stream, the desktop's notification server.
///
/// Implementation requirements: throw when the notification could not be shown. The manager reports the
/// error to its observer and carries on with the next notification; it never retries.
public protocol NotificationSink: Sendable {
    /// Shows one notification.
    ///
    /// - Parameter delivery: The notification, its rendered text and its timing.
    /// - Throws: When it could not be shown.
    func deliver(_ delivery: NotificationDelivery) async throws

    /// Withdraws what is still shown for a cancelled request, if the sink can; does nothing by default.
    ///
    /// The manager calls this for every valid cancellation, whether or not anything was pending, since a
    /// notification that already fired may still be on screen.
    ///
    /// - Parameters:
    ///   - eventID: The event whose notifications were cancelled.
    ///   - trigger: The cancelled trigger, or `nil` when every notification of the event was cancelled.
    /// - Throws: When a shown notification could not be withdrawn.
    func cancelled(eventID: String, trigger: NotificationTrigger?) async throws
}

extension NotificationSink {
    /// Does nothing: most sinks cannot take back what they printed.
    ///
    /// - Parameters:
    ///   - eventID: The event whose notifications were cancelled.
    ///   - trigger: The cancelled trigger, or `nil` for all of them.
    public func cancelled(eventID: String, trigger: NotificationTrigger?) async throws {}
}
