/// What makes a notification fire: a reminder before the start, the end of the event, or the wave reaching the user.
///
/// Each trigger has a stable ``id`` that platforms use to build request identifiers, so scheduling the
/// same trigger for the same event twice replaces the earlier request instead of adding a second one.
public enum NotificationTrigger: Hashable, Sendable {
    /// A reminder sent the given duration before the event starts.
    case eventStarting(Duration)
    /// Sent when the event ends.
    case eventFinished
    /// Sent immediately when the wave reaches the user's location.
    case waveHit

    /// The reminder intervals every favorite event gets: 1 hour, 30, 10, 5 and 1 minute before the start.
    public static let standardStartingIntervals: [Duration] = [
        .seconds(60 * 60), .seconds(30 * 60), .seconds(10 * 60), .seconds(5 * 60), .seconds(60),
    ]

    /// The stable identifier of this trigger: `start_<whole minutes>m`, `finished` or `wave_hit`.
    ///
    /// Minutes are truncated toward zero, as Kotlin's `inWholeMinutes` does in the original app, so
    /// `.eventStarting(.seconds(90))` is `start_1m`.
    public var id: String {
        switch self {
        case .eventStarting(let duration):
            // The standard intervals spelt as literals: a bridge spells an id for every request it builds, and
            // interpolating the minutes cost more than the rest of the identifier.
            switch duration.wholeMinutes {
            case 60: return "start_60m"
            case 30: return "start_30m"
            case 10: return "start_10m"
            case 5: return "start_5m"
            case 1: return "start_1m"
            case let minutes: return "start_\(minutes)m"
            }
        case .eventFinished:
            return "finished"
        case .waveHit:
            return "wave_hit"
        }
    }
}

extension Duration {
    /// The number of whole minutes in this duration, truncated toward zero.
    package var wholeMinutes: Int64 {
        var (seconds, attoseconds) = components
        // `components` floors toward negative infinity; truncate toward zero instead.
        if seconds < 0 && attoseconds > 0 {
            seconds += 1
            attoseconds = 0
        }
        return seconds / 60
    }
}
