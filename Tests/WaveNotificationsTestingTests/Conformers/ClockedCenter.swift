import Foundation
import WaveNotifications

/// An in-memory center built on Swift's clocks, as an adapter on `ContinuousClock` would be: one timer task sleeps
/// until the soonest request's instant. It keeps the contract, or breaks it in one of two ways a timer can.
///
/// It keeps no change counts and compares identifiers as Swift's `String` does.
actor ClockedCenter<C: Clock>: NotificationRequestCenter where C.Duration == Duration {
    /// A way a timer breaks the contract (none caught by the first check; the last two by the third only).
    enum Flaw: String, CaseIterable, Sendable, CustomStringConvertible {
        /// Arms its timer once and is not woken for a sooner request added while it sleeps.
        case sleepsUntilFirstDeadlineKnown
        /// Converts instants to the clock's in whole seconds, so it wakes up to a second early.
        case truncatesToWholeSeconds
        /// Keeps each request's delay from its hand-over in 32-bit milliseconds: one more than 24.8 days ahead wraps
        /// and fires at once (or months early).
        case keepsDelaysIn32BitMilliseconds
        /// When its timer wakes, shows only what came due in the last second and drops the rest, as if a timer always
        /// woke on time.
        case dropsWhatCameDueWhileAsleep

        var description: String { rawValue }

        /// The round of the check that first caught it: 2 or 3.
        var round: Int {
            [.keepsDelaysIn32BitMilliseconds, .dropsWhatCameDueWhileAsleep].contains(self) ? 3 : 2
        }
    }

    private let clock: C
    /// The date at the clock's instant when the center was made: how it reads instants on the clock.
    private let origin: (date: Date, instant: C.Instant)
    private let flaw: Flaw?
    private var pending: [(request: NotificationRequest, order: Int)] = []
    /// Each request's deadline as the 32-bit flaw computed it at hand-over.
    private var wrappedDeadlines: [String: C.Instant] = [:]
    private var nextOrder = 0
    private(set) var screen: [NotificationRequest] = []
    private var timer: Task<Void, Never>?

    init(clock: C, now: Date, flaw: Flaw? = nil) {
        self.clock = clock
        origin = (now, clock.now)
        self.flaw = flaw
    }

    private func deadline(of request: NotificationRequest) -> C.Instant {
        if flaw == .keepsDelaysIn32BitMilliseconds, let wrapped = wrappedDeadlines[request.identifier] {
            return wrapped
        }
        let seconds = request.fireAt.timeIntervalSince(origin.date)
        return origin.instant.advanced(
            by: .seconds(flaw == .truncatesToWholeSeconds ? seconds.rounded(.down) : seconds))
    }

    func add(_ requests: [NotificationRequest]) {
        for request in requests {
            pending.removeAll { $0.request.identifier == request.identifier }
            pending.append((request, nextOrder))
            nextOrder += 1
            if flaw == .keepsDelaysIn32BitMilliseconds {
                let now = origin.date.addingTimeInterval(Self.seconds(origin.instant.duration(to: clock.now)))
                let milliseconds = Int64((request.fireAt.timeIntervalSince(now) * 1_000).rounded())
                wrappedDeadlines[request.identifier] = clock.now.advanced(
                    by: .milliseconds(Int32(truncatingIfNeeded: milliseconds)))
            }
        }
        showDue()
    }

    func removePending(identifiers: [String], reason: NotificationReason) {
        pending.removeAll { identifiers.contains($0.request.identifier) }
        rearm()
    }

    func removePending(threadID: String, reason: NotificationReason) {
        pending.removeAll { $0.request.threadID == threadID }
        rearm()
    }

    func pendingRequests() -> [NotificationRequest] {
        pending.sorted { ($0.request.fireAt, $0.order) < ($1.request.fireAt, $1.order) }.map(\.request)
    }

    func show(_ request: NotificationRequest) {
        screen.removeAll { $0.identifier == request.identifier }
        screen.append(request)
    }

    func withdrawShown(identifiers: [String], reason: NotificationReason) {
        screen.removeAll { identifiers.contains($0.identifier) }
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// Shows what is due on the clock now, then sleeps until the next instant.
    private func showDue(woken: Bool = false) {
        let now = clock.now
        for request in pendingRequests() where deadline(of: request) <= now {
            pending.removeAll { $0.request.identifier == request.identifier }
            if woken, flaw == .dropsWhatCameDueWhileAsleep, deadline(of: request).duration(to: now) > .seconds(1) {
                continue
            }
            show(request)
        }
        rearm()
    }

    private func rearm() {
        if flaw == .sleepsUntilFirstDeadlineKnown, timer != nil { return }
        timer?.cancel()
        guard let next = pending.map({ deadline(of: $0.request) }).min() else {
            timer = nil
            return
        }
        timer = Task { [clock] in
            do { try await clock.sleep(until: next, tolerance: nil) } catch { return }
            // Replaced by a newer timer while waking: that one sleeps for what is left.
            guard !Task.isCancelled else { return }
            self.timerFired()
        }
    }

    private func timerFired() {
        timer = nil
        showDue(woken: true)
    }
}
