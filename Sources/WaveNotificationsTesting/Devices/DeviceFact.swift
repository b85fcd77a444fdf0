public import WaveNotifications

/// What a simulated device did on its own as time passed, without the app.
public enum DeviceFact: Hashable, Sendable {
    /// A request it held came due: the system shows it (unless the permission forbids it) without running the app.
    case due(NotificationRequest)
    /// A request it held was shown after its instant (Android in Doze, in a low bucket, an inexact alarm).
    case shownLate(NotificationRequest, DeliveryDelay)
    /// A request the app wanted came due while the device did not hold it: the user never sees it.
    case lost(NotificationRequest, reason: LossReason)
    /// A request it held came to run but was not shown: Android's cap of 50 on screen
    /// (``NotificationReason/androidNotificationCap``), or its expiry passed while the device held it
    /// (``NotificationReason/expired``).
    case notShown(NotificationRequest, reason: NotificationReason)

    /// The request's identifier.
    public var identifier: String {
        switch self {
        case .due(let request), .shownLate(let request, _), .lost(let request, _), .notShown(let request, _):
            return request.identifier
        }
    }
}

/// Why a device did not hold a request the app wanted.
public enum LossReason: String, Hashable, Sendable, CaseIterable {
    /// The center held the soonest up to its limit (64 on iOS) and discarded this one.
    case pendingLimit = "pending_limit"
    /// A reboot removed it (Android) and the app did not hand it over again before its instant.
    case reboot
    /// Android revoked exact alarms and deleted it, and the app did not run to hand it over again before its instant.
    case exactAlarmRevoked = "exact_alarm_revoked"
    /// The user force-stopped the app (Android), which removed it, and did not open the app again before its instant.
    case forceStop = "force_stop"

    /// The reason in words, for a timeline: `the device restarted`, `over the platform's pending limit`.
    public var words: String {
        switch self {
        case .pendingLimit: "over the platform's pending limit"
        case .reboot: "the device restarted"
        case .exactAlarmRevoked: "exact alarms were revoked"
        case .forceStop: "the app was force-stopped"
        }
    }
}
