extension NotificationTrigger {
    /// Whether the user has to act within the minute: the wave hit, or a reminder one minute or less before the
    /// start.
    public var isImminent: Bool {
        switch self {
        case .waveHit: return true
        case .eventStarting(let before): return before <= .seconds(60)
        case .eventFinished: return false
        }
    }
}
