internal import Foundation
internal import GoNowNotifications
internal import WaveJSON
internal import WaveNotifications

/// GoNow's rules in a replay: the planner at every reconcile moment, the forecast action, analytics events.
struct GoNowReplayRules: AppReplayRules {
    var settings: GoNowSettings
    var forecast: GoNowForecast?
    let printsAnalytics: Bool

    var appName: String { GoNowSection.name }

    mutating func plan(at moment: LegacyMoment, context: AppReplayContext) -> NotificationPlan {
        GoNowPlanner.plan(
            settings: settings, forecast: forecast, now: context.now,
            moment: moment.isForeground ? .foreground : .background, timeZone: context.timeZone,
            permission: context.permission, history: context.history, pending: context.pending)
    }

    /// GoNow's keys, read from the metadata GoNowPlanner writes (`dedupe_key`, `cap_key`, with its fallbacks), so the
    /// engine's history is the one the planner would index from every notification shown.
    func historyRecord(for shown: ShownRequest) -> ShownNotification {
        GoNowShownNotification(request: shown.request, shownAt: shown.shownAt).shownNotification
    }

    mutating func perform(_ action: any AppActionPayload, context: AppReplayContext) -> AppActionOutcome {
        guard let forecastAction = action as? GoNowSection.ForecastAction else { return AppActionOutcome() }
        forecast = forecastAction.forecast
        return AppActionOutcome(reconciles: true)
    }

    mutating func replaceSettings(_ settings: JSONValue) {
        self.settings = GoNowSection.decodedSettings(settings)
    }

    mutating func observe(_ fact: AppReplayFact, context: AppReplayContext) -> [AppOutputLine] {
        guard printsAnalytics else { return [] }
        let events: [GoNowAnalyticsEvent]
        switch fact {
        case .reconciled(let plan, let pendingBefore):
            events = GoNowAnalyticsEvent.events(applying: plan, over: pendingBefore, at: context.now)
        case .delivered(let request):
            events = GoNowAnalyticsEvent.fired(request, at: context.now).map { [$0] } ?? []
        case .offsetChanged(let old, let new, let count):
            events = [
                GoNowAnalyticsEvent.dstReschedule(
                    oldOffset: old, newOffset: new, countRescheduled: count, at: context.now)
            ]
        }
        return events.map { event in
            AppOutputLine(
                type: "analytics",
                fields: [("at", .instant(event.timestamp)), ("name", .string(event.name.rawValue))]
                    + event.fields.map { field in
                        switch field.value {
                        case .string(let text): (field.name, .string(text))
                        case .integer(let number): (field.name, .integer(number))
                        case .decimal(let number): (field.name, .decimal(number))
                        }
                    })
        }
    }
}
