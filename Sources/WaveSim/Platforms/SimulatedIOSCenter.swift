internal import Foundation
internal import WaveNotifications

/// iOS's notification center as a replay plays it: it holds at most `limit` pending requests, keeps the
/// soonest-firing ones it is handed (equal instants: the one handed over first) and silently discards the rest.
///
/// It never lies about what it holds: ``pendingRequests()`` lists only what it holds, so an app that reconciles
/// sees a discarded request as missing and hands it over again. What it discarded is reported to the replay, not to
/// the app: a request the app handed over and never removed, whose instant comes while the center does not hold it,
/// comes back from ``advance(to:)`` as ``SystemFact/lost(_:reason:)``. Between app runs it only shows what it
/// holds, at each request's instant.
actor SimulatedIOSCenter: AppReplayPlatform {
    /// How many pending requests it holds: 64 on iOS.
    let limit: Int
    /// What it holds, and what it discarded that the app handed over and never removed: lost at its instant unless
    /// handed over again.
    private var requests = CenterRequests()
    /// The current app run, counted from 0 at the replay's start.
    private var run = 0
    private var nextSequence = 0
    /// The replay's clock, moved with the center.
    private let clock: ManualWaveClock
    private var now: Date
    /// The most requests held at once.
    private(set) var peakHeldCount = 0
    /// Whether the app listed the pending requests since the run began.
    private(set) var wasListedDuringRun = false
    /// Requests handed over (each `add` counts every request, a replacement included).
    private(set) var addedCount = 0
    /// Requests the app removed while the center held them or remembered them as discarded.
    private(set) var removedCount = 0

    /// Creates an empty center.
    ///
    /// - Parameters:
    ///   - limit: How many pending requests it holds.
    ///   - clock: The replay's clock at its first instant; the center moves it as time passes.
    init(limit: Int, clock: ManualWaveClock) {
        self.limit = limit
        self.clock = clock
        now = clock.now
    }

    func add(_ requests: [NotificationRequest]) {
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
        peakHeldCount = max(peakHeldCount, requests.held.count)
    }

    func removePending(identifiers: [String], reason: NotificationReason) {
        for identifier in identifiers where requests.remove(identifier) {
            removedCount += 1
        }
    }

    func removePending(threadID: String, reason: NotificationReason) {
        removedCount += requests.removeThread(threadID)
    }

    func pendingRequests() -> [NotificationRequest] {
        wasListedDuringRun = true
        return requests.held.map(\.request)
    }

    func show(_ request: NotificationRequest) {}

    func withdrawShown(identifiers: [String], reason: NotificationReason) {}

    /// An app run begins: the app lists what the center holds and hands over again what it still wants.
    func startRun() async {
        run += 1
        wasListedDuringRun = false
    }

    /// The app run ends: the center keeps the soonest `limit` of what it holds and was handed. When the app listed what the center holds during the run (it reconciled), a discarded
    /// request it did not hand over again is one it no longer wants (it cannot remove what the center does not
    /// list), so it is forgotten rather than lost. An app that did not list (WorldWideWaves' sync of one event)
    /// still wants what it handed over before and never removed.
    func finishRun() async {
        // What the center keeps is decided of all the app handed over during the run, in whatever order it removed
        // and added (`docs/scenario-format.md`, Platforms: the app hands the center its desired requests, soonest
        // first).
        requests.settle(limit: limit, run: run)
        peakHeldCount = max(peakHeldCount, requests.held.count)
        guard wasListedDuringRun else { return }
        // Handing a request over again removes it from the discarded ones; discarded again, it is this run's.
        for entry in requests.discarded where entry.run < run {
            requests.remove(entry.request.identifier)
        }
    }

    var peakPendingCount: Int { peakHeldCount }

    nonisolated var pendingLimit: Int { limit }

    /// What the center holds of what the app handed it: held plus discarded (and not removed since).
    func heldAfterRun() async throws -> (wanted: Int, held: Int, refreshDeadline: Date?) {
        (
            requests.held.count + requests.discardedCount, requests.held.count,
            requests.firstDiscardedFireAt() ?? requests.held.last?.request.fireAt
        )
    }

    var wanted: [NotificationRequest] {
        requests.held.map(\.request) + requests.discardedInOrder
    }

    /// How many requests it holds now.
    var heldCount: Int { requests.held.count }

    /// When the next held request fires or the next discarded one would have fired.
    var nextFireDate: Date? {
        [requests.held.first?.request.fireAt, requests.firstDiscardedFireAt()].compactMap { $0 }.min()
    }

    /// Moves the clock to `instant`: every held request due by then is shown, every discarded one due by then is
    /// lost; both leave the center, in the order of their instants.
    ///
    /// - Parameter instant: The new current instant.
    /// - Returns: What the system did, in order.
    func advance(to instant: Date) async -> [SystemFact] {
        now = max(now, instant)
        await clock.advance(to: now)
        var facts: [(at: Date, order: Int, fact: SystemFact)] = []
        while let entry = requests.popDueHeld(by: now) {
            facts.append((entry.request.fireAt, entry.sequence, .due(entry.request)))
        }
        while let entry = requests.popDueDiscarded(by: now) {
            facts.append((entry.request.fireAt, entry.sequence, .lost(entry.request, reason: .pendingLimit)))
        }
        return facts.sorted { ($0.at, $0.order, $0.fact.identifier) < ($1.at, $1.order, $1.fact.identifier) }
            .map(\.fact)
    }
}
