public import WaveNotifications

/// A category's schedule with every default filled in: what the planner expands into occurrences.
public enum ShadowSchedule: Hashable, Sendable {
    /// At these anchors (the supplements category ignores them and uses its supplements' anchors).
    case anchors([ShadowAnchor])
    /// Every `everyHours` hours from `from` to `to` local, both ends included when on the grid; wraps past midnight
    /// when `to` is before `from`.
    case interval(everyHours: Int, from: LocalTime, to: LocalTime)
    /// At these local times every day (duplicates count once).
    case times([LocalTime])

    /// The mode this schedule belongs to.
    public var mode: ShadowScheduleMode {
        switch self {
        case .anchors: return .anchor
        case .interval: return .interval
        case .times: return .times
        }
    }
}
