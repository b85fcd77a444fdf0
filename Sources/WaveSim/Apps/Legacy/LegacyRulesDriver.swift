internal import Foundation
internal import WaveJSON
internal import WaveNotifications

/// Temporary: runs an app's old replay rules behind the driver seam while its service is being written.
actor LegacyRulesDriver: AppReplayDriver {
    private var rules: any AppReplayRules
    private let center: any NotificationRequestCenter
    private let render: @Sendable (LocalizedText) -> String
    private let start: Date
    private var shown: [ShownRequest] = []
    private var shownIndex: [String: Int] = [:]
    private var history = NotificationHistory()
    private var latestShownByCollapseID: [String: Int] = [:]
    private var printedSuppressions: Set<String> = []
    private var expiries: [(at: Date, identifier: String)] = []
    private var out: [AppReplayOutput] = []
    private var device: DeviceState

    init(
        rules: any AppReplayRules, center: any NotificationRequestCenter, start: Date,
        render: @escaping @Sendable (LocalizedText) -> String
    ) {
        self.rules = rules
        self.center = center
        self.start = start
        self.render = render
        device = DeviceState(now: start, timeZone: .gmt)
    }

    func nextOwnMoment(after instant: Date, in zone: TimeZone) -> Date? {
        rules.nextOwnMoment(after: instant, in: zone)
    }

    func nextExpiry() -> Date? { expiries.first?.at }

    private func take() -> [AppReplayOutput] {
        defer { out = [] }
        return out
    }

    func reconcile(_ cause: ReconcileCause, device: DeviceState) async throws -> [AppReplayOutput] {
        self.device = device
        let legacy: LegacyMoment.Cause
        switch cause {
        case .start: legacy = .start
        case .launch, .backgroundRefresh: legacy = .launch
        case .settings: legacy = .settings
        case .permission: legacy = .permission
        case .timeZone: legacy = .timeZone
        case .userAction(let name): legacy = .appAction(name)
        case .ownMoment: legacy = .ownMoment
        case .offsetChange(let old, let new): legacy = .offsetChange(oldOffset: old, newOffset: new)
        }
        try await reconcile(LegacyMoment(instant: device.now, cause: legacy))
        return take()
    }

    func due(_ request: NotificationRequest, device: DeviceState) async throws -> [AppReplayOutput] {
        self.device = device
        try await deliver(request, late: false)
        return take()
    }

    func withdrawExpired(device: DeviceState) async throws -> [AppReplayOutput] {
        self.device = device
        while let first = expiries.first, first.at <= device.now {
            expiries.removeFirst()
            try await withdraw(first.identifier, reason: .expired)
        }
        return take()
    }

    func replaceSettings(_ settings: JSONValue) { rules.replaceSettings(settings) }

    func perform(_ action: any AppActionPayload, device: DeviceState) async throws -> AppActionResult {
        self.device = device
        let outcome = try await rules.perform(action, context: context())
        for (identifier, reason) in outcome.withdraw {
            try await withdraw(identifier, reason: reason)
        }
        if !outcome.add.isEmpty { try await center.add(outcome.add) }
        for suppression in outcome.suppressed { report(suppression) }
        for request in outcome.show { try await deliver(request, late: false, showsOnPlatform: true) }
        out += outcome.lines.map(AppReplayOutput.line)
        if outcome.reconciles {
            try await reconcile(LegacyMoment(instant: device.now, cause: .appAction(action.type)))
        }
        return AppActionResult(outputs: take(), warnings: outcome.warnings)
    }

    func summaryFields(device: DeviceState) async throws -> [(String, AppOutputLine.Value)] {
        self.device = device
        return try await rules.summaryFields(context: context())
    }

    private func context() -> AppReplayContext {
        AppReplayContext(
            now: device.now, timeZone: device.timeZone, permission: device.permission, replayStart: start,
            shown: shown, history: history, pending: [], render: render)
    }

    private func reconcile(_ moment: LegacyMoment) async throws {
        var context = context()
        context.pending = try await center.pendingRequests()
        var plan = rules.plan(at: moment, context: context)
        for (identifier, reason) in rules.takeWithdrawals() { try await withdraw(identifier, reason: reason) }
        plan.desired.removeAll { shownIndex[$0.identifier] != nil }
        plan.showNow.removeAll { shownIndex[$0.identifier] != nil }
        for suppression in plan.suppressed { report(suppression) }
        if case .offsetChange(let old, let new) = moment.cause {
            out += rules.observe(
                .offsetChanged(oldOffset: old, newOffset: new, pendingCount: context.pending.count), context: context
            ).map(AppReplayOutput.line)
        }
        let changes = ReconcilePlan(
            desired: plan.desired, pending: context.pending, removalReasons: plan.removalReasons)
        let shownNow = Set(plan.showNow.map(\.identifier))
        for call in changes.calls {
            if case .removePending(let identifiers, let reason) = call {
                for identifier in identifiers where !shownNow.contains(identifier) {
                    out.append(.event(.cancelled(identifier: identifier, reason: reason, at: device.now)))
                }
            }
            try await call.perform(on: center)
        }
        out += rules.observe(.reconciled(plan: plan, pendingBefore: context.pending), context: context)
            .map(AppReplayOutput.line)
        for request in plan.showNow {
            try await deliver(request, late: request.fireAt < device.now, showsOnPlatform: true)
        }
    }

    private func deliver(_ request: NotificationRequest, late: Bool, showsOnPlatform: Bool = false) async throws {
        if case .suppress(let reason) = try await rules.due(request, context: context()) {
            report(Suppression(identifier: request.identifier, fireAt: request.fireAt, reason: reason))
            return
        }
        if showsOnPlatform { try await center.show(request) }
        let previousWithCollapseID = request.collapseID.flatMap { latestShownByCollapseID[$0] }
        if let collapseID = request.collapseID { latestShownByCollapseID[collapseID] = shown.count }
        shownIndex[request.identifier] = shown.count
        shown.append(ShownRequest(request: request, shownAt: device.now))
        history.append(rules.historyRecord(for: shown[shown.count - 1]))
        if let expiresAfter = request.expiresAfter {
            let at = request.fireAt.addingTimeInterval(Double(expiresAfter.components.seconds))
            let index = expiries.firstIndex { ($0.at, $0.identifier) > (at, request.identifier) } ?? expiries.count
            expiries.insert((at, request.identifier), at: index)
        }
        out.append(.event(.delivered(request, at: device.now, late: late)))
        out += rules.observe(.delivered(request), context: context()).map(AppReplayOutput.line)
        if let previous = previousWithCollapseID, shown[previous].withdrawnAt == nil {
            try await withdraw(shown[previous].request.identifier, reason: .collapsed)
        }
    }

    private func withdraw(_ identifier: String, reason: NotificationReason) async throws {
        guard let index = shownIndex[identifier], shown[index].withdrawnAt == nil else { return }
        shown[index].withdrawnAt = device.now
        shown[index].withdrawalReason = reason
        expiries.removeAll { $0.identifier == identifier }
        try await center.withdrawShown(identifiers: [identifier], reason: reason)
        out.append(.event(.withdrawn(identifier: identifier, reason: reason, at: device.now)))
    }

    private func report(_ suppression: Suppression) {
        let key = "\(suppression.identifier)|\(suppression.fireAt.timeIntervalSince1970)|\(suppression.reason)"
        guard printedSuppressions.insert(key).inserted else { return }
        out.append(.event(.suppressed(suppression, at: device.now)))
    }
}
