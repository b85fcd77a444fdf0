public import Foundation

/// The run-time glue every app service shares: carries an app's plans out on a platform conformer and keeps the one
/// history of what was shown, withdrawn and held back.
///
/// A session applies the rules every app follows, written once:
/// - **Never again.** A reconcile never schedules an identifier that was already shown (``DeliveryLog/isDone(_:)``);
///   a request the user asked for (``addRequestedByUser(_:at:)``: a snooze, a task moved to a new due time) lifts
///   that until it is shown again.
/// - **Nothing missing.** Every candidate held back is reported once per identifier, fire instant and reason; every
///   pending request removed is a ``NotificationEvent/cancelled(identifier:reason:at:)`` with its reason; every
///   shown notification taken off the screen is a ``NotificationEvent/withdrawn(identifier:reason:at:)``.
/// - **Expiry and collapse.** A shown request with ``NotificationRequest/expiresAfter`` is withdrawn (`expired`)
///   by ``withdrawExpired(at:)`` at its fire instant plus that; a newer notification with the same
///   ``NotificationRequest/collapseID`` withdraws the older one on screen (`collapsed`).
///
/// Every method takes the instant from its caller (a session never reads a clock) and returns the events it caused,
/// in order. Calls are carried out in the order they are made; a call that throws leaves the log as it was before
/// the failing platform call.
public actor NotificationSession {
    /// The platform conformer the session's calls go to.
    public nonisolated let center: any NotificationRequestCenter
    /// What was shown, is on screen, and may not be scheduled again.
    public private(set) var log: DeliveryLog {
        didSet { logRevision &+= 1 }
    }
    /// Changes whenever ``log`` does: a service that planned from the log knows without comparing it whether it is
    /// the same (an app's log grows with every notification shown).
    package private(set) var logRevision = 0
    private let historyRecord: @Sendable (NotificationRequest, Date) -> ShownNotification
    private var reported: Set<Suppression>

    /// Everything a session remembers between calls: save it when the app's process may end (on iOS, at the end of
    /// every run) and restore it with ``init(center:restoring:historyRecord:)`` at the next run.
    public struct State: Hashable, Sendable, Codable {
        /// What was shown, is on screen, and may not be scheduled again.
        public var log: DeliveryLog
        /// The suppressions already reported, each once per session.
        public var reportedSuppressions: Set<Suppression>

        /// Creates a state.
        ///
        /// - Parameters:
        ///   - log: What was shown.
        ///   - reportedSuppressions: The suppressions already reported.
        public init(log: DeliveryLog = DeliveryLog(), reportedSuppressions: Set<Suppression> = []) {
            self.log = log
            self.reportedSuppressions = reportedSuppressions
        }
    }

    /// Creates a session over a platform conformer.
    ///
    /// - Parameters:
    ///   - center: Where requests are added, removed, shown and withdrawn.
    ///   - state: What an earlier session of the app remembered (``state``); empty for a first run.
    ///   - historyRecord: How a shown request becomes a history record for the policies (its dedupe and cap keys);
    ///     by default ``metadataRecord(for:shownAt:)``.
    public init(
        center: any NotificationRequestCenter, restoring state: State = State(),
        historyRecord: @escaping @Sendable (NotificationRequest, Date) -> ShownNotification = metadataRecord
    ) {
        self.center = center
        self.historyRecord = historyRecord
        log = state.log
        reported = state.reportedSuppressions
    }

    /// What the session remembers now, to save between app runs.
    public var state: State { State(log: log, reportedSuppressions: reported) }

    /// The history record of a shown request whose keys are in its metadata, `dedupeKey` and `capKey`.
    ///
    /// - Parameters:
    ///   - request: The request shown.
    ///   - shownAt: When it was shown.
    /// - Returns: The record.
    public static func metadataRecord(for request: NotificationRequest, shownAt: Date) -> ShownNotification {
        ShownNotification(
            identifier: request.identifier, dedupeKey: request.metadataValue(forKey: "dedupeKey"),
            capKey: request.metadataValue(forKey: "capKey"), shownAt: shownAt)
    }

    // MARK: - Reconcile

    /// Lists the requests pending on the platform, soonest first.
    ///
    /// - Returns: The pending requests.
    /// - Throws: What the center throws.
    public func pendingRequests() async throws -> [NotificationRequest] {
        try await center.pendingRequests()
    }

    /// Carries out an app's plan: withdraws, reports what is held back, brings the pending requests to the desired
    /// ones, and shows what the plan shows now.
    ///
    /// - Parameters:
    ///   - plan: What the app's rules want; identifiers already done are taken out of it first.
    ///   - withdrawals: Shown notifications to take off the screen, in order.
    ///   - pending: The pending requests the plan was made against (read with ``pendingRequests()``).
    ///   - now: The reconcile instant.
    /// - Returns: The withdrawals, suppressions, cancellations and deliveries, in that order.
    /// - Throws: What the center throws; the calls made before it stand.
    public func reconcile(
        _ plan: NotificationPlan, withdrawals: [Withdrawal] = [], pending: [NotificationRequest], at now: Date
    ) async throws -> [NotificationEvent] {
        var events = try await withdraw(withdrawals, at: now)
        let plan = removingDone(from: plan)
        events += report(plan.suppressed, at: now)
        events += try await applyPending(plan, over: pending, at: now)
        for request in plan.showNow {
            events += try await show(request, at: now)
        }
        return events
    }

    /// The plan without identifiers that are done (shown, and not asked for again by the user since).
    ///
    /// - Parameter plan: What the app's rules want.
    /// - Returns: The plan a reconcile may carry out.
    public func removingDone(from plan: NotificationPlan) -> NotificationPlan {
        var plan = plan
        plan.desired.removeAll { log.isDone($0.identifier) }
        plan.showNow.removeAll { log.isDone($0.identifier) }
        return plan
    }

    /// Makes the calls that turn the pending requests into the plan's desired ones (removals, then one addition).
    ///
    /// A pending request the plan shows now leaves the pending list to be shown, not cancelled: its removal is a
    /// call but not a ``NotificationEvent/cancelled(identifier:reason:at:)``.
    ///
    /// - Parameters:
    ///   - plan: The plan, already without done identifiers (``removingDone(from:)``).
    ///   - pending: The pending requests the plan was made against.
    ///   - now: The reconcile instant.
    /// - Returns: A cancellation for every pending request removed, in call order.
    /// - Throws: What the center throws.
    public func applyPending(
        _ plan: NotificationPlan, over pending: [NotificationRequest], at now: Date
    ) async throws -> [NotificationEvent] {
        let changes = ReconcilePlan(desired: plan.desired, pending: pending, removalReasons: plan.removalReasons)
        let shownNow = Set(plan.showNow.map(\.identifier))
        var events: [NotificationEvent] = []
        for call in changes.calls {
            try await call.perform(on: center)
            if case .removePending(let identifiers, let reason) = call {
                for identifier in identifiers where !shownNow.contains(identifier) {
                    events.append(.cancelled(identifier: identifier, reason: reason, at: now))
                }
            }
        }
        return events
    }

    /// Reports candidates held back, each identifier, fire instant and reason once per session.
    ///
    /// - Parameters:
    ///   - suppressions: The candidates held back.
    ///   - now: The decision instant.
    /// - Returns: A suppression event for each one not reported before.
    public func report(_ suppressions: [Suppression], at now: Date) -> [NotificationEvent] {
        suppressions.compactMap { reported.insert($0).inserted ? .suppressed($0, at: now) : nil }
    }

    // MARK: - Bounded state

    /// Forgets what the app's rules can no longer need: what was shown before one instant
    /// (``DeliveryLog/forget(shownBefore:keeping:)``) and the suppressions reported of candidates due before another (a
    /// candidate is reported once per identifier, fire instant and reason; an app that never proposes a candidate
    /// due that early never reports one again).
    ///
    /// An app service calls it at its reconciles with the horizons of its rules (docs/core.md, "Bounded state"); the
    /// log changes only when something is forgotten.
    ///
    /// - Parameters:
    ///   - cutoff: What was shown before this is forgotten, unless on screen or kept.
    ///   - suppressionCutoff: Suppressions of candidates due before this are forgotten.
    ///   - kept: Identifiers that stay *done* however long ago they were shown.
    ///   - onScreenCount: When more than this many are on screen, the log takes the oldest off
    ///     (``DeliveryLog/forgetOnScreen(keepingLatest:)``) down to `onScreenKept`; `nil` keeps all.
    ///   - onScreenKept: How many stay on screen then; `nil` (the default) keeps `onScreenCount`.
    ///   - includingOnScreen: Whether what is on screen and was shown before `cutoff` is taken off the log's screen
    ///     first (``DeliveryLog/forgetOnScreen(shownBefore:)``), and so forgotten too: for an app none of whose rules
    ///     reads its screen. `false` by default.
    public func forget(
        shownBefore cutoff: Date, suppressionsDueBefore suppressionCutoff: Date, keeping kept: Set<String> = [],
        onScreenBeyond onScreenCount: Int? = nil, keepingOnScreen onScreenKept: Int? = nil,
        includingOnScreen: Bool = false
    ) {
        if let onScreenCount, log.onScreen.count > onScreenCount {
            log.forgetOnScreen(keepingLatest: onScreenKept ?? onScreenCount)
        }
        if includingOnScreen, log.hasOnScreen(shownBefore: cutoff) { log.forgetOnScreen(shownBefore: cutoff) }
        if log.hasEntries(shownBefore: cutoff, keeping: kept) { log.forget(shownBefore: cutoff, keeping: kept) }
        if reported.contains(where: { $0.fireAt < suppressionCutoff }) {
            reported = reported.filter { $0.fireAt >= suppressionCutoff }
        }
    }

    // MARK: - User requests

    /// Adds requests the user asked for (a snooze, a task moved to a new due time): added at once, and a reconcile
    /// may keep them pending even when their identifier was shown before.
    ///
    /// - Parameters:
    ///   - requests: The requests.
    ///   - now: The instant of the user's action.
    /// - Throws: What the center throws.
    public func addRequestedByUser(_ requests: [NotificationRequest], at now: Date) async throws {
        allowAgain(requests.map(\.identifier))
        if !requests.isEmpty { try await center.add(requests) }
    }

    /// Lets a reconcile schedule identifiers again that were shown, because the user asked for them again.
    ///
    /// - Parameter identifiers: The identifiers.
    public func allowAgain(_ identifiers: [String]) {
        for identifier in identifiers { log.recordRequestedAgain(identifier) }
    }

    // MARK: - Showing and withdrawing

    /// Shows a request now through the platform (a late catch-up, a push that arrived).
    ///
    /// - Parameters:
    ///   - request: The request; shown `late` when its fire instant is before `now`.
    ///   - now: The instant.
    /// - Returns: The delivery, then the withdrawal of an older notification it collapses; or, when the platform did
    ///   not show it (``NotificationNotShown``, Android's cap of 50 on screen), its suppression with the reason.
    /// - Throws: What the center throws, but ``NotificationNotShown``.
    public func show(_ request: NotificationRequest, at now: Date) async throws -> [NotificationEvent] {
        do {
            try await center.show(request)
        } catch let notShown as NotificationNotShown {
            return report(
                [Suppression(identifier: request.identifier, fireAt: request.fireAt, reason: notShown.reason)],
                at: now)
        }
        return try await recordShown(request, at: now, late: request.fireAt < now)
    }

    /// Records a notification the platform showed by itself (a pending request at its instant).
    ///
    /// - Parameters:
    ///   - request: The request shown.
    ///   - now: When it was shown.
    ///   - late: Whether it was shown after its fire instant.
    /// - Returns: The delivery, then the withdrawal of an older notification it collapses.
    /// - Throws: What the center throws when withdrawing the collapsed one.
    public func recordShown(
        _ request: NotificationRequest, at now: Date, late: Bool = false
    ) async throws -> [NotificationEvent] {
        [.delivered(request, at: now, late: late)] + (try await recordShownWhileClosed(request, shownAt: now, now: now))
    }

    /// Records a notification the system showed while the app was not running, learned at the app's next run.
    ///
    /// iOS shows a pending request at its instant without running the app; at its next run the app asks the
    /// platform what was shown (`getDeliveredNotifications`) and records each one here, in the order they were
    /// shown, before it reconciles: the history, the never-again rule and expiries count from `shownAt`.
    ///
    /// - Parameters:
    ///   - request: The request the system showed.
    ///   - shownAt: When the system showed it.
    ///   - now: The app run's instant.
    /// - Returns: The withdrawal, at `now`, of an older notification it collapses; no delivery (the system showed
    ///   it at `shownAt`).
    /// - Throws: What the center throws when withdrawing the collapsed one.
    public func recordShownWhileClosed(
        _ request: NotificationRequest, shownAt: Date, now: Date
    ) async throws -> [NotificationEvent] {
        guard let collapsed = log.recordShown(request, at: shownAt, record: historyRecord(request, shownAt)) else {
            return []
        }
        return try await withdraw([Withdrawal(identifier: collapsed, reason: .collapsed)], at: now)
    }

    /// Takes shown notifications off the screen; ones not on screen are skipped without an event.
    ///
    /// - Parameters:
    ///   - withdrawals: The identifiers and reasons, in order.
    ///   - now: The instant.
    /// - Returns: A withdrawal event for each one that was on screen.
    /// - Throws: What the center throws.
    public func withdraw(_ withdrawals: [Withdrawal], at now: Date) async throws -> [NotificationEvent] {
        var events: [NotificationEvent] = []
        for withdrawal in withdrawals where log.isOnScreen(withdrawal.identifier) {
            try await center.withdrawShown(identifiers: [withdrawal.identifier], reason: withdrawal.reason)
            _ = log.recordWithdrawn(withdrawal.identifier)
            events.append(.withdrawn(identifier: withdrawal.identifier, reason: withdrawal.reason, at: now))
        }
        return events
    }

    /// Withdraws every shown notification whose expiry is at or before `now` (`expired`), soonest first.
    ///
    /// - Parameter now: The instant.
    /// - Returns: The withdrawals.
    /// - Throws: What the center throws.
    public func withdrawExpired(at now: Date) async throws -> [NotificationEvent] {
        try await withdraw(log.expired(at: now).map { Withdrawal(identifier: $0, reason: .expired) }, at: now)
    }

    /// Forgets that these are on screen: the system took them off on its own (Android's force stop); no event.
    ///
    /// - Parameter identifiers: The notifications the system removed.
    public func forgetOnScreen(_ identifiers: [String]) {
        for identifier in identifiers { _ = log.recordWithdrawn(identifier) }
    }

    /// When the next shown notification expires, if one has an expiry.
    public var nextExpiry: Date? { log.nextExpiry }
}
