public import Foundation
public import WaveNotifications

/// What an app's rules may read at a moment of the replay: the device, the permission and what was shown.
struct AppReplayContext: Sendable {
    /// The current instant.
    var now: Date
    /// The device's time zone.
    var timeZone: TimeZone
    /// The platform permission.
    var permission: AppPermission
    /// When the replay started; occurrences before it do not count.
    var replayStart: Date
    /// Every notification shown so far in the replay, in the order shown.
    var shown: [ShownNotification]
    /// The requests pending on the platform, soonest first.
    var pending: [NotificationRequest]
}

/// The platform permission as the scenario states it.
enum AppPermission: String, Sendable, Hashable, CaseIterable {
    /// Not asked yet: nothing is shown.
    case notDetermined
    /// Refused: nothing is shown.
    case denied
    /// Quiet delivery: shown with the passive interruption level.
    case provisional
    /// Allowed.
    case authorized

    /// Whether notifications may be shown at all.
    var allowsShowing: Bool { self == .provisional || self == .authorized }
}

/// A notification the replay showed.
struct ShownNotification: Sendable, Hashable {
    /// The request as shown.
    var request: NotificationRequest
    /// When it was shown.
    var shownAt: Date
    /// When it was withdrawn, and why, if it was.
    var withdrawn: (at: Date, reason: NotificationReason)?

    static func == (lhs: ShownNotification, rhs: ShownNotification) -> Bool {
        lhs.request == rhs.request && lhs.shownAt == rhs.shownAt && lhs.withdrawn?.at == rhs.withdrawn?.at
            && lhs.withdrawn?.reason == rhs.withdrawn?.reason
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(request.identifier)
        hasher.combine(shownAt)
    }
}
