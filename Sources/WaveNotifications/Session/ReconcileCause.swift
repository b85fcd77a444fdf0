/// Why an app's service reconciles now: the app runs (a launch, a change of settings, a user action) or a
/// background check of its own (local midnight, a DST change, a time-zone move).
public enum ReconcileCause: Hashable, Sendable {
    /// The app's first run.
    case start
    /// The user opened the app.
    case launch
    /// The system let the app run briefly in the background.
    case backgroundRefresh
    /// The device restarted and ran the app's boot receiver (Android), whose alarms the restart removed.
    case boot
    /// The user changed the app's settings.
    case settings
    /// The platform permission changed.
    case permission
    /// The device moved to another time zone.
    case timeZone
    /// One of the app's own user actions, by its name (`forecast`, `log`, `complete`, …).
    case userAction(String)
    /// A moment of the app's own, such as local midnight or Monday 09:00.
    case ownMoment
    /// The zone's UTC offset changed (a DST transition), from `oldOffset` to `newOffset` seconds east of UTC.
    case offsetChange(oldOffset: Int, newOffset: Int)

    /// Whether the app is in the foreground: the start, a launch, a change of settings or permission, and the
    /// app's own user actions; background checks (a refresh, a boot, a DST change, a time-zone move, the app's own
    /// timers) are not.
    public var isForeground: Bool {
        switch self {
        case .start, .launch, .settings, .permission, .userAction: return true
        case .backgroundRefresh, .boot, .timeZone, .ownMoment, .offsetChange: return false
        }
    }
}
