package import Foundation

/// The alarms of an ``AlarmClock``: at most one per ``AlarmID``, due earliest first, ties in the order set.
///
/// Shared by ``ManualWaveClock`` and the Linux adapter's system clock, so both wake owners in the same order.
package struct AlarmTable {
    /// What an alarm calls when it is due.
    package typealias Wake = @Sendable () async -> Void

    private struct Alarm {
        var deadline: Date
        var sequence: UInt64
        var wake: Wake
    }

    private var alarms: [AlarmID: Alarm] = [:]
    private var sequence: UInt64 = 0

    /// Creates an empty table.
    package init() {}

    /// Sets, replaces or clears (`deadline == nil`) the alarm `id`.
    package mutating func set(_ id: AlarmID, at deadline: Date?, wake: @escaping Wake) {
        guard let deadline else {
            alarms[id] = nil
            return
        }
        sequence += 1
        alarms[id] = Alarm(deadline: deadline, sequence: sequence, wake: wake)
    }

    /// The earliest deadline, if any alarm is set.
    package var earliestDeadline: Date? {
        earliest?.value.deadline
    }

    /// Removes and returns the earliest alarm when it is due at or before `instant`.
    package mutating func removeEarliest(dueBy instant: Date) -> (deadline: Date, wake: Wake)? {
        guard let (id, alarm) = earliest, alarm.deadline <= instant else { return nil }
        alarms[id] = nil
        return (alarm.deadline, alarm.wake)
    }

    // A linear scan: a clock has a handful of owners (one per manager or scheduler), not one per notification.
    private var earliest: (key: AlarmID, value: Alarm)? {
        alarms.min { ($0.value.deadline, $0.value.sequence) < ($1.value.deadline, $1.value.sequence) }
    }
}
