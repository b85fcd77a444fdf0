internal import Foundation
internal import ShadowNotifications
internal import WaveJSON
internal import WaveNotifications

/// Shadow's rules in a replay: the planner at every reconcile moment (and local 00:00 each day), and `respond`.
///
/// Expiry needs nothing here: every request carries its `expiresAfter`, and the engine withdraws a shown one at
/// its fire instant + that (`expired`) unless a `respond` withdrew it first (`responded`).
struct ShadowReplayRules: AppReplayRules {
    var settings: ShadowSettings

    var appName: String { ShadowSection.name }

    func nextOwnMoment(after instant: Date, in zone: TimeZone) -> Date? {
        zone.instant(for: LocalDateTime(date: zone.localDate(for: instant).adding(days: 1), time: .midnight))
    }

    mutating func plan(at moment: AppReplayMoment, context: AppReplayContext) -> NotificationPlan {
        ShadowPlanner.plan(
            settings: settings, now: context.now, timeZone: context.timeZone, permission: context.permission,
            history: context.history, pending: context.pending)
    }

    mutating func perform(_ action: any AppActionPayload, context: AppReplayContext) -> AppActionOutcome {
        guard let respond = action as? ShadowSection.RespondAction else { return AppActionOutcome() }
        guard context.shown.contains(where: { $0.request.identifier == respond.identifier && $0.withdrawnAt == nil })
        else {
            return AppActionOutcome(warnings: [
                "\(respond.path).identifier: '\(respond.identifier)' is not shown now; the response does nothing"
            ])
        }
        return AppActionOutcome(withdraw: [(respond.identifier, .responded)])
    }

    mutating func replaceSettings(_ settings: JSONValue) {
        self.settings = ShadowSection.decodedSettings(settings)
    }
}
