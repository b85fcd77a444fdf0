// Shown in docs/conformers.md, "A conformer on Swift's clocks": a whole conformer, every requirement, that passes every
// rule; its tests are in InMemoryCenterConformance.swift.
// example-begin
import Foundation
import WaveNotifications

/// A `NotificationRequestCenter` in memory, on any Swift clock (`ContinuousClock` in an app): one timer task sleeps
/// until the soonest request's instant and shows what came due.
actor InMemoryCenter<C: Clock>: NotificationRequestCenter where C.Duration == Duration {
    private let clock: C
    /// The date at `clock`'s instant when the center was made: how it reads a request's instant on the clock.
    private let origin: (date: Date, instant: C.Instant)
    /// Pending requests and the order they were added in (a replacement counts as added anew).
    private var pending: [String: (request: NotificationRequest, order: Int)] = [:]
    private var nextOrder = 0
    /// What is on screen, as shown.
    private(set) var screen: [NotificationRequest] = []
    /// One counter stamps the center and each thread changed, so no count comes back.
    private var count: UInt64 = 0
    private var threadCounts: [String: UInt64] = [:]
    private var timer: Task<Void, Never>?

    init(clock: C, now: Date) {
        self.clock = clock
        origin = (now, clock.now)
    }

    func add(_ requests: [NotificationRequest]) {
        for request in requests {
            stamp(pending[request.identifier]?.request.threadID)
            stamp(request.threadID)
            pending[request.identifier] = (request, nextOrder)
            nextOrder += 1
        }
        showDue()
    }

    func removePending(identifiers: [String], reason: NotificationReason) {
        for identifier in identifiers {
            stamp(pending.removeValue(forKey: identifier)?.request.threadID)
        }
        rearm()
    }

    func removePending(threadID: String, reason: NotificationReason) {
        for (identifier, entry) in pending where entry.request.threadID == threadID {
            stamp(pending.removeValue(forKey: identifier)?.request.threadID)
        }
        rearm()
    }

    func pendingRequests() -> [NotificationRequest] {
        pending.values.sorted { ($0.request.fireAt, $0.order) < ($1.request.fireAt, $1.order) }.map(\.request)
    }

    func changeCount() -> UInt64? { count }

    func changeCounts(threadIDs: [String]) -> [UInt64]? {
        threadIDs.map { threadCounts[$0] ?? 0 }
    }

    func show(_ request: NotificationRequest) {
        // Showing an identifier again replaces what is on screen under it.
        screen.removeAll { $0.identifier == request.identifier }
        screen.append(request)
    }

    func withdrawShown(identifiers: [String], reason: NotificationReason) {
        screen.removeAll { identifiers.contains($0.identifier) }
    }

    private func stamp(_ threadID: String?) {
        guard let threadID else { return }
        count += 1
        threadCounts[threadID] = count
    }

    /// A request's instant on the clock.
    private func deadline(of request: NotificationRequest) -> C.Instant {
        origin.instant.advanced(by: .seconds(request.fireAt.timeIntervalSince(origin.date)))
    }

    /// Shows what is due (its instant not in the future), soonest first, then sleeps until the next instant.
    private func showDue() {
        let now = clock.now
        for request in pendingRequests() where deadline(of: request) <= now {
            stamp(pending.removeValue(forKey: request.identifier)?.request.threadID)
            show(request)
        }
        rearm()
    }

    /// Sleeps until the soonest instant, again after every change: a sooner request must wake it sooner.
    private func rearm() {
        timer?.cancel()
        guard let next = pending.values.map({ deadline(of: $0.request) }).min() else { return }
        timer = Task { [clock] in
            do { try await clock.sleep(until: next, tolerance: nil) } catch { return }
            guard !Task.isCancelled else { return }
            self.showDue()
        }
    }
}
// example-end
