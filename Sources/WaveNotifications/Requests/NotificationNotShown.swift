/// What a platform throws from ``NotificationRequestCenter/show(_:)`` when it took the call but did not show the
/// notification: Android's cap of 50 notifications on screen per app drops one more
/// (``NotificationReason/androidNotificationCap``).
///
/// ``NotificationSession/show(_:at:)`` reports it as a suppression with the reason, not as a failure: the app did
/// everything right, the system dropped what it showed.
public struct NotificationNotShown: Error, Hashable, Sendable {
    /// Why the platform did not show it.
    public var reason: NotificationReason

    /// Creates the error.
    ///
    /// - Parameter reason: Why the platform did not show it.
    public init(reason: NotificationReason) {
        self.reason = reason
    }
}
