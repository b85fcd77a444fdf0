/// Why an app run began, as a replay's `run` line names it (`docs/scenario-format.md`, Output).
public enum DeviceRunCause: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The replay's first run.
    case start
    /// The user opened the app, or one of the app's own actions ran it.
    case action
    /// The system ran the app for a background refresh.
    case backgroundRefresh
    /// The phone restarted and ran the app's boot receiver (Android).
    case boot
    /// A background push ran the app.
    case backgroundPush
    /// Android allowed exact alarms again and ran the app to hand its requests over in its exact mode.
    case exactAlarmAllowed = "exact_alarm_allowed"

    /// The name printed, as the raw value.
    public var description: String { rawValue }

    /// The cause in words, for a timeline: `app starts`, `app runs at boot`.
    public var words: String {
        switch self {
        case .start: "app starts"
        case .action: "app runs"
        case .backgroundRefresh: "app runs in the background"
        case .boot: "app runs at boot"
        case .backgroundPush: "app runs for a background push"
        case .exactAlarmAllowed: "app runs (exact alarms allowed again)"
        }
    }
}
