public import Foundation
public import WaveNotifications

/// Android's alarms and notification manager, as truthful as a test needs them: every request is kept and armed as
/// an alarm (at most `limit` at once, 500 by default; the rest are armed as others fire, so none is lost to the
/// limit), each is shown when the phone runs its alarm and wakes the app, and a **reboot** forgets every alarm.
///
/// After ``reboot()`` nothing is pending. With a boot receiver (``hasBootReceiver``) the app runs at once and can hand
/// over again what it wants; without one nothing of the app runs until its next app run (``isAppAsleep``: its own
/// timers are gone too). A request the reboot removed that the app still wants, whose instant comes before the app
/// hands it over again, comes back from ``advance(to:)`` as ``DeviceFact/lost(_:reason:)``: the user never sees it.
///
/// With **conditions** (`docs/scenario-format.md`, Device conditions) the phone dozes in its idle windows, keeps the
/// app in a standby bucket and may deny exact alarms: each request is handed over in the app's mode
/// (``AndroidScheduling``) and shown at the first instant that mode allows (``DeviceFact/shownLate(_:_:)`` with the
/// cause); a revocation of exact alarms deletes the exact ones and stops the app; at most 50 of the app's
/// notifications are on screen. Its rules (``withConditionRules(_:)``) are the ones its alarms run under: tell them
/// when the user wakes the phone (``DeviceConditionRules/userWoke(at:)``).
///
/// Play the device in a test with ``DeviceRunLoop`` (or ``ServiceDeviceRun``), or by hand: ``beginRun()`` and
/// ``endRun(stillWanting:)`` around each app run (the start, a launch, a boot), ``advance(to:)`` to move time (each
/// request shown wakes the app: hand it to the service's `notificationShown`), ``reboot()`` to restart the phone,
/// ``runReport()`` for what it holds.
public actor SimulatedAndroidCenter: SimulatedDevice {
    /// Android, how many alarms are armed at once, whether the app registered a boot receiver (it runs right after a
    /// reboot), and whether the phone has conditions (Doze, buckets, exact alarms, the 50 on screen).
    public nonisolated let policy: DevicePolicy
    /// The app's modes.
    package nonisolated let scheduling: AndroidScheduling
    /// The test's clock, moved with the center.
    private let clock: ManualWaveClock
    private var now: Date
    /// The platform's rules under the conditions: the timing its alarms and the app's own run under.
    private var rules: DeviceConditionRules
    /// The held alarms, run under the rules' timing (none without conditions).
    private var alarms = AndroidAlarmQueue()
    /// Requests the system removed (a reboot, a revocation) that the app has neither handed over again nor stopped
    /// wanting, by identifier, with why.
    private var removed: [String: (request: NotificationRequest, reason: LossReason)] = [:]
    /// The removed requests by instant (then identifier); an item no longer in ``removed`` is stale.
    private var removedOrder = OrderedHeap<RemovedItem>()
    private var shown = ShownNotifications()

    /// Android's cap of notifications on screen per app.
    package static let onScreenCap = 50

    /// The most alarms armed at once.
    public private(set) var peakPendingCount = 0
    /// Requests handed over (each request of an `add`, replacements included).
    public private(set) var addedCount = 0
    /// Pending requests removed (by the app, or by a reboot).
    public private(set) var removedCount = 0
    /// Whether the app's code does not run on its own: after a reboot without a boot receiver or a revocation of
    /// exact alarms, until its next run.
    package private(set) var isAppAsleep = false

    /// Creates a phone with nothing pending.
    ///
    /// - Parameters:
    ///   - limit: How many alarms are armed at once (500 by default).
    ///   - hasBootReceiver: Whether the app runs right after a reboot (default `true`).
    ///   - conditions: The phone's conditions; `nil` (default) for an ideal phone that never dozes, allows exact
    ///     alarms and keeps the app active.
    ///   - scheduling: The app's modes (its service's ``AppNotificationService/androidScheduling``).
    ///   - timeZone: The zone the conditions' windows are read in (UTC by default).
    ///   - clock: The test's clock at its first instant; ``advance(to:)`` moves it.
    public init(
        limit: Int = 500, hasBootReceiver: Bool = true, conditions: DeviceConditions? = nil,
        scheduling: AndroidScheduling = .exactWithInexactFallback, timeZone: TimeZone = TimeZone(identifier: "UTC")!,
        clock: ManualWaveClock
    ) {
        policy = DevicePolicy(
            platform: .android, pendingLimit: limit, hasBootReceiver: hasBootReceiver, hasConditions: conditions != nil)
        self.scheduling = scheduling
        rules = .android(conditions: conditions, scheduling: scheduling, timeZone: timeZone)
        self.clock = clock
        now = clock.now
    }

    /// How many alarms are armed at once.
    public nonisolated var limit: Int { policy.pendingLimit }

    /// The conditions now.
    public var conditions: DeviceConditions { rules.conditions }

    /// The mode a request handed over now is scheduled in.
    private var currentMode: AndroidScheduleMode { rules.androidMode }

    /// Arms each request in the app's current mode, replacing a pending one with its identifier; a request handed
    /// over again is no longer lost.
    ///
    /// - Parameter requests: The requests.
    public func add(_ requests: [NotificationRequest]) {
        addedCount += requests.count
        let mode = currentMode
        for request in requests {
            removed[request.identifier] = nil
            alarms.add(request, mode: mode, handedAt: now)
        }
        peakPendingCount = max(peakPendingCount, min(alarms.count, limit))
    }

    /// Removes pending requests (and forgets them as lost); unknown identifiers are ignored.
    ///
    /// - Parameters:
    ///   - identifiers: The identifiers.
    ///   - reason: Why.
    public func removePending(identifiers: [String], reason: NotificationReason) {
        removedCount += alarms.remove(identifiers: identifiers)
        for identifier in identifiers { removed[identifier] = nil }
    }

    /// Removes every pending request of a thread.
    ///
    /// - Parameters:
    ///   - threadID: The thread.
    ///   - reason: Why.
    public func removePending(threadID: String, reason: NotificationReason) {
        removedCount += alarms.remove(threadID: threadID)
        removed = removed.filter { $0.value.request.threadID != threadID }
    }

    /// Every pending request, soonest first: Android keeps them all.
    ///
    /// - Returns: The pending requests.
    public func pendingRequests() -> [NotificationRequest] {
        alarms.entries.map(\.request)
    }

    /// Shows a request now (a push the app received, a notification it posts while it runs); it stays on screen until
    /// withdrawn. With conditions, at most 50 of the app's notifications are on screen: one more is dropped.
    ///
    /// - Parameter request: The request.
    /// - Throws: ``NotificationNotShown`` (``NotificationReason/androidNotificationCap``) when 50 others are on screen.
    public func show(_ request: NotificationRequest) throws {
        if isOverOnScreenCap(request) { throw NotificationNotShown(reason: .androidNotificationCap) }
        shown.show(request)
    }

    /// Takes shown notifications off the screen; unknown identifiers are ignored.
    ///
    /// - Parameters:
    ///   - identifiers: The identifiers.
    ///   - reason: Why.
    public func withdrawShown(identifiers: [String], reason: NotificationReason) {
        for identifier in identifiers { shown.withdraw(identifier) }
    }

    /// What is on screen, in the order shown.
    public var onScreen: [NotificationRequest] { shown.requests }

    /// The phone restarts: every alarm is forgotten (counted as removed), and each is lost at its instant unless the
    /// app hands it over again first.
    ///
    /// - Returns: The requests removed, soonest first; whether the app runs now is ``hasBootReceiver``.
    @discardableResult
    public func reboot() async -> [NotificationRequest] {
        let forgotten = alarms.removeAll { _ in true }.map(\.request)
        removedCount += forgotten.count
        for request in forgotten { remember(request, lostFor: .reboot) }
        isAppAsleep = !hasBootReceiver
        return forgotten
    }

    /// The user force-stops the app: every alarm is removed (counted as removed; each lost at its instant, reason
    /// `force_stop`, unless the app hands it over again first) and every notification on screen is taken off; the
    /// app's code does not run on its own until its next run.
    ///
    /// - Returns: The requests removed, soonest first, and the notifications taken off the screen, in the order shown.
    public func forceStop() async -> (cancelled: [NotificationRequest], withdrawn: [NotificationRequest]) {
        let removedAlarms = alarms.removeAll { _ in true }.map(\.request)
        removedCount += removedAlarms.count
        for request in removedAlarms { remember(request, lostFor: .forceStop) }
        let onScreen = shown.requests
        for request in onScreen { shown.withdraw(request.identifier) }
        isAppAsleep = true
        return (removedAlarms, onScreen)
    }

    /// Lends the phone's rules: its alarms run under the same timing (a wake, a move, the app's own alarms change it).
    ///
    /// - Parameter body: Reads or changes the rules.
    /// - Returns: What `body` returns.
    public func withConditionRules<Result: Sendable>(
        _ body: @Sendable (inout DeviceConditionRules) -> Result
    ) async -> Result {
        body(&rules)
    }

    /// The conditions change. Exact alarms turned `denied`: Android deletes the app's exact alarms (each lost at its
    /// instant unless the app runs and hands it over first) and stops the app. Turned `allowed`: the app is told,
    /// runs, and hands every request over again in its exact mode.
    ///
    /// - Parameters:
    ///   - conditions: The conditions from now on.
    ///   - instant: Now.
    /// - Returns: What the change does to the app.
    public func changeConditions(to conditions: DeviceConditions, at instant: Date) async -> DeviceConditionChange {
        let change = rules.change(to: conditions)
        switch change {
        case .exactAlarmsRevoked:
            let revoked = alarms.removeAll { $0.mode.needsExactAlarms }
            for entry in revoked { remember(entry.request, lostFor: .exactAlarmRevoked) }
            isAppAsleep = true
        case .exactAlarmsGranted:
            let mode = currentMode
            for entry in alarms.removeAll(where: { _ in true }) {
                alarms.add(entry.request, mode: mode, handedAt: now)
            }
        case .none:
            break
        }
        return change
    }

    /// An app run begins: the app's code runs again on its own from now on.
    public func beginRun() async {
        isAppAsleep = false
    }

    /// Whether the end of a run needs what the app wants: while a request the system removed may still be lost.
    public var needsWantedRequestsAtRunEnd: Bool { get async { !removed.isEmpty } }

    /// An app run ends. A request the system removed stays lost only while the app still wants it: give what the app
    /// wants now (its service's `desiredRequests`) and the others are forgotten.
    ///
    /// - Parameter wanted: The requests the app wants pending now; `nil` keeps every one removed.
    public func endRun(stillWanting wanted: [NotificationRequest]? = nil) async {
        guard let wanted, !removed.isEmpty else { return }
        let identifiers = Set(wanted.map(\.identifier))
        removed = removed.filter { identifiers.contains($0.key) }
    }

    /// When the phone next shows a pending request, or the next one the system removed would have fired.
    public var nextFireDate: Date? {
        [alarms.nextRunInstant(under: rules.androidTiming), firstRemoved()?.request.fireAt].compactMap { $0 }.min()
    }

    /// Remembers a request the system removed: lost at its instant unless handed over again or no longer wanted.
    private func remember(_ request: NotificationRequest, lostFor reason: LossReason) {
        removed[request.identifier] = (request, reason)
        removedOrder.push(RemovedItem(fireAt: request.fireAt, identifier: request.identifier))
    }

    /// The soonest removed request still remembered, the stale items above it dropped.
    private func firstRemoved() -> (request: NotificationRequest, reason: LossReason)? {
        while let top = removedOrder.peek {
            if let entry = removed[top.identifier], entry.request.fireAt == top.fireAt { return entry }
            removedOrder.pop()
        }
        return nil
    }

    /// A removed request in ``removedOrder``: its instant, then its identifier.
    private struct RemovedItem: Comparable, Sendable {
        var fireAt: Date
        var identifier: String

        static func < (lhs: RemovedItem, rhs: RemovedItem) -> Bool {
            (lhs.fireAt, lhs.identifier) < (rhs.fireAt, rhs.identifier)
        }
    }

    /// What the phone holds of what the app wants: the pending requests plus those the system removed; the armed
    /// ones are held, and the app must run again by the first one not armed (or lost), else the last armed one.
    ///
    /// - Returns: The report.
    public func runReport() async -> DeviceRunReport {
        let entries = alarms.entries
        let armed = min(entries.count, limit)
        let firstNotArmed = entries.count > limit ? entries[limit].request.fireAt : nil
        let firstLost = firstRemoved()?.request.fireAt
        let deadline = NotificationRunway.refreshDeadline(
            firstNotHeld: [firstNotArmed, firstLost].compactMap { $0 }.min(),
            lastHeld: entries.prefix(armed).last?.request.fireAt)
        return DeviceRunReport(wanted: entries.count + removed.count, held: armed, refreshDeadline: deadline)
    }

    /// Moves the clock to `instant`: every alarm that runs by then shows its requests (late ones with their delay,
    /// over the cap or expired ones not at all), and every request the system removed whose instant has come is
    /// lost; in the order of their instants (a loss first at equal instants).
    ///
    /// - Parameter instant: The new current instant.
    /// - Returns: What the phone did, in order.
    public func advance(to instant: Date) async -> [DeviceFact] {
        now = max(now, instant)
        await clock.advance(to: now)
        var facts: [(at: Date, order: Int, fact: DeviceFact)] = []
        while let entry = firstRemoved(), entry.request.fireAt <= now {
            removed[entry.request.identifier] = nil
            removedOrder.pop()
            facts.append((entry.request.fireAt, 0, .lost(entry.request, reason: entry.reason)))
        }
        for run in alarms.runDue(by: now, under: &rules.androidTiming) {
            for entry in run.entries {
                facts.append((run.at, 1, fact(showing: entry.request, at: run.at, delay: run.delay)))
            }
        }
        return facts.enumerated().sorted {
            ($0.element.at, $0.element.order, $0.offset) < ($1.element.at, $1.element.order, $1.offset)
        }
        .map(\.element.fact)
    }

    /// Android's cap of 50 on screen, with conditions: whether showing `request` would make one more than 50 (one
    /// already on screen is replaced, not added). The one place the rule is written, for a posted notification and
    /// for an alarm's.
    private func isOverOnScreenCap(_ request: NotificationRequest) -> Bool {
        hasConditions && shown.count >= Self.onScreenCap && !shown.contains(request.identifier)
    }

    /// Shows a request whose alarm ran, unless it expired while held or 50 are on screen already.
    private func fact(showing request: NotificationRequest, at instant: Date, delay: DeliveryDelay?) -> DeviceFact {
        if hasConditions {
            if let expiry = Expiry.expiryInstant(of: request), expiry <= instant {
                return .notShown(request, reason: .expired)
            }
            if isOverOnScreenCap(request) { return .notShown(request, reason: .androidNotificationCap) }
        }
        shown.show(request)
        return delay.map { .shownLate(request, $0) } ?? .due(request)
    }
}
