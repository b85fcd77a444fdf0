/// Why the system did not run the app, or did not pass it a push, as a replay's `skipped` line names it
/// (`docs/scenario-format.md`, Killed apps and Device conditions).
public enum DeviceSkipCause: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// iOS in Low Power Mode runs no background refresh and passes no background push.
    case lowPower = "low_power"
    /// The user force-quit the app on iOS: no background refresh, no background push until it is opened.
    case forceQuit = "force_quit"
    /// The user force-stopped the app on Android: nothing of it runs, no push reaches it, until it is opened.
    case forceStopped = "force_stopped"

    /// The name printed, as the raw value.
    public var description: String { rawValue }

    /// The cause in words, for a timeline: `Low Power Mode`, `app force-stopped`.
    public var words: String {
        switch self {
        case .lowPower: "Low Power Mode"
        case .forceQuit: "app force-quit"
        case .forceStopped: "app force-stopped"
        }
    }
}
