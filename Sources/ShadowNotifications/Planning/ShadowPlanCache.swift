package import Foundation
package import WaveNotifications

/// What ``ShadowPlanner`` worked out at the last reconcile, kept so the next one plans only what changed.
///
/// Shadow's plan depends on the settings, the zone, the permission, the history of what was shown and the horizon
/// [now, now + 48 h). The cache keeps the check-ins of a stretch of time with their requests, built once: when the
/// settings and the zone are unchanged, a later reconcile drops the check-ins whose instant has passed and works out
/// only those of the time the horizon moved into (a day at a time, so a reconcile at every local midnight works out
/// each check-in once). When, besides, the check-ins in the horizon, the permission and the history are the ones of
/// the last plan, that plan is reused as it was; only the pending requests are looked at again.
///
/// The plans are equal to ``ShadowPlanner/plan(settings:now:timeZone:permission:history:pending:)``'s, with the
/// same requests where nothing changed, so a reconcile compares them by identity. The history must only grow
/// between calls but for records forgotten from before the horizon (a session's history does: it is keyed by the
/// records ever appended, ``WaveNotifications/NotificationHistory/appendedCount``); another history starts a new
/// cache.
package struct ShadowPlanCache: Sendable {
    /// How much planning work the cache did, for tests.
    package struct Counts: Hashable, Sendable {
        /// Plans asked for.
        package var plans = 0
        /// Plans reused from the previous reconcile because nothing they depend on changed.
        package var plansReused = 0
        /// Times check-ins were worked out from the settings' rules (a whole horizon or the time it moved into).
        package var checkInRuns = 0
        /// Requests built from check-ins.
        package var requestsBuilt = 0
    }

    /// One check-in of the stretch kept, with its request.
    private struct Entry: Sendable {
        var fireAt: Date
        var category: ShadowCategory
        var request: NotificationRequest
        /// Increases by one with each entry the cache works out, so a stretch of entries is named by two numbers.
        var serial: Int
    }

    /// What the last plan was made of: equal keys give equal plans.
    private struct PlanKey: Hashable, Sendable {
        var firstSerial: Int
        var endSerial: Int
        var permission: PermissionStatus
        /// The history's records ever appended: a new record changes it, forgetting old ones does not.
        var historyCount: Int
    }

    /// How far past the horizon check-ins are worked out ahead when the horizon moves (0: only the horizon).
    private let lookahead: TimeInterval
    package private(set) var counts = Counts()

    private var settings: ShadowSettings?
    private var zone: TimeZone?
    /// The entries cover fire instants in [start, end), sorted by fire instant, then identifier.
    private var start = Date.distantPast
    private var end = Date.distantPast
    private var entries: [Entry] = []
    private var nextSerial = 0
    private var last: (key: PlanKey, plan: NotificationPlan, desired: Set<String>)?

    /// Creates an empty cache.
    ///
    /// - Parameter lookahead: How far past the horizon to work out check-ins when the horizon moves; a day by
    ///   default (a service reconciling at each local midnight then works out each check-in once).
    package init(lookahead: TimeInterval = 24 * 3600) {
        self.lookahead = lookahead
    }

    /// Plans one reconcile moment: ``ShadowPlanner/plan(settings:now:timeZone:permission:history:pending:)``,
    /// from what the last call left where it still holds.
    ///
    /// - Parameters:
    ///   - settings: The user's settings.
    ///   - now: The reconcile instant.
    ///   - timeZone: The device's zone.
    ///   - permission: The platform permission.
    ///   - history: Shadow notifications shown so far (only growing between calls).
    ///   - pending: Shadow's requests pending on the platform.
    /// - Returns: The plan.
    package mutating func plan(
        settings: ShadowSettings, now: Date, timeZone: TimeZone, permission: PermissionStatus,
        history: NotificationHistory, pending: [NotificationRequest]
    ) -> NotificationPlan {
        counts.plans += 1
        let horizonEnd = now.addingTimeInterval(ShadowPlanner.horizon)
        if settings != self.settings || timeZone != zone || now < start || now > end {
            self.settings = settings
            zone = timeZone
            start = now
            end = now
            entries = []
            last = nil
        }
        let passed = entries.prefix { $0.fireAt < now }.count
        if passed > 0 { entries.removeFirst(passed) }
        start = now
        if horizonEnd > end {
            let until = horizonEnd.addingTimeInterval(lookahead)
            counts.checkInRuns += 1
            for checkIn in ShadowPlanner.checkIns(settings: settings, from: end, to: until, in: timeZone) {
                counts.requestsBuilt += 1
                entries.append(
                    Entry(
                        fireAt: checkIn.fireAt, category: checkIn.category,
                        request: ShadowPlanner.request(for: checkIn),
                        serial: nextSerial))
                nextSerial += 1
            }
            end = until
        }
        let inHorizon = entries.prefix { $0.fireAt < horizonEnd }
        let key = PlanKey(
            firstSerial: inHorizon.first?.serial ?? nextSerial, endSerial: inHorizon.last.map { $0.serial + 1 } ?? 0,
            permission: permission, historyCount: history.appendedCount)

        var plan: NotificationPlan
        let desired: Set<String>
        if let last, last.key == key {
            counts.plansReused += 1
            (plan, desired) = (last.plan, last.desired)
        } else {
            let candidates = inHorizon.filter { !history.wasShown(identifier: $0.request.identifier) }
            let outcomes = PolicyPipeline([ShadowPlanner.gates(permission)]).run(
                candidates.map { ProposedRequest($0.request, capKey: $0.category.rawValue) },
                in: PolicyContext(now: now, timeZone: timeZone, history: history))
            plan = NotificationPlan(outcomes: outcomes)
            plan.desired.sort { ($0.fireAt, $0.identifier) < ($1.fireAt, $1.identifier) }
            desired = Set(plan.desired.map(\.identifier))
            last = (key, plan, desired)
        }
        ShadowPlanner.addRemovalReasons(
            to: &plan, pending: pending, desired: desired, settings: settings, permission: permission)
        return plan
    }
}
