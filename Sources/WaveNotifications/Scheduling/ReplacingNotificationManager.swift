/// A manager whose ``NotificationManager/replaceAllNotifications(eventID:with:)`` is its own, carrying out an event's
/// cancellation and its schedules in one step, so ``DefaultNotificationScheduler`` syncs an event it keeps with that
/// one call instead of a cancellation and a batch.
///
/// Contract, beyond ``BatchingNotificationManager``'s: the call leaves, reports and counts exactly what
/// ``NotificationManager/cancelAllNotifications(eventID:)`` followed by ``NotificationManager/scheduleNotifications(_:)``
/// would; when it throws before changing anything (an invalid event id, a stopped manager), the caller makes those
/// two calls instead and sees each one's own outcome. A manager that can fail after a change (a storage commit) says
/// so in its documentation.
///
/// A manager relying on the protocol's default `replaceAllNotifications` must not adopt this protocol: the default
/// may throw from its schedules after its cancellation was carried out, so a caller falling back to the two calls
/// would cancel twice.
public protocol ReplacingNotificationManager: BatchingNotificationManager {}
