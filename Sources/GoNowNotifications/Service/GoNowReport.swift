public import WaveNotifications

/// What one call of ``GoNowNotificationService`` did: the notification events and the analytics events GoNow logs,
/// interleaved in the order they happened.
///
/// An app prints or stores the ``NotificationEvent``s and sends the ``GoNowAnalyticsEvent``s to its analytics; keep
/// ``entries`` when the order between the two matters (a `notif_fired` follows its delivery, a
/// `notif_dst_reschedule` comes before the cancellations of its reconcile).
public struct GoNowReport: Hashable, Sendable {
    /// One thing that happened: a notification event or an analytics event.
    public enum Entry: Hashable, Sendable {
        /// Shown, held back, cancelled or withdrawn.
        case notification(NotificationEvent)
        /// An event of GoNow's analytics table (`notif_scheduled`, `notif_fired`, …).
        case analytics(GoNowAnalyticsEvent)
    }

    /// Everything that happened, in order.
    public var entries: [Entry]

    /// Creates a report.
    ///
    /// - Parameter entries: What happened, in order.
    public init(entries: [Entry] = []) {
        self.entries = entries
    }

    /// The notification events alone, in order.
    public var events: [NotificationEvent] {
        entries.compactMap { if case .notification(let event) = $0 { event } else { nil } }
    }

    /// The analytics events alone, in order.
    public var analytics: [GoNowAnalyticsEvent] {
        entries.compactMap { if case .analytics(let event) = $0 { event } else { nil } }
    }
}
