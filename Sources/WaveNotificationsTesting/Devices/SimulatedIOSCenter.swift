public import Foundation
public import WaveNotifications

/// iOS's notification center, as truthful as a test needs it: it holds at most `limit` pending requests (64 on an
/// iPhone), keeps the soonest-firing ones it is handed (equal instants: the one handed over first) and silently
/// discards the rest; it shows what it holds at each request's instant, and nothing else happens between app runs.
///
/// It never lies about what it holds: ``pendingRequests()`` lists only what it holds, so an app that reconciles
/// sees a discarded request as missing and hands it over again. What it discarded is told to the test, not to the
/// app: a request the app handed over and never removed, whose instant comes while the center does not hold it,
/// comes back from ``advance(to:)`` as ``DeviceFact/lost(_:reason:)``: the user never sees it.
///
/// Play the device in a test: call ``beginRun()`` when the app's code starts running (a launch, a background
/// refresh), let the app call its service, call ``endRun()`` when it stops (the center decides then what it keeps
/// of all it was handed), and ``advance(to:)`` to move time: each request due is ``DeviceFact/due(_:)`` (hand it to
/// the service's `notificationShownWhileClosed` at the app's next run, as iOS's delivered list would).
/// ``runReport()`` says how many requests the app wants, how many the center holds, and when the app must run again.
public actor SimulatedIOSCenter: SimulatedDevice {
    /// iOS, its pending limit, and whether it has conditions.
    public nonisolated let policy: DevicePolicy
    /// What it holds, and what it discarded that the app handed over and never removed: lost at its instant unless
    /// handed over again.
    private var requests = CenterRequests()
    /// The current app run, counted from 0 at the replay's start.
    private var run = 0
    private var nextSequence = 0
    /// The test's clock, moved with the center.
    private let clock: ManualWaveClock
    private var now: Date
    /// The most requests held at once.
    public private(set) var peakPendingCount = 0
    /// Whether the app listed the pending requests since the run began (it reconciled).
    public private(set) var wasListedDuringRun = false
    /// Requests handed over (each `add` counts every request, a replacement included).
    public private(set) var addedCount = 0
    /// Requests the app removed while the center held them or remembered them as discarded.
    public private(set) var removedCount = 0

    /// The platform's rules under the conditions: when the user is told, and whether a refresh runs.
    private var rules: DeviceConditionRules

    /// Creates an empty center.
    ///
    /// - Parameters:
    ///   - limit: How many pending requests it holds (64 by default, as an iPhone).
    ///   - conditions: The phone's conditions (`docs/scenario-format.md`, Device conditions); `nil` (default) for a
    ///     phone never in Focus, Scheduled Summary or Low Power Mode.
    ///   - timeZone: The zone the conditions' windows are read in (UTC by default).
    ///   - clock: The test's clock at its first instant; ``advance(to:)`` moves it.
    public init(
        limit: Int = 64, conditions: DeviceConditions? = nil, timeZone: TimeZone = TimeZone(identifier: "UTC")!,
        clock: ManualWaveClock
    ) {
        policy = DevicePolicy(platform: .ios, pendingLimit: limit, hasConditions: conditions != nil)
        rules = .ios(conditions: conditions, timeZone: timeZone)
        self.clock = clock
        now = clock.now
    }

    /// How many pending requests it holds: 64 on iOS.
    public nonisolated var limit: Int { policy.pendingLimit }

    /// Lends the phone's rules (Focus, Scheduled Summary, Low Power Mode): nothing else of the center depends on
    /// them, so a change of the conditions is theirs alone (the default ``changeConditions(to:at:)``).
    ///
    /// - Parameter body: Reads or changes the rules.
    /// - Returns: What `body` returns.
    public func withConditionRules<Result: Sendable>(
        _ body: @Sendable (inout DeviceConditionRules) -> Result
    ) async -> Result {
        body(&rules)
    }

    /// An app run ends (``endRun()``); iOS needs nothing of what the app wants.
    ///
    /// - Parameter wanted: Ignored.
    public func endRun(stillWanting wanted: [NotificationRequest]?) async {
        endRun()
    }

    /// Takes the requests; while an app run lasts, what it keeps of them is decided at ``endRun()``, outside one at
    /// once.
    ///
    /// - Parameter requests: The requests, each replacing a pending one with its identifier.
    public func add(_ requests: [NotificationRequest]) {
        addedCount += requests.count
        for request in requests {
            self.requests.hold(request, sequence: nextSequence, limit: limit, run: run)
            nextSequence += 1
        }
        keepTheSoonest()
    }

    /// Keeps the soonest `limit` held requests; the latest-firing go first (equal instants: the one handed over last).
    private func keepTheSoonest() {
        while requests.held.count > limit {
            requests.discardLatest(run: run)
        }
        peakPendingCount = max(peakPendingCount, requests.held.count)
    }

    /// Removes pending requests (and forgets discarded ones); unknown identifiers are ignored.
    ///
    /// - Parameters:
    ///   - identifiers: The identifiers.
    ///   - reason: Why (not kept: iOS does not say).
    public func removePending(identifiers: [String], reason: NotificationReason) {
        for identifier in identifiers where requests.remove(identifier) {
            removedCount += 1
        }
    }

    /// Removes every pending (and discarded) request of a thread.
    ///
    /// - Parameters:
    ///   - threadID: The thread.
    ///   - reason: Why.
    public func removePending(threadID: String, reason: NotificationReason) {
        removedCount += requests.removeThread(threadID)
    }

    /// What it holds, soonest first: never what it discarded.
    ///
    /// - Returns: The held requests.
    public func pendingRequests() -> [NotificationRequest] {
        wasListedDuringRun = true
        return requests.held.map(\.request)
    }

    /// Shows a request now (a foreground notification); it is on screen until withdrawn.
    ///
    /// - Parameter request: The request.
    public func show(_ request: NotificationRequest) {
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

    /// What is on screen, in the order shown (what ``show(_:)`` showed and ``advance(to:)`` delivered and was not
    /// withdrawn since); the latest ``ShownNotifications/capacity`` at most, as a phone's notification list.
    public var onScreen: [NotificationRequest] { shown.requests }

    private var shown = ShownNotifications()

    /// An app run begins: the app lists what the center holds and hands over again what it still wants.
    public func beginRun() async {
        run += 1
        wasListedDuringRun = false
    }

    /// The app run ends: the center keeps the soonest `limit` of what it holds and was handed. When the app listed what the center holds during the run (it reconciled), a discarded
    /// request it did not hand over again is one it no longer wants (it cannot remove what the center does not
    /// list), so it is forgotten rather than lost. An app that did not list (WorldWideWaves' sync of one event)
    /// still wants what it handed over before and never removed.
    public func endRun() {
        // What the center keeps is decided of all the app handed over during the run, in whatever order it removed
        // and added (`docs/scenario-format.md`, Platforms: the app hands the center its desired requests, soonest
        // first).
        requests.settle(limit: limit, run: run)
        peakPendingCount = max(peakPendingCount, requests.held.count)
        guard wasListedDuringRun else { return }
        // Handing a request over again removes it from the discarded ones; discarded again, it is this run's.
        for entry in requests.discarded where entry.run < run {
            requests.remove(entry.request.identifier)
        }
    }

    /// What the center holds of what the app handed it, as an app run leaves it.
    ///
    /// - Returns: The requests the app wants (held plus discarded and not removed since), how many the center
    ///   holds, and the instant of the first one it does not hold, else of the last one it holds: when the app
    ///   must run again to lose nothing.
    public func runReport() async -> DeviceRunReport {
        DeviceRunReport(
            wanted: requests.held.count + requests.discardedCount, held: requests.held.count,
            refreshDeadline: NotificationRunway.refreshDeadline(
                firstNotHeld: requests.firstDiscardedFireAt(), lastHeld: requests.held.last?.request.fireAt))
    }

    /// The requests the app handed over and still wants: those held, soonest first, then those discarded.
    package var wanted: [NotificationRequest] {
        requests.held.map(\.request) + requests.discardedInOrder
    }

    /// How many requests it holds now.
    package var heldCount: Int { requests.held.count }

    /// When the next held request fires or the next discarded one would have fired.
    public var nextFireDate: Date? {
        [requests.held.first?.request.fireAt, requests.firstDiscardedFireAt()].compactMap { $0 }.min()
    }

    /// Moves the clock to `instant`: every held request due by then is shown (on screen), every discarded one due by
    /// then is lost; both leave the center, in the order of their instants.
    ///
    /// - Parameter instant: The new current instant.
    /// - Returns: What the system did, in order.
    public func advance(to instant: Date) async -> [DeviceFact] {
        now = max(now, instant)
        await clock.advance(to: now)
        var facts: [(at: Date, order: Int, fact: DeviceFact)] = []
        while let entry = requests.popDueHeld(by: now) {
            facts.append((entry.request.fireAt, entry.sequence, .due(entry.request)))
            shown.show(entry.request)
        }
        while let entry = requests.popDueDiscarded(by: now) {
            facts.append((entry.request.fireAt, entry.sequence, .lost(entry.request, reason: .pendingLimit)))
        }
        return facts.sorted { ($0.at, $0.order, $0.fact.identifier) < ($1.at, $1.order, $1.fact.identifier) }
            .map(\.fact)
    }
}
