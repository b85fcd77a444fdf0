internal import Foundation
internal import HydracatNotifications
internal import WaveJSON
internal import WaveNotifications

/// Hydracat's rules in a replay: the planner at every reconcile moment (and local midnight), logs and snoozes.
struct HydracatReplayRules: AppReplayRules {
    var planner: HydracatPlanner
    private var withdrawalsDue: [(identifier: String, reason: NotificationReason)] = []

    init(planner: HydracatPlanner) {
        self.planner = planner
    }

    var appName: String { HydracatSection.name }

    func nextOwnMoment(after instant: Date, in zone: TimeZone) -> Date? {
        HydracatPlanner.nextMidnight(after: instant, in: zone)
    }

    mutating func plan(at moment: LegacyMoment, context: AppReplayContext) -> NotificationPlan {
        syncHistory(with: context)
        let result = planner.plan(at: context.now, in: context.timeZone, permission: context.permission)
        planner.history.record(result, at: context.now)
        withdrawalsDue = result.withdrawals.map { ($0.identifier, $0.reason) }
        return result.plan
    }

    mutating func takeWithdrawals() -> [(identifier: String, reason: NotificationReason)] {
        defer { withdrawalsDue = [] }
        return withdrawalsDue
    }

    mutating func perform(_ action: any AppActionPayload, context: AppReplayContext) -> AppActionOutcome {
        syncHistory(with: context)
        if let log = action as? HydracatSection.LogAction {
            planner.logs.insert(log.log)
            return AppActionOutcome(reconciles: true)
        }
        guard let snooze = action as? HydracatSection.SnoozeAction else { return AppActionOutcome() }
        let result: HydracatSnooze?
        do {
            result = try planner.snooze(
                identifier: snooze.identifier, at: context.now, in: context.timeZone, permission: context.permission)
        } catch {
            // The scenario was checked when read; a settings change since then can still leave the id unknown.
            return AppActionOutcome(warnings: ["\(snooze.path).identifier: \(error); the snooze does nothing"])
        }
        guard let result else {
            return AppActionOutcome(warnings: [
                "\(snooze.path).identifier: '\(snooze.identifier)' is not shown now, or snooze is off; the snooze does nothing"
            ])
        }
        planner.history.record(result)
        return AppActionOutcome(
            withdraw: [(result.withdrawal.identifier, result.withdrawal.reason)], add: [result.request])
    }

    mutating func replaceSettings(_ settings: JSONValue) {
        planner.settings = HydracatSection.decodedSettings(settings)
    }

    /// Brings the planner's history up to what the replay showed and withdrew.
    private mutating func syncHistory(with context: AppReplayContext) {
        for shown in context.shown where planner.history.shown[shown.request.identifier] == nil {
            planner.history.recordShown(shown.request.identifier, at: shown.shownAt)
            if shown.withdrawnAt != nil {
                planner.history.displayed.remove(shown.request.identifier)
            }
        }
        for shown in context.shown where shown.withdrawnAt != nil {
            planner.history.displayed.remove(shown.request.identifier)
        }
    }
}
