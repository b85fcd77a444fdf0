internal import WaveNotifications

/// A Swift `Clock` that moves only when told to, for a center built on Swift's clocks (`ContinuousClock` in an app).
///
/// A center generic over `some Clock<Duration>` sleeps on it as it would on `ContinuousClock`
/// (`clock.sleep(until:)`, `Task.sleep(until:clock:)`); a test moves it with ``advance(to:)`` or ``advance(by:)``,
/// and ``ConformanceSubject/Time/clock(_:)`` lets the conformance check move it. Nothing waits for real time.
///
/// ``advance(to:)`` wakes the sleepers due on the way one at a time, in deadline order (ties in the order they began
/// to sleep), with ``now`` at each one's deadline. Before each wake and before it returns, it lets the tasks that use
/// the clock run until they are quiet: every task it woke has run again, and no task has begun a sleep for
/// ``settlingTurns`` turns of the executor in a row. A clock sees only its sleepers, not the work a task does
/// elsewhere, nor a task about to sleep: those turns are what it gives them (a timer task just made, a woken task
/// showing what came due and sleeping again), as swift-clocks' `TestClock` gives its yields.
public final class ManualClock: Clock {
    /// An instant of a ``ManualClock``: how far it is from the clock's origin.
    public struct Instant: InstantProtocol, Hashable, Sendable, CustomStringConvertible {
        /// The time since the clock's origin (its ``ManualClock/now`` when it was made).
        public var offset: Duration

        /// Creates an instant.
        ///
        /// - Parameter offset: The time since the clock's origin.
        public init(offset: Duration) {
            self.offset = offset
        }

        /// The instant `duration` later (earlier, when negative).
        ///
        /// - Parameter duration: How far to move.
        /// - Returns: The instant.
        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        /// The time from this instant to `other`.
        ///
        /// - Parameter other: The other instant.
        /// - Returns: `other` minus this instant.
        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        /// Whether `lhs` comes before `rhs`.
        ///
        /// - Parameters:
        ///   - lhs: An instant.
        ///   - rhs: Another instant.
        /// - Returns: Whether `lhs` is earlier.
        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }

        /// `origin + <offset>`.
        public var description: String { "origin + \(offset)" }
    }

    /// How many turns of the executor in a row without a sleep begun ``advance(to:)`` waits for, before each wake and
    /// before it returns.
    public static let settlingTurns = 100

    private struct Sleeper {
        var id: UInt64
        var deadline: Instant
        var continuation: UnsafeContinuation<Void, any Error>
    }

    private struct State {
        var now: Instant
        var nextID: UInt64 = 0
        /// Sleeping, in the order they began to sleep.
        var sleepers: [Sleeper] = []
        /// Sleeps begun whose continuation is not registered yet; `true` once cancelled meanwhile.
        var registering: [UInt64: Bool] = [:]
        /// Sleeps begun so far: a task that sleeps (again) moves it.
        var sleepsBegun = 0
        /// Woken sleepers that have not run again yet.
        var wokenNotRunning: Set<UInt64> = []
    }

    private let state: WaveLock<State>

    /// Creates a clock at its origin.
    public init() {
        state = WaveLock(State(now: Instant(offset: .zero)))
    }

    /// The current instant.
    public var now: Instant {
        state.withLock { $0.now }
    }

    /// The smallest step it measures: none, it is exact.
    public var minimumResolution: Duration { .zero }

    /// How many tasks sleep on it now.
    public var sleeperCount: Int {
        state.withLock { $0.sleepers.count }
    }

    /// The earliest deadline a task sleeps until, if any sleeps.
    public var nextDeadline: Instant? {
        state.withLock { $0.sleepers.map(\.deadline).min() }
    }

    /// Suspends until the clock reaches `deadline`; returns at once when it has.
    ///
    /// - Parameters:
    ///   - deadline: The instant to wake at.
    ///   - tolerance: Ignored: the clock wakes each sleeper exactly at its deadline.
    /// - Throws: `CancellationError` when the task is cancelled before the deadline.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let id: UInt64? = state.withLock { state in
            guard deadline > state.now else { return nil }
            state.nextID += 1
            state.registering[state.nextID] = false
            state.sleepsBegun += 1
            return state.nextID
        }
        guard let id else { return }
        try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
                let resumption: Result<Void, any Error>? = state.withLock { state in
                    let cancelled = state.registering.removeValue(forKey: id) ?? false
                    if cancelled { return .failure(CancellationError()) }
                    // advance(to:) waits for sleeps being registered, so time cannot have passed the deadline since
                    // the check above; this keeps a sleep from being lost if it did.
                    if deadline <= state.now { return .success(()) }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return nil
                }
                if let resumption { continuation.resume(with: resumption) }
            }
        } onCancel: {
            let sleeper: Sleeper? = state.withLock { state in
                if state.registering[id] != nil {
                    state.registering[id] = true
                    return nil
                }
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
        state.withLock { _ = $0.wokenNotRunning.remove(id) }
    }

    /// Moves time forward by `duration`, waking every sleeper due on the way, in deadline order.
    ///
    /// - Parameter duration: How far to move; a negative duration wakes only the sleepers already due.
    public func advance(by duration: Duration) async {
        await advance(to: now.advanced(by: duration))
    }

    /// Moves time forward to `instant`, waking every sleeper due on the way, in deadline order.
    ///
    /// Each sleeper wakes with ``now`` at its deadline; sleepers that begin while others are woken are honoured too.
    /// Time never moves backward. Call it from outside the task or actor that sleeps, or the woken task cannot run
    /// until it returns.
    ///
    /// - Parameter instant: The target instant.
    public func advance(to instant: Instant) async {
        while true {
            await settle()
            let woken: UnsafeContinuation<Void, any Error>? = state.withLock { state in
                let due = state.sleepers.indices.filter { state.sleepers[$0].deadline <= instant }
                guard let index = due.min(by: { state.sleepers[$0].deadline < state.sleepers[$1].deadline }) else {
                    state.now = max(state.now, instant)
                    return nil
                }
                let sleeper = state.sleepers.remove(at: index)
                state.now = max(state.now, sleeper.deadline)
                state.wokenNotRunning.insert(sleeper.id)
                return sleeper.continuation
            }
            guard let woken else {
                await settle()
                return
            }
            woken.resume()
        }
    }

    /// Moves time to `instant` at once, then wakes every sleeper due by then, in deadline order, each late.
    ///
    /// Unlike ``advance(to:)``, ``now`` is `instant` for every sleeper woken: a sleep due an hour ago returns an hour
    /// late, as on a machine that slept or a process that was descheduled, so a timer that shows only what came due
    /// "just now" and drops the rest is seen. Sleepers that begin while others are woken are honoured too, and the
    /// tasks that use the clock are let run until quiet before each wake and before it returns, as in
    /// ``advance(to:)``. Time never moves backward.
    ///
    /// - Parameter instant: The target instant.
    public func jump(to instant: Instant) async {
        await settle()
        state.withLock { $0.now = max($0.now, instant) }
        await advance(to: instant)
    }

    /// Lets the tasks that use the clock run until they are quiet: every woken one has run again, no sleep is being
    /// registered, and none has begun for ``settlingTurns`` turns of the executor in a row.
    private func settle() async {
        var quietTurns = 0
        var begun = state.withLock { $0.sleepsBegun }
        // The bound only keeps a broken executor from hanging the caller: a woken task always runs again.
        for _ in 0..<1_000_000 where quietTurns < Self.settlingTurns {
            await Task.yield()
            let (now, busy) = state.withLock {
                ($0.sleepsBegun, !$0.registering.isEmpty || !$0.wokenNotRunning.isEmpty)
            }
            if now != begun || busy {
                begun = now
                quietTurns = 0
            } else {
                quietTurns += 1
            }
        }
    }
}
