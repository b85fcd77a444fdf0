public import Foundation
public import WaveNotifications

/// A clock that moves only when told to, for tests and runs in virtual time.
///
/// ``advance(to:)`` steps through due alarms in deadline order, setting ``now`` to each deadline before
/// waking its owner and awaiting it, so everything due is handled, in order, before the call returns.
public final class ManualWaveClock: AlarmClock {
    private struct State {
        var now: Date
        var alarms = AlarmTable()
    }

    private let state: WaveLock<State>

    /// Creates a clock.
    ///
    /// - Parameter now: The starting instant.
    public init(now: Date) {
        state = WaveLock(State(now: now))
    }

    public var now: Date {
        state.withLock { $0.now }
    }

    /// The earliest alarm deadline, if any alarm is set.
    public var nextDeadline: Date? {
        state.withLock { $0.alarms.earliestDeadline }
    }

    public func setAlarm(_ id: AlarmID, at deadline: Date?, wake: @escaping @Sendable () async -> Void) {
        state.withLock { $0.alarms.set(id, at: deadline, wake: wake) }
    }

    /// Moves time forward by `duration`, waking every alarm due on the way, in deadline order.
    ///
    /// - Parameter duration: How far to move; a negative duration does nothing.
    public func advance(by duration: Duration) async {
        await advance(to: now.addingTimeInterval(duration.timeInterval))
    }

    /// Moves time forward to `instant`, waking every alarm due on the way, in deadline order.
    ///
    /// An alarm whose deadline is at or before `instant` is woken with ``now`` equal to its deadline (or to
    /// the current instant, if that deadline is already past). Alarms set while waking are honoured too.
    /// Time never moves backward: an `instant` before ``now`` only wakes alarms already due.
    ///
    /// - Parameter instant: The target instant.
    public func advance(to instant: Date) async {
        while true {
            let due: AlarmTable.Wake? = state.withLock { state in
                guard let alarm = state.alarms.removeEarliest(dueBy: instant) else {
                    state.now = max(state.now, instant)
                    return nil
                }
                state.now = max(state.now, alarm.deadline)
                return alarm.wake
            }
            guard let due else { return }
            await due()
        }
    }

    /// Moves time to `instant` at once, then wakes every alarm due by then, in deadline order, each late.
    ///
    /// Unlike ``advance(to:)``, ``now`` is `instant` for every alarm woken: an alarm due an hour ago wakes an hour
    /// late, as a timer does after the machine slept or the process was descheduled. A center that shows only what
    /// came due "just now" when it wakes, and drops the rest, is seen. Alarms set while waking are honoured too.
    /// Time never moves backward: an `instant` before ``now`` only wakes alarms already due.
    ///
    /// - Parameter instant: The target instant.
    public func jump(to instant: Date) async {
        state.withLock { $0.now = max($0.now, instant) }
        while true {
            let due: AlarmTable.Wake? = state.withLock { state in
                state.alarms.removeEarliest(dueBy: state.now)?.wake
            }
            guard let due else { return }
            await due()
        }
    }
}
