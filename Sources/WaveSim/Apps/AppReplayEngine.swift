internal import Foundation
internal import WaveNotifications

/// Replays an app scenario: the app's rules at every reconcile moment, the core's reconcile, the platform's
/// budget and delivery, and one output line for every fact (`wavesim-apps.md`).
///
/// At one instant: the deliveries due then come first, then expiries, then the actions in file order, then a
/// reconcile moment of the app's own (its timers, a DST change). A reconcile never schedules again an identifier
/// that was already shown; a snooze is the user's own request, not a reconcile.
struct AppReplayEngine {
    /// The scenario.
    let scenario: AppScenario
    /// The app's rules.
    var rules: any AppReplayRules
    /// The platform: the Linux manager on a virtual clock.
    let platform: any AppReplayPlatform
    /// Resolves a text in the replay's language.
    let render: @Sendable (LocalizedText) -> String
    /// The language the texts of a table are resolved in (a table without a translation falls back to English).
    let locale: @Sendable (String) -> String
    /// Receives every output line, in order.
    let emit: @Sendable (AppOutputLine) -> Void
    /// Receives warnings (an action that does nothing), each naming the action's JSON path.
    let warn: @Sendable (String) -> Void

    private var now: Date
    private var zone: TimeZone
    private var permission: PermissionStatus
    private var shown: [ShownRequest] = []
    private var shownIndex: [String: Int] = [:]
    /// `shown` as the app's planner reads it (``AppReplayRules/historyRecord(for:)``), kept as shows happen
    /// (rebuilding it at every moment was quadratic).
    private var history = NotificationHistory()
    /// The index in `shown` of the latest notification shown with each collapse id.
    private var latestShownByCollapseID: [String: Int] = [:]
    private var printedSuppressions: Set<String> = []
    private var expiries: [(at: Date, identifier: String)] = []
    private var summary: AppReplaySummary

    init(
        scenario: AppScenario, rules: any AppReplayRules, platform: any AppReplayPlatform,
        render: @escaping @Sendable (LocalizedText) -> String, locale: @escaping @Sendable (String) -> String,
        emit: @escaping @Sendable (AppOutputLine) -> Void, warn: @escaping @Sendable (String) -> Void
    ) {
        self.scenario = scenario
        self.rules = rules
        self.platform = platform
        self.render = render
        self.locale = locale
        self.emit = emit
        self.warn = warn
        now = scenario.start
        zone = scenario.timeZone
        permission = scenario.permission
        summary = AppReplaySummary(app: scenario.app, pendingLimit: platform.pendingLimit)
    }

    /// Runs the replay to `until` and prints the summary line last.
    ///
    /// - Returns: The summary.
    /// - Throws: When the platform fails.
    mutating func run() async throws -> AppReplaySummary {
        try await reconcile(AppReplayMoment(instant: now, cause: .start))
        var actionIndex = 0
        while true {
            let nextAction = actionIndex < scenario.actions.count ? scenario.actions[actionIndex].at : nil
            let nextOwn = rules.nextOwnMoment(after: now, in: zone)
            let nextOffset = zone.nextDaylightSavingTimeTransition(after: now)
            let candidates = [await platform.nextFireDate, expiries.first?.at, nextAction, nextOwn, nextOffset]
            guard let next = candidates.compactMap({ $0 }).min(), next <= scenario.until else { break }
            now = max(now, next)
            for request in await platform.advance(to: now) {
                try await deliver(request, late: false)
            }
            try await withdrawExpired()
            while actionIndex < scenario.actions.count, scenario.actions[actionIndex].at <= now {
                try await perform(scenario.actions[actionIndex])
                actionIndex += 1
            }
            if let nextOffset, nextOffset == now {
                let old = zone.secondsFromGMT(for: now.addingTimeInterval(-1))
                let new = zone.secondsFromGMT(for: now)
                try await reconcile(
                    AppReplayMoment(instant: now, cause: .offsetChange(oldOffset: old, newOffset: new)))
            }
            if let nextOwn, nextOwn == now {
                try await reconcile(AppReplayMoment(instant: now, cause: .ownMoment))
            }
        }
        summary.peakPending = await platform.peakPendingCount
        summary.extra = try await rules.summaryFields(context: context())
        emit(summary.line)
        return summary
    }

    // MARK: - Moments

    private func context() -> AppReplayContext {
        AppReplayContext(
            now: now, timeZone: zone, permission: permission, replayStart: scenario.start, shown: shown,
            history: history,
            pending: [], render: render)
    }

    private mutating func reconcile(_ moment: AppReplayMoment) async throws {
        var context = context()
        context.pending = try await platform.pendingRequests()
        var plan = rules.plan(at: moment, context: context)
        for (identifier, reason) in rules.takeWithdrawals() {
            try await withdraw(identifier, reason: reason)
        }
        plan.desired.removeAll { shownIndex[$0.identifier] != nil }
        plan.showNow.removeAll { shownIndex[$0.identifier] != nil }
        for suppression in plan.suppressed {
            report(suppression)
        }
        if case .offsetChange(let old, let new) = moment.cause {
            rules.observe(
                .offsetChanged(oldOffset: old, newOffset: new, pendingCount: context.pending.count), context: context
            )
            .forEach(emit)
        }
        let changes = ReconcilePlan(
            desired: plan.desired, pending: context.pending, removalReasons: plan.removalReasons)
        // A pending request the plan shows now leaves the pending list to be shown, not cancelled.
        let shownNow = Set(plan.showNow.map(\.identifier))
        for call in changes.calls {
            if case .removePending(let identifiers, let reason) = call {
                for identifier in identifiers where !shownNow.contains(identifier) {
                    emit(cancelledLine(identifier: identifier, reason: reason))
                    summary.cancelled += 1
                }
            }
            try await call.perform(on: platform)
        }
        rules.observe(.reconciled(plan: plan, pendingBefore: context.pending), context: context).forEach(emit)
        for request in plan.showNow {
            try await deliver(request, late: request.fireAt < now, showsOnPlatform: true)
        }
    }

    private mutating func perform(_ action: AppScenario.Action) async throws {
        switch action.kind {
        case .launch:
            try await reconcile(AppReplayMoment(instant: now, cause: .launch))
        case .permission(let value):
            permission = value
            try await reconcile(AppReplayMoment(instant: now, cause: .permission))
        case .timeZone(let value):
            zone = value
            try await reconcile(AppReplayMoment(instant: now, cause: .timeZone))
        case .settings(let value):
            rules.replaceSettings(value)
            try await reconcile(AppReplayMoment(instant: now, cause: .settings))
        case .app(let payload):
            let outcome = try await rules.perform(payload, context: context())
            for (identifier, reason) in outcome.withdraw {
                try await withdraw(identifier, reason: reason)
            }
            if !outcome.add.isEmpty {
                try await platform.add(outcome.add)
            }
            for suppression in outcome.suppressed {
                report(suppression)
            }
            for request in outcome.show {
                try await deliver(request, late: false, showsOnPlatform: true)
            }
            outcome.lines.forEach(emit)
            outcome.warnings.forEach(warn)
            if outcome.reconciles {
                try await reconcile(AppReplayMoment(instant: now, cause: .appAction(payload.type)))
            }
        }
    }

    // MARK: - Facts

    /// Shows a request that came due (or asks the platform to show it now), unless the app's rules hold it back.
    private mutating func deliver(
        _ request: NotificationRequest, late: Bool, showsOnPlatform: Bool = false
    )
        async throws
    {
        if case .suppress(let reason) = try await rules.due(request, context: context()) {
            report(Suppression(identifier: request.identifier, fireAt: request.fireAt, reason: reason))
            return
        }
        if showsOnPlatform {
            try await platform.show(request)
        }
        // Only the latest earlier one can still be on screen: each showing withdraws the one before it.
        let previousWithCollapseID = request.collapseID.flatMap { latestShownByCollapseID[$0] }
        if let collapseID = request.collapseID { latestShownByCollapseID[collapseID] = shown.count }
        shownIndex[request.identifier] = shown.count
        shown.append(ShownRequest(request: request, shownAt: now))
        history.append(rules.historyRecord(for: shown[shown.count - 1]))
        if let expiresAfter = request.expiresAfter {
            let at = request.fireAt.addingTimeInterval(Double(expiresAfter.components.seconds))
            let index = expiries.firstIndex { ($0.at, $0.identifier) > (at, request.identifier) } ?? expiries.count
            expiries.insert((at, request.identifier), at: index)
        }
        summary.delivered += 1
        let level =
            permission == .provisional ? NotificationChannel.InterruptionLevel.passive : request.interruptionLevel
        emit(
            AppOutputLine(
                type: "delivered",
                fields: [
                    ("at", .instant(now)), ("identifier", .string(request.identifier)),
                    ("numericId", .integer(Int(request.numericID))), ("app", .string(scenario.app)),
                    ("channel", .string(request.channel.id)), ("interruptionLevel", .string(level.rawValue)),
                    ("title", .string(render(request.title))), ("body", .string(render(request.body))),
                    ("deepLink", .string(request.deepLink)), ("locale", .string(locale(request.body.table))),
                    ("late", .bool(late)),
                ]))
        rules.observe(.delivered(request), context: context()).forEach(emit)
        // A newer notification with the same collapse id replaces the shown older one.
        if let previous = previousWithCollapseID, shown[previous].withdrawnAt == nil {
            try await withdraw(shown[previous].request.identifier, reason: .collapsed)
        }
    }

    private mutating func withdrawExpired() async throws {
        while let first = expiries.first, first.at <= now {
            expiries.removeFirst()
            try await withdraw(first.identifier, reason: .expired)
        }
    }

    private mutating func withdraw(_ identifier: String, reason: NotificationReason) async throws {
        guard let index = shownIndex[identifier], shown[index].withdrawnAt == nil else { return }
        shown[index].withdrawnAt = now
        shown[index].withdrawalReason = reason
        expiries.removeAll { $0.identifier == identifier }
        try await platform.withdrawShown(identifiers: [identifier], reason: reason)
        emit(
            AppOutputLine(
                type: "withdrawn",
                fields: [
                    ("at", .instant(now)), ("identifier", .string(identifier)), ("reason", .string(reason.rawValue)),
                ]
            ))
    }

    private mutating func report(_ suppression: Suppression) {
        let key = "\(suppression.identifier)|\(suppression.fireAt.timeIntervalSince1970)|\(suppression.reason)"
        guard printedSuppressions.insert(key).inserted else { return }
        summary.suppressed[suppression.reason.rawValue, default: 0] += 1
        emit(
            AppOutputLine(
                type: "suppressed",
                fields: [
                    ("at", .instant(now)), ("fireAt", .instant(suppression.fireAt)),
                    ("identifier", .string(suppression.identifier)), ("reason", .string(suppression.reason.rawValue)),
                ]))
    }

    private func cancelledLine(identifier: String, reason: NotificationReason) -> AppOutputLine {
        AppOutputLine(
            type: "cancelled",
            fields: [("at", .instant(now)), ("identifier", .string(identifier)), ("reason", .string(reason.rawValue))])
    }
}
