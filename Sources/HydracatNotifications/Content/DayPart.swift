public import WaveNotifications

/// The part of the day a treatment slot falls in, named in reminder texts ("Luna's morning medication").
public enum DayPart: String, Hashable, Sendable, CaseIterable {
    /// 05:00–11:59.
    case morning
    /// 12:00–16:59.
    case afternoon
    /// 17:00–20:59.
    case evening
    /// 21:00–04:59.
    case night

    /// The part of the day of a local time.
    ///
    /// - Parameter time: The slot's local time (the time the schedule asked for).
    public init(_ time: LocalTime) {
        switch time.hour {
        case 5...11: self = .morning
        case 12...16: self = .afternoon
        case 17...20: self = .evening
        default: self = .night
        }
    }
}
