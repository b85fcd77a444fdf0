public import WaveNotifications

/// A named daily event that anchor-mode check-ins fire at.
///
/// The raw values are the settings keys (`wake`, `breakfast`, …); the cases are in the order of the day, which is
/// also the order a category's anchors are listed in.
public enum ShadowAnchor: String, Hashable, Sendable, Codable, CaseIterable, Comparable {
    /// Waking up (default 07:00).
    case wake
    /// Breakfast (default 08:00).
    case breakfast
    /// Lunch (default 12:00).
    case lunch
    /// Dinner (default 18:00).
    case dinner
    /// Going to bed (default 22:00).
    case bedtime

    /// The anchor's time when the user has not set one: wake 07:00, breakfast 08:00, lunch 12:00, dinner 18:00,
    /// bedtime 22:00.
    public var defaultTime: LocalTime {
        switch self {
        case .wake: return try! LocalTime(hour: 7, minute: 0)
        case .breakfast: return try! LocalTime(hour: 8, minute: 0)
        case .lunch: return try! LocalTime(hour: 12, minute: 0)
        case .dinner: return try! LocalTime(hour: 18, minute: 0)
        case .bedtime: return try! LocalTime(hour: 22, minute: 0)
        }
    }

    /// Orders anchors as they come in the day (the declaration order).
    ///
    /// - Parameters:
    ///   - lhs: An anchor.
    ///   - rhs: Another anchor.
    /// - Returns: Whether `lhs` comes before `rhs` in the day's order.
    public static func < (lhs: ShadowAnchor, rhs: ShadowAnchor) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
