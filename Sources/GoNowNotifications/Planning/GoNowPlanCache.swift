package import Foundation
package import WaveNotifications

/// What ``GoNowPlanner`` worked out at the last reconcile, kept so the next one plans only what changed.
///
/// GoNow's plan depends on the settings, the forecast, the zone, the permission, the history, the pending requests
/// and the instant, and on the instant only through which candidates fire after it and how old the forecast is
/// (more than 3 or 6 hours). The cache keeps the forecast's candidates while the forecast, the settings and the zone
/// stay the same, and what the rules decided for them while, besides, the permission, the moment's stage and the
/// history do: such a reconcile plans nothing and only applies the gates and the pending requests again. Requests are kept from one plan to the next by their
/// candidate, so a new forecast with the same windows gives the same requests (compared by identity by a
/// reconcile) without building them again.
///
/// The plans are equal to
/// ``GoNowPlanner/plan(settings:forecast:now:moment:timeZone:permission:history:pending:)-(_,_,_,_,_,_,NotificationHistory,_)``'s.
/// Between calls the history may only grow, or forget records no candidate firing after the instant can read (a
/// session's history does both; the cache keys on ``WaveNotifications/NotificationHistory/appendedCount``, which a
/// forgetting does not lower), and `forecastRevision` must change whenever the forecast does.
package struct GoNowPlanCache: Sendable {
    /// How much planning work the cache did, for tests.
    package struct Counts: Hashable, Sendable {
        /// Plans asked for.
        package var plans = 0
        /// Plans made from the previous reconcile's decisions because nothing they depend on changed.
        package var plansReused = 0
        /// Times the forecast's windows and candidates were worked out.
        package var candidateRuns = 0
        /// Requests built from candidates.
        package var requestsBuilt = 0
    }

    /// What a candidate's request is made of besides the candidate.
    ///
    /// Its hash is worked out once: a key is looked up in two tables and stored in one, and hashing a candidate
    /// (its window's scores and reason included) is most of a look-up's cost.
    private struct RequestKey: Hashable, Sendable {
        let candidate: GoNowCandidate
        let dogName: String?
        let scoringVersion: String
        let passive: Bool
        private let hash: Int

        init(candidate: GoNowCandidate, dogName: String?, scoringVersion: String, passive: Bool) {
            self.candidate = candidate
            self.dogName = dogName
            self.scoringVersion = scoringVersion
            self.passive = passive
            var hasher = Hasher()
            hasher.combine(candidate)
            hasher.combine(dogName)
            hasher.combine(scoringVersion)
            hasher.combine(passive)
            hash = hasher.finalize()
        }

        static func == (lhs: RequestKey, rhs: RequestKey) -> Bool {
            lhs.hash == rhs.hash && lhs.candidate == rhs.candidate && lhs.dogName == rhs.dogName
                && lhs.scoringVersion == rhs.scoringVersion && lhs.passive == rhs.passive
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(hash)
        }
    }

    /// What the candidates are made of.
    private struct CandidatesKey: Hashable, Sendable {
        var forecastRevision: Int
        var hasForecast: Bool
        var settings: GoNowSettings
        var zone: TimeZone
    }

    /// What the last decisions were made of besides the candidates.
    private struct PlanKey: Hashable, Sendable {
        var stage: GoNowPlanner.Stage
        var permission: PermissionStatus
        var historyCount: Int
    }

    package private(set) var counts = Counts()
    private var candidatesKey: CandidatesKey?
    private var candidates: [GoNowCandidate] = []
    /// The requests of the last plan by what they were made of (a zone change starts over).
    private var requests: [RequestKey: NotificationRequest] = [:]
    private var last: (key: PlanKey, decisions: GoNowPlanner.Decisions)?

    /// Creates an empty cache.
    package init() {}

    /// Plans one reconcile moment:
    /// ``GoNowPlanner/plan(settings:forecast:now:moment:timeZone:permission:history:pending:)-(_,_,_,_,_,_,NotificationHistory,_)``,
    /// from what the last call left where it still holds.
    ///
    /// - Parameters:
    ///   - settings: The user's settings.
    ///   - forecast: The latest forecast.
    ///   - forecastRevision: Changes whenever the forecast does.
    ///   - now: The reconcile instant.
    ///   - moment: Foreground or background.
    ///   - timeZone: The device's zone.
    ///   - permission: The platform permission.
    ///   - history: GoNow notifications shown so far (growing between calls, or forgetting what no plan reads).
    ///   - pending: The requests pending on the platform.
    /// - Returns: The plan.
    package mutating func plan(
        settings: GoNowSettings, forecast: GoNowForecast?, forecastRevision: Int, now: Date,
        moment: GoNowPlanner.Moment, timeZone: TimeZone, permission: PermissionStatus, history: NotificationHistory,
        pending: [NotificationRequest]
    ) -> NotificationPlan {
        counts.plans += 1
        let candidatesKey = CandidatesKey(
            forecastRevision: forecastRevision, hasForecast: forecast != nil, settings: settings, zone: timeZone)
        if candidatesKey != self.candidatesKey {
            if candidatesKey.zone != self.candidatesKey?.zone { requests = [:] }
            self.candidatesKey = candidatesKey
            counts.candidateRuns += 1
            candidates =
                forecast.map { GoNowPlanner.candidates(settings: settings, forecast: $0, timeZone: timeZone) }
                ?? []
            last = nil
        }
        let key = PlanKey(
            stage: GoNowPlanner.stage(candidates: candidates, forecast: forecast, now: now, moment: moment),
            permission: permission, historyCount: history.appendedCount)
        let decisions: GoNowPlanner.Decisions
        if let last, last.key == key {
            counts.plansReused += 1
            decisions = last.decisions
        } else {
            var built: [RequestKey: NotificationRequest] = [:]
            decisions = GoNowPlanner.decisions(
                settings: settings, forecast: forecast, candidates: candidates, now: now, moment: moment,
                timeZone: timeZone, history: history
            ) { candidate, forecast in
                let requestKey = RequestKey(
                    candidate: candidate, dogName: settings.dogName, scoringVersion: forecast.scoringVersion,
                    passive: permission == .provisional)
                if let request = built[requestKey] ?? requests[requestKey] {
                    built[requestKey] = request
                    return request
                }
                counts.requestsBuilt += 1
                let request = GoNowPlanner.request(
                    for: candidate, settings: settings, forecast: forecast, timeZone: timeZone, permission: permission)
                built[requestKey] = request
                return request
            }
            requests = built
            last = (key, decisions)
        }
        return GoNowPlanner.plan(decisions, settings: settings, permission: permission, pending: pending)
    }
}
