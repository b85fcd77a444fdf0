public import Foundation
internal import Synchronization

/// A clock that moves only when told to, for tests and virtual-time replays.
///
/// ``advance(to:)`` steps through due alarms in deadline order, setting ``now`` to each deadline before
/// waking its owner and awaiting it, so everything due is handled, in order, before the call returns.
public final class ManualWaveClock: AlarmClock {
    private struct Alarm {
        var deadline: Date
        var sequence: UInt64
        var wake: @Sendable () async -> Void
    }

    private struct State {
        var now: Date
        var alarms: [AlarmID: Alarm] = [:]
        var sequence: UInt64 = 0
    }

    private let state: Mutex<State>

    /// Creates a clock.
    ///
    /// - Parameter now: The starting instant.
    public init(now: Date) {
        state = Mutex(State(now: now))
    }

    public var now: Date {
        state.withLock { $0.now }
    }

    /// The earliest alarm deadline, if any alarm is set.
    public var nextDeadline: Date? {
        state.withLock { $0.alarms.values.map(\.deadline).min() }
    }

    public func setAlarm(_ id: AlarmID, at deadline: Date?, wake: @escaping @Sendable () async -> Void) {
        state.withLock { state in
            if let deadline {
                state.sequence += 1
                state.alarms[id] = Alarm(deadline: deadline, sequence: state.sequence, wake: wake)
            } else {
                state.alarms[id] = nil
            }
        }
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
            let due: (@Sendable () async -> Void)? = state.withLock { state in
                guard
                    let (id, alarm) = state.alarms.filter({ $0.value.deadline <= instant })
                        .min(by: { ($0.value.deadline, $0.value.sequence) < ($1.value.deadline, $1.value.sequence) })
                else {
                    state.now = max(state.now, instant)
                    return nil
                }
                state.alarms[id] = nil
                state.now = max(state.now, alarm.deadline)
                return alarm.wake
            }
            guard let due else { return }
            await due()
        }
    }
}

extension Duration {
    /// This duration in seconds, as a `TimeInterval`.
    package var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
