public import Foundation
public import WaveNotifications

/// The system's clock as an ``AlarmClock``, optionally starting at another instant and running faster or slower.
///
/// With `origin == nil` and `speed == 1` (the defaults) ``now`` is the wall clock. Otherwise the simulated
/// now is `origin + elapsed real time × speed` (origin defaulting to the wall clock at creation), elapsed time
/// measured on the monotonic clock, so a demo or a test run can start on an event's day and run a day in minutes.
///
/// One task sleeps until the earliest alarm; setting an earlier alarm replaces that task with one that sleeps
/// less. Each sleep is capped at a minute so wall-clock corrections and suspends are noticed. Alarms are
/// woken one after another, never concurrently, and never before their deadline as ``now`` measures it. The task
/// runs on a serial queue of the clock's own (its executor preference), so a wake, and the nonisolated work it
/// calls, never waits for the cooperative pool's threads to be free.
public final class SystemAlarmClock: AlarmClock {
    private struct State {
        var alarms = AlarmTable()
        /// The running loop's generation; a loop whose generation is stale exits at its next step.
        var generation: UInt64 = 0
        var loop: Task<Void, Never>?
        /// The deadline the loop is sleeping toward, or `nil` when it is waking an alarm or not running.
        var sleepingUntil: Date?
    }

    /// The simulated instant at ``init(origin:speed:)``, or `nil` for the plain wall clock.
    public let origin: Date?
    /// How many simulated seconds pass per real second.
    public let speed: Double

    private let start = ContinuousClock.now
    /// The simulated instant at `start`: `origin`, or the wall clock at creation.
    private let base: Date
    private let state = WaveLock(State())
    /// The longest single sleep, so a wall-clock step or a system suspend is corrected within a minute.
    private static let longestSleep = Duration.seconds(60)
    /// The priority the loop, and so every alarm's wake, runs at.
    private static let wakePriority = TaskPriority(rawValue: 33)
    /// The loop's executor: a thread of its own when the cooperative pool's are busy (``WakeExecutor``).
    private let wakeExecutor = WakeExecutor(label: "WaveSystemClock.SystemAlarmClock.wake")

    /// Creates a clock.
    ///
    /// - Parameters:
    ///   - origin: The simulated instant now; `nil` (the default) for the wall clock's current instant.
    ///   - speed: Simulated seconds per real second; must be finite and above zero. 1 by default.
    public init(origin: Date? = nil, speed: Double = 1) {
        precondition(speed > 0 && speed.isFinite, "SystemAlarmClock speed must be finite and above zero, got \(speed)")
        self.origin = origin
        self.speed = speed
        base = origin ?? Date()
    }

    deinit {
        state.withLock { $0.loop?.cancel() }
    }

    public var now: Date {
        if origin == nil && speed == 1 {
            // The plain wall clock follows NTP corrections; the scaled one runs on monotonic time.
            return Date()
        }
        return base.addingTimeInterval((ContinuousClock.now - start).timeInterval * speed)
    }

    public func setAlarm(_ id: AlarmID, at deadline: Date?, wake: @escaping @Sendable () async -> Void) {
        state.withLock { state in
            state.alarms.set(id, at: deadline, wake: wake)
            guard let earliest = state.alarms.earliestDeadline else { return }
            if state.loop == nil {
                startLoop(&state)
            } else if let sleepingUntil = state.sleepingUntil, earliest < sleepingUntil {
                state.loop?.cancel()
                startLoop(&state)
            }
        }
    }

    private func startLoop(_ state: inout State) {
        state.generation += 1
        let generation = state.generation
        state.sleepingUntil = nil
        // Above every priority an app's own tasks run at (`high` at most): when many callers' tasks keep the pool's
        // threads busy, the wake's task is given a thread first, so deliveries stay on time however many calls wait.
        // 33 is the user-interactive class.
        state.loop = Task(executorPreference: wakeExecutor, priority: Self.wakePriority) { [weak self] in
            await self?.runLoop(generation: generation)
        }
    }

    private enum Step {
        case exit
        case wake(@Sendable () async -> Void)
        case sleep(Duration)
    }

    private func runLoop(generation: UInt64) async {
        while true {
            let now = self.now
            let step: Step = state.withLock { state in
                guard state.generation == generation else { return .exit }
                if let due = state.alarms.removeEarliest(dueBy: now) {
                    state.sleepingUntil = nil
                    return .wake(due.wake)
                }
                guard let deadline = state.alarms.earliestDeadline else {
                    state.loop = nil
                    state.sleepingUntil = nil
                    return .exit
                }
                state.sleepingUntil = deadline
                return .sleep(realDuration(from: now, to: deadline))
            }
            switch step {
            case .exit:
                return
            case .wake(let wake):
                await wake()
            case .sleep(let duration):
                do {
                    // No tolerance: with one it let the timer slip to about 2 ms at p99 (wavebench).
                    try await Task.sleep(for: min(duration, Self.longestSleep))
                } catch {
                    // Cancelled: an earlier alarm was set and a new loop has taken over.
                    return
                }
            }
        }
    }

    /// The real time until a simulated deadline, rounded up so the loop never wakes before it.
    private func realDuration(from now: Date, to deadline: Date) -> Duration {
        let seconds = deadline.timeIntervalSince(now) / speed
        return .nanoseconds(Int64(min((seconds * 1e9).rounded(.up), 9e18)))
    }
}
