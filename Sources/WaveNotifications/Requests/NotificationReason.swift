/// Why a request was not shown, was removed while pending, or was withdrawn after it was shown.
///
/// The raw values are stable names, the ones observers log and an app's logs or outputs carry: renaming one
/// changes what they read.
public enum NotificationReason: String, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// Its fire instant falls inside quiet hours and the policy suppresses rather than defers.
    case quietHours = "quiet_hours"
    /// A daily cap (per key or in total) was already reached by better-ranked requests.
    case dailyCap = "daily_cap"
    /// The same subject was already shown, or its cap key was shown shortly before.
    case alreadyNotified = "already_notified"
    /// Its fire instant passed longer ago than the grace period allows.
    case missed
    /// It could not be shown before it expired, or a shown one reached its expiry.
    case expired
    /// The platform permission does not allow notifications.
    case permissionDenied = "permission_denied"
    /// The user turned notifications (or this mode) off in the app.
    case userDisabled = "user_disabled"
    /// The user turned the request's channel or category off.
    case categoryDisabled = "category_disabled"
    /// The data the request was computed from is too old to trust.
    case staleData = "stale_data"
    /// The window the request announces has already ended.
    case windowPassed = "window_passed"
    /// A reconcile no longer wants it (or wants it differently).
    case reschedule
    /// The user acted on it (logged, answered, completed).
    case responded
    /// The user snoozed it; the same content comes back later.
    case snoozed
    /// A newer notification with the same collapse id replaced it.
    case collapsed
    /// The device restarted and the platform forgot its pending requests (Android's alarms).
    case reboot
    /// Android already showed 50 of the app's notifications, its cap per app: one more is not shown.
    case androidNotificationCap = "android_notification_cap"
    /// The user force-stopped the app (Android): the system removed its pending requests and what it had on screen.
    case forceStop = "force_stop"

    public var description: String { rawValue }
}
