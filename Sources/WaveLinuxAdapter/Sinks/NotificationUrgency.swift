public import WaveNotifications

/// How insistently a notification should be shown, as the freedesktop urgency hint expresses it.
public enum NotificationUrgency: UInt8, Hashable, Sendable, CustomStringConvertible {
    /// A routine reminder (urgency byte 1).
    case normal = 1
    /// Something happening within the minute: the user has to act now (urgency byte 2).
    case critical = 2

    /// The urgency of a trigger: critical for the wave hit and for reminders one minute or less before the
    /// start, normal otherwise.
    ///
    /// - Parameter trigger: Why the notification fires.
    public init(for trigger: NotificationTrigger) {
        switch trigger {
        case .waveHit:
            self = .critical
        case .eventStarting(let before) where before <= .seconds(60):
            self = .critical
        case .eventStarting, .eventFinished:
            self = .normal
        }
    }

    public var description: String {
        switch self {
        case .normal: return "normal"
        case .critical: return "critical"
        }
    }
}
