internal import Foundation
internal import WaveJSON
internal import WaveNotifications

/// How `wavesim` drives one app's service: decoding and mapping only, no rule of the app's.
///
/// Each app module holds a service (the code the app calls at run time); a driver turns the replay's moments and
/// decoded actions into calls of that service and the service's answers into output. The gates, the history, the
/// never-again rule, withdrawals and suppressions live in the service and the core's ``NotificationSession``.
protocol AppReplayDriver: Sendable {
    /// The app's own reconcile moments strictly after `instant` (local midnight, Monday 09:00, …), if any.
    ///
    /// - Parameters:
    ///   - instant: The current instant.
    ///   - zone: The device's zone.
    /// - Returns: The next such moment.
    func nextOwnMoment(after instant: Date, in zone: TimeZone) async -> Date?

    /// When the next shown notification expires, if one does.
    func nextExpiry() async -> Date?

    /// The app's code runs and reconciles.
    ///
    /// - Parameters:
    ///   - cause: Why it runs.
    ///   - device: The device's state.
    /// - Returns: What happened, in order.
    /// - Throws: When the platform or a store of the app's fails; the replay stops.
    func reconcile(_ cause: ReconcileCause, device: DeviceState) async throws -> [AppReplayOutput]

    /// A pending request came due on the platform: the app decides and records it.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - device: The device's state.
    /// - Returns: What happened, in order.
    /// - Throws: When the platform or a store of the app's fails.
    func due(_ request: NotificationRequest, device: DeviceState) async throws -> [AppReplayOutput]

    /// The system showed a pending request while the app was not running (iOS); the app learns of it at this run.
    ///
    /// - Parameters:
    ///   - request: The request shown.
    ///   - shownAt: When the system showed it.
    ///   - device: The device's state at this app run.
    /// - Returns: What the app does about it now (its delivery was printed at `shownAt`).
    /// - Throws: When the platform or a store of the app's fails.
    func shownWhileClosed(
        _ request: NotificationRequest, shownAt: Date, device: DeviceState
    ) async throws
        -> [AppReplayOutput]

    /// Withdraws the shown notifications that expired.
    ///
    /// - Parameter device: The device's state.
    /// - Returns: What happened, in order.
    /// - Throws: When the platform fails.
    func withdrawExpired(device: DeviceState) async throws -> [AppReplayOutput]

    /// Hands the service the settings of a `settings` action (already merged and validated when the scenario was read).
    ///
    /// - Parameter settings: The merged settings object.
    func replaceSettings(_ settings: JSONValue) async

    /// Runs one of the app's own actions through its service.
    ///
    /// - Parameters:
    ///   - action: The decoded action.
    ///   - device: The device's state.
    /// - Returns: What happened and the warnings, each naming the action's JSON path.
    /// - Throws: When the platform or a store of the app's fails.
    func perform(_ action: any AppActionPayload, device: DeviceState) async throws -> AppActionResult

    /// Fields the app adds to the summary line (GrowBro's `inbox`), in order.
    ///
    /// - Parameter device: The device's state at the end.
    /// - Returns: The fields.
    /// - Throws: When a store of the app's fails.
    func summaryFields(device: DeviceState) async throws -> [(String, AppOutputLine.Value)]
}

extension AppReplayDriver {
    func nextOwnMoment(after instant: Date, in zone: TimeZone) async -> Date? { nil }

    func summaryFields(device: DeviceState) async throws -> [(String, AppOutputLine.Value)] { [] }
}

/// One thing an app replay prints: a fact about a notification (counted in the summary) or a line of the app's own.
enum AppReplayOutput: Sendable {
    /// Delivered, suppressed, cancelled or withdrawn.
    case event(NotificationEvent)
    /// An app's own line (GoNow's analytics, GrowBro's `link`, `inbox` and `payload`).
    case line(AppOutputLine)
}

/// What an app action did.
struct AppActionResult: Sendable {
    /// What happened, in order.
    var outputs: [AppReplayOutput] = []
    /// Warnings naming the action's JSON path (a snooze of something not shown, …).
    var warnings: [String] = []
}

/// The decoded payload of an app's own action; each app defines its own.
protocol AppActionPayload: Sendable {
    /// The action's type as written in the scenario (`forecast`, `log`, `snooze`, …).
    var type: String { get }

    /// Whether the action is a system event rather than the user opening the app (GrowBro's `push`): on iOS it is
    /// not an app run.
    var isSystemEvent: Bool { get }
}

extension AppActionPayload {
    var isSystemEvent: Bool { false }
}

extension Array where Element == AppReplayOutput {
    /// Notification events as outputs.
    ///
    /// - Parameter events: The events, in order.
    init(_ events: [NotificationEvent]) {
        self = events.map(AppReplayOutput.event)
    }
}
