internal import Foundation

/// A reconcile moment of an app replay: when, and what caused it.
struct LegacyMoment: Sendable, Hashable {
    /// What caused a reconcile.
    enum Cause: Sendable, Hashable {
        /// The replay's first instant.
        case start
        /// A `launch` action: the app opened.
        case launch
        /// A `settings` action.
        case settings
        /// A `permission` action.
        case permission
        /// A `timeZone` action: the device moved.
        case timeZone
        /// An action of the app's own (GoNow `forecast`, Hydracat `log`, GrowBro task actions), by its type name.
        case appAction(String)
        /// A moment of the app's own, such as local midnight or Monday 09:00.
        case ownMoment
        /// The zone's UTC offset changed (a DST transition): the app's background check.
        case offsetChange(oldOffset: Int, newOffset: Int)
    }

    /// When it happens.
    var instant: Date
    /// What caused it.
    var cause: Cause

    /// Whether the app is in the foreground: the start, `launch`, `settings`, `permission` and the app's own
    /// user actions; background checks (a DST change, a `timeZone` move, the app's own timers) are not.
    var isForeground: Bool {
        switch cause {
        case .start, .launch, .settings, .permission, .appAction: return true
        case .timeZone, .ownMoment, .offsetChange: return false
        }
    }
}
