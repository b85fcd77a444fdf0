import WaveNotifications

/// A kind of health check-in; each is switched on and scheduled on its own.
///
/// The raw values are the settings keys, and also the channel id and the `<category>` part of identifiers and
/// deep links.
public enum ShadowCategory: String, Hashable, Sendable, Codable, CaseIterable {
    /// Taking supplements (grouped: one notification lists every supplement due).
    case supplements
    /// Logging a meal.
    case food
    /// Logging fluids.
    case fluids
    /// A photo check-in.
    case photos
    /// A journal entry.
    case journal
    /// Physical activity.
    case activities
    /// A condition check-in.
    case checkins
    /// BBT and vitals.
    case vitals

    /// The schedule a category has when it is enabled without a mode (docs/apps.md, Shadow).
    ///
    /// Supplements: anchor mode (at its supplements' anchors); food: anchors breakfast, lunch, dinner; fluids: every
    /// 2 h 08:00–22:00; photos and activities: times [] (nothing until the user adds times); journal: times 21:00;
    /// checkins: anchor dinner; vitals: anchor wake.
    public var defaultSchedule: ShadowSchedule {
        switch self {
        case .supplements: return .anchors([])
        case .food: return .anchors([.breakfast, .lunch, .dinner])
        case .fluids: return .interval(everyHours: 2, from: Self.time(8), to: Self.time(22))
        case .photos, .activities: return .times([])
        case .journal: return .times([Self.time(21)])
        case .checkins: return .anchors([.dinner])
        case .vitals: return .anchors([.wake])
        }
    }

    private static func time(_ hour: Int) -> LocalTime {
        try! LocalTime(hour: hour, minute: 0)
    }
}
