public import WaveNotifications

/// How insistently a notification should be shown, as the freedesktop urgency hint expresses it.
public enum NotificationUrgency: UInt8, Hashable, Sendable, CustomStringConvertible {
    /// Background information (urgency byte 0).
    case low = 0
    /// A routine reminder (urgency byte 1).
    case normal = 1
    /// Something happening within the minute: the user has to act now (urgency byte 2).
    case critical = 2

    /// The urgency of a request: critical when it may break through Focus (interruption level `timeSensitive` or
    /// `critical`), otherwise low for a low-importance channel and normal for a default or high one.
    ///
    /// - Parameter request: The request being shown.
    public init(for request: NotificationRequest) {
        switch request.interruptionLevel {
        case .timeSensitive, .critical:
            self = .critical
        case .passive, .active:
            self = request.channel.importance == .low ? .low : .normal
        }
    }

    /// The urgency of a WorldWideWaves trigger: critical for the wave hit and for reminders one minute or less
    /// before the start, normal otherwise (what ``NotificationManagerBridge`` expresses with the request's
    /// interruption level).
    ///
    /// - Parameter trigger: Why the notification fires.
    public init(for trigger: NotificationTrigger) {
        self = trigger.isImminent ? .critical : .normal
    }

    public var description: String {
        switch self {
        case .low: return "low"
        case .normal: return "normal"
        case .critical: return "critical"
        }
    }
}
