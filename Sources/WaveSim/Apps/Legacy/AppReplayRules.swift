internal import Foundation
internal import WaveJSON
internal import WaveNotifications

/// One app's notification rules as `wavesim` drives them: the glue between a scenario section and an app module.
///
/// The engine owns time, the platform, gates on pending requests, history and output; an app's rules only say
/// what they want at each moment and how their own actions change their state.
protocol AppReplayRules: Sendable {
    /// The app's name as printed in output lines (`gonow`, `hydracat`, …).
    var appName: String { get }

    /// The app's own reconcile moments strictly after `instant` (local midnight, Monday 09:00, …), if any.
    ///
    /// - Parameters:
    ///   - instant: The current instant.
    ///   - zone: The device's zone.
    /// - Returns: The next such moment.
    func nextOwnMoment(after instant: Date, in zone: TimeZone) -> Date?

    /// What the app wants pending (and shown now, and held back) at a reconcile moment.
    ///
    /// - Parameters:
    ///   - moment: The moment.
    ///   - context: The device, the permission and the history.
    /// - Returns: The plan; the engine applies gates and the "never again after shown" rule on top.
    mutating func plan(at moment: LegacyMoment, context: AppReplayContext) -> NotificationPlan

    /// Runs one of the app's own actions.
    ///
    /// - Parameters:
    ///   - action: The action's decoded payload.
    ///   - context: The device, the permission and the history.
    /// - Returns: What the engine must do.
    /// - Throws: When a store the app keeps (GrowBro's inbox) fails; the replay stops.
    mutating func perform(_ action: any AppActionPayload, context: AppReplayContext) async throws -> AppActionOutcome

    /// Decides, when a pending request comes due, whether it is shown; GrowBro gates and inboxes here.
    ///
    /// - Parameters:
    ///   - request: The request that came due.
    ///   - context: The device, the permission and the history.
    /// - Returns: Whether to show it.
    /// - Throws: When a store the app keeps (GrowBro's inbox) fails; the replay stops.
    mutating func due(_ request: NotificationRequest, context: AppReplayContext) async throws -> DueDecision

    /// Replaces the app's settings after a `settings` action (already validated when the scenario was read).
    ///
    /// - Parameter settings: The merged settings object.
    mutating func replaceSettings(_ settings: JSONValue)

    /// Shown notifications the last ``plan(at:context:)`` wants withdrawn (Hydracat: logged, or yesterday's).
    ///
    /// - Returns: The identifiers and reasons, once.
    mutating func takeWithdrawals() -> [(identifier: String, reason: NotificationReason)]

    /// Fields the app adds to the summary line (GrowBro's `inbox`), in order.
    ///
    /// - Parameter context: The device, the permission and the history at the end.
    /// - Returns: The fields.
    /// - Throws: When a store the app keeps (GrowBro's inbox) fails.
    func summaryFields(context: AppReplayContext) async throws -> [(String, AppOutputLine.Value)]

    /// The record of a notification just shown, as the app's planner reads it in ``AppReplayContext/history``.
    ///
    /// - Parameter shown: The notification, as just shown.
    /// - Returns: The record; by default ``ShownRequest/record`` (keys from the `dedupeKey` and `capKey` metadata).
    func historyRecord(for shown: ShownRequest) -> ShownNotification

    /// Lines the app prints about a fact of the replay (GoNow's analytics events), after the fact's own line.
    ///
    /// - Parameters:
    ///   - fact: What happened.
    ///   - context: The device, the permission and the history.
    /// - Returns: The lines, in order.
    mutating func observe(_ fact: AppReplayFact, context: AppReplayContext) -> [AppOutputLine]
}

/// Something the replay did that an app may want to log.
enum AppReplayFact: Sendable {
    /// A reconcile applied `plan` over what was pending before it.
    case reconciled(plan: NotificationPlan, pendingBefore: [NotificationRequest])
    /// A request came due and was shown.
    case delivered(NotificationRequest)
    /// The zone's UTC offset changed; `pendingCount` requests were re-checked.
    case offsetChanged(oldOffset: Int, newOffset: Int, pendingCount: Int)
}

extension AppReplayRules {
    func nextOwnMoment(after instant: Date, in zone: TimeZone) -> Date? { nil }

    mutating func due(_ request: NotificationRequest, context: AppReplayContext) -> DueDecision { .show }

    func summaryFields(context: AppReplayContext) -> [(String, AppOutputLine.Value)] { [] }

    func historyRecord(for shown: ShownRequest) -> ShownNotification { shown.record }

    mutating func takeWithdrawals() -> [(identifier: String, reason: NotificationReason)] { [] }

    mutating func observe(_ fact: AppReplayFact, context: AppReplayContext) -> [AppOutputLine] { [] }
}

/// Whether a due request is shown.
enum DueDecision: Sendable, Hashable {
    /// Shown.
    case show
    /// Not shown, for this reason (printed as a suppressed line at the due instant).
    case suppress(NotificationReason)
}

/// What an app action asks the engine to do.
struct AppActionOutcome: Sendable {
    /// Shown notifications to withdraw, with the reason.
    var withdraw: [(identifier: String, reason: NotificationReason)] = []
    /// Requests to show at once (a push), each possibly suppressed instead.
    var show: [NotificationRequest] = []
    /// Held-back candidates to report.
    var suppressed: [Suppression] = []
    /// Requests to add now regardless of the reconcile (a snooze: the user's own request).
    var add: [NotificationRequest] = []
    /// Extra output lines (GrowBro's `link` and `inbox` lines), already built as ordered JSON fields.
    var lines: [AppOutputLine] = []
    /// Warnings naming the action's JSON path (a snooze of something not shown, …).
    var warnings: [String] = []
    /// Whether a reconcile moment follows the action.
    var reconciles = false
}
