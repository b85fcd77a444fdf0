/// A manager whose batch calls, ``NotificationManager/scheduleNotifications(_:)`` and
/// ``NotificationManager/cancelAllNotifications(eventIDs:)``, are its own: each batch is taken in one step, so
/// ``DefaultNotificationScheduler`` hands it an event's notifications in one call instead of one call each.
///
/// Contract, beyond ``NotificationManager``'s:
/// - A batch has the effect of the single calls made in order, each delay counted from the batch's call.
/// - A batch that throws was refused before anything changed (an invalid event id, a stopped manager), so the
///   caller may make the single calls instead and see each one's own outcome. A manager that can fail after a
///   change (a storage commit) says so in its documentation.
///
/// A manager relying on the protocol's default batch calls must not adopt this protocol: those stop at the first
/// call that throws, after the earlier calls were carried out, so a caller falling back to single calls would
/// repeat them.
public protocol BatchingNotificationManager: NotificationManager {}
