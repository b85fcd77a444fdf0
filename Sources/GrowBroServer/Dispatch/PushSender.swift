public import Foundation
public import WaveNotifications

/// A ``PushDispatcher`` run as a service, for a backend to embed: it sends what is due, then waits until the next
/// send is due or a new one was recorded, until ``stop()``.
///
/// It learns of a new send at once when ``sendNow()`` is called (a fan-out in the same process) and, on a store
/// that can tell (PostgreSQL's `LISTEN`/`NOTIFY`), when any process or machine commits one; on SQLite a send that
/// another process records is found at the idle check. It waits for its dispatcher's platforms
/// (``PushDispatcher/platforms``) only: a due send of another platform neither keeps it busy nor wakes it more than
/// once (a new send of any platform wakes it for one claim).
///
/// The wait is an alarm on the clock it was given (a `SystemAlarmClock` in production, a `ManualWaveClock` in
/// tests), never a sleep of its own. ``stop()`` starts no new request: the requests in flight are answered and their
/// outcomes committed before it returns; the sends not yet attempted stay pending for the next start.
public final class PushSender: Sendable {
    private struct State {
        var task: Task<Void, Never>?
        var waiter: CheckedContinuation<Void, Never>?
        /// A wake-up that came while no wait was in progress: the next wait returns at once.
        var woken = false
        var stopping = false
        var activity = Activity.stopped
        /// The store's watch for new sends while started.
        var watch: (any NewSendsWatch)?
    }

    /// What the sender is doing, for a watchdog: a round of sends that started long ago and has not ended is a
    /// sender stuck (on a store or a transport that does not answer).
    public enum Activity: Hashable, Sendable {
        /// Not started, or stopped.
        case stopped
        /// In a round (claiming, sending, committing) since this instant.
        case sending(since: Date)
        /// Waiting for the next due instant, a ``PushSender/sendNow()`` or the idle check.
        case waiting
    }

    /// What the sender is doing now.
    public var activity: Activity { state.withLock { $0.activity } }

    private let dispatcher: PushDispatcher
    private let server: PushServer
    private let clock: any AlarmClock
    private let alarm = AlarmID()
    private let batch: Int
    private let retryAfterError: Duration
    private let idleCheck: Duration?
    private let onDecision: @Sendable (DispatchDecision) -> Void
    private let onError: @Sendable (any Error) -> Void
    private let onWatchError: @Sendable (any Error) -> Void
    private let state = WaveLock(State())

    /// Creates a sender; it does nothing before ``start()``.
    ///
    /// - Parameters:
    ///   - dispatcher: The dispatcher that sends (over the same server).
    ///   - server: The server whose outbox it watches.
    ///   - clock: The clock it waits on.
    ///   - batch: The most sends taken per round (1,000 by default).
    ///   - retryAfterError: How long it waits after a store error before trying again (5 seconds by default).
    ///   - idleCheck: The longest wait before looking at the outbox again, for sends that another process records
    ///     in the same database (which cannot call ``sendNow()``); `nil` (the default) waits for the next due
    ///     instant or ``sendNow()`` only.
    ///   - onDecision: Called with each decision once it is committed, in the order of the commits (a log line,
    ///     metrics).
    ///   - onError: Called with each store error of a round (the sends concerned stay pending).
    ///   - onWatchError: Called with each failure of the store's watch for new sends (its listening connection
    ///     lost, once per loss; the watch connects again by itself and the idle check still runs meanwhile); `nil`
    ///     (the default) sends them to `onError`.
    public init(
        dispatcher: PushDispatcher, server: PushServer, clock: any AlarmClock, batch: Int = 1_000,
        retryAfterError: Duration = .seconds(5), idleCheck: Duration? = nil,
        onDecision: @escaping @Sendable (DispatchDecision) -> Void,
        onError: @escaping @Sendable (any Error) -> Void = { _ in },
        onWatchError: (@Sendable (any Error) -> Void)? = nil
    ) {
        self.dispatcher = dispatcher
        self.server = server
        self.clock = clock
        self.batch = max(1, batch)
        self.retryAfterError = retryAfterError
        self.idleCheck = idleCheck
        self.onDecision = onDecision
        self.onError = onError
        self.onWatchError = onWatchError ?? onError
    }

    /// Starts sending, and watching the store for sends other connections record; a second call while running does
    /// nothing.
    public func start() {
        let started = state.withLock { state in
            guard state.task == nil else { return false }
            state.stopping = false
            state.task = Task { await self.run() }
            return true
        }
        guard started else { return }
        // The watch connects on a thread of its own: nothing here waits for the database.
        let watch = server.watchNewSends({ [weak self] in self?.wake() }, onError: onWatchError)
        let stale = state.withLock { state in
            defer { state.watch = state.stopping ? nil : watch }
            return state.stopping ? watch : nil
        }
        stale?.stop()
    }

    /// Sends what is due now instead of waiting: call it after recording new sends (a fan-out).
    public func sendNow() {
        wake()
    }

    /// Stops: no request is started after it; those in flight are answered and committed before it returns.
    public func stop() async {
        let (task, watch) = state.withLock { state in
            state.stopping = true
            defer { state.watch = nil }
            return (state.task, state.watch)
        }
        watch?.stop()
        task?.cancel()
        wake()
        await task?.value
        clock.setAlarm(alarm, at: nil) {}
        state.withLock { $0.task = nil }
    }

    private var isStopping: Bool { state.withLock { $0.stopping } }

    private func run() async {
        defer { state.withLock { $0.activity = .stopped } }
        while !isStopping {
            let started = clock.now
            state.withLock { $0.activity = .sending(since: started) }
            var next: Date?
            do {
                // Each decision as its batch is committed: a sender killed mid-claim has logged every committed one.
                _ = try await dispatcher.dispatchDue(limit: batch) { committed in committed.forEach(onDecision) }
                // Its own platforms' next send: another platform's due send is not this sender's to wait for.
                let platforms = dispatcher.platforms
                next = try await server.run { try $0.nextDueInstant(platforms: platforms) }
            } catch {
                onError(error)
                next = clock.now.addingTimeInterval(retryAfterError.timeInterval)
            }
            if isStopping { return }
            let now = clock.now
            if let next, next <= now { continue }
            let check = idleCheck.map { now.addingTimeInterval($0.timeInterval) }
            state.withLock { $0.activity = .waiting }
            await wait(until: [next, check].compactMap { $0 }.min())
        }
    }

    /// Waits until `deadline` (an alarm), a ``sendNow()`` or a ``stop()``, whichever comes first.
    private func wait(until deadline: Date?) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeNow = state.withLock { state in
                if state.woken || state.stopping {
                    state.woken = false
                    return true
                }
                state.waiter = continuation
                return false
            }
            if resumeNow {
                continuation.resume()
                return
            }
            clock.setAlarm(alarm, at: deadline) { [weak self] in self?.wake() }
            // A clock that reached the deadline before the alarm was set (a manual clock moved meanwhile) may not
            // wake it until it moves again.
            if let deadline, clock.now >= deadline { wake() }
        }
    }

    private func wake() {
        let waiter = state.withLock { state in
            guard let waiter = state.waiter else {
                state.woken = true
                return nil as CheckedContinuation<Void, Never>?
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume()
    }
}
