/// What a replay did, as its last output line reports it.
public struct ReplaySummary: Sendable, Hashable {
    /// The simulation speed.
    public var speed: Int
    /// Whether the speed gated scheduling (any speed other than 1).
    public var isGated: Bool
    /// Schedule calls the adapter received.
    public var scheduled: Int
    /// Pending notifications removed by cancellations.
    public var cancelled: Int
    /// Notifications delivered, scheduled and immediate.
    public var delivered: Int
    /// Notifications missed (only after a restart beyond the grace period; a replay has none).
    public var missed: Int
    /// Delivery or scheduling failures the adapter reported.
    public var failed: Int
    /// The most notifications armed at once in the adapter.
    public var peakPending: Int
    /// The adapter's pending budget.
    public var pendingLimit: Int
    /// The platform, printed with ``lost`` and ``minRunwayMinutes`` on iOS and Android; `nil` on Linux, whose output
    /// stays as it was before platforms were modelled.
    public var platform: ReplayOptions.Platform?
    /// Notifications the user lost: the system did not hold them at their instant.
    public var lost = 0
    /// The shortest runway of an app run that wanted something, in whole minutes; `nil` when none did.
    public var minRunwayMinutes: Int?
}
