/// Which of GoNow's four notifications a candidate is; the raw value ends its identifier.
public enum GoNowCandidateKind: String, Hashable, Sendable, Codable, CaseIterable {
    /// The best window of its date, at 06:30 that day.
    case best
    /// The second window of its date, at 06:30 (starts before 12:00) or 12:00.
    case backup
    /// The heads-up for the next date's best window, at 06:30 the day before.
    case tomorrow
    /// `run_dog` only: no run window on the date and at least one heat-gated hour, at 06:30.
    case heat

    /// The daily-cap rank: lower is kept first (best 0, heat 0, backup 1, tomorrow 2).
    public var rank: Int {
        switch self {
        case .best, .heat: 0
        case .backup: 1
        case .tomorrow: 2
        }
    }
}
