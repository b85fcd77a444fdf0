public import WaveNotifications

/// What one call of ``GoNowNotificationService`` did: the notification events and the analytics events GoNow logs
/// (its facts), interleaved in the order they happened.
///
/// An app prints or stores the ``NotificationEvent``s and sends the ``GoNowAnalyticsEvent``s to its analytics; keep
/// ``ServiceReport/entries`` when the order between the two matters (a `notif_fired` follows its delivery, a
/// `notif_dst_reschedule` comes before the cancellations of its reconcile).
public typealias GoNowReport = ServiceReport<GoNowAnalyticsEvent>

extension ServiceReport where Fact == GoNowAnalyticsEvent {
    /// The analytics events alone, in order.
    public var analytics: [GoNowAnalyticsEvent] { facts }
}
