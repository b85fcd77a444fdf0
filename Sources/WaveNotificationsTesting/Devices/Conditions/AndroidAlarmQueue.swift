public import Foundation
public import WaveNotifications

/// The alarms an Android phone holds for one app, each with the mode and the instant it was handed over in, and when
/// each comes to run under the phone's conditions (``AndroidAlarmTiming``).
///
/// Requests due at one instant in one mode (and, inexact, handed over at one instant) are one alarm: they run
/// together and count once. Without timing (an ideal phone) an alarm runs at its instant, in the order handed over.
public struct AndroidAlarmQueue: Sendable {
    /// One held request.
    public struct Entry: Sendable {
        /// The request.
        public var request: NotificationRequest
        /// The mode it was handed over in.
        public var mode: AndroidScheduleMode
        /// When it was handed over.
        public var handedAt: Date
        /// Its place in the order handed over.
        var sequence: Int
    }

    /// An alarm that ran: its requests, when, and how late.
    public struct Run: Sendable {
        /// The requests it shows, in the order handed over.
        public var entries: [Entry]
        /// When it ran.
        public var at: Date
        /// Why it ran after its instant; `nil` when on time.
        public var delay: DeliveryDelay?
    }

    /// Held requests, soonest instant first, equal instants in the order handed over.
    public private(set) var entries: [Entry] = []
    /// The phone's timing rules; `nil` for a phone without conditions, whose alarms run at their instants.
    public var timing: AndroidAlarmTiming?
    private var nextSequence = 0

    /// Creates an empty queue.
    ///
    /// - Parameter timing: The timing rules, or `nil` for an ideal phone.
    public init(timing: AndroidAlarmTiming? = nil) {
        self.timing = timing
    }

    /// Holds a request, replacing one with its identifier.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - mode: The mode it is handed over in.
    ///   - handedAt: Now.
    public mutating func add(_ request: NotificationRequest, mode: AndroidScheduleMode, handedAt: Date) {
        entries.removeAll { $0.request.identifier == request.identifier }
        let entry = Entry(request: request, mode: mode, handedAt: handedAt, sequence: nextSequence)
        nextSequence += 1
        let position = entries.firstIndex { ($0.request.fireAt, $0.sequence) > (request.fireAt, entry.sequence) }
        entries.insert(entry, at: position ?? entries.endIndex)
    }

    /// Removes the held requests that match.
    ///
    /// - Parameter shouldRemove: Whether to remove one.
    /// - Returns: The entries removed, in order.
    @discardableResult
    public mutating func removeAll(where shouldRemove: (Entry) -> Bool) -> [Entry] {
        let removed = entries.filter(shouldRemove)
        if !removed.isEmpty { entries.removeAll(where: shouldRemove) }
        return removed
    }

    /// When the next alarm runs under the timing rules, if one is held.
    public var nextRunInstant: Date? {
        nextAlarm()?.at
    }

    /// Runs every alarm whose run instant is at or before `instant`, in the order they run, recording each in the
    /// timing's history.
    ///
    /// - Parameter instant: The new current instant.
    /// - Returns: The alarms that ran, in order.
    public mutating func runDue(by instant: Date) -> [Run] {
        var runs: [Run] = []
        while let next = nextAlarm(), next.at <= instant {
            let key = Self.alarmKey(of: entries[next.index])
            // Requests of one instant sit together: the alarm is among them.
            var low = next.index
            while low > 0, entries[low - 1].request.fireAt == key.fireAt { low -= 1 }
            var high = next.index + 1
            while high < entries.count, entries[high].request.fireAt == key.fireAt { high += 1 }
            let group = entries[low..<high].filter { Self.alarmKey(of: $0) == key }
            entries.replaceSubrange(low..<high, with: entries[low..<high].filter { Self.alarmKey(of: $0) != key })
            timing?.record(firedAt: next.at, mode: group[0].mode)
            let delay = next.cause.map { DeliveryDelay(dueAt: group[0].request.fireAt, cause: $0) }
            runs.append(Run(entries: group, at: next.at, delay: delay))
        }
        return runs
    }

    /// The alarm that runs first: the position of its first entry, when, and the cause of any delay.
    private func nextAlarm() -> (index: Int, at: Date, cause: DelayCause?)? {
        guard let first = entries.first else { return nil }
        guard let timing else { return (0, first.request.fireAt, nil) }
        var best: (index: Int, at: Date, cause: DelayCause?)?
        for (index, entry) in entries.enumerated() {
            // An alarm never runs before its instant: once instants reach the best run, none can beat it.
            if let best, entry.request.fireAt >= best.at { break }
            let run = timing.firstInstant(dueAt: entry.request.fireAt, handedAt: entry.handedAt, mode: entry.mode)
            if best.map({ run.at < $0.at }) ?? true { best = (index, run.at, run.cause) }
        }
        return best
    }

    /// What makes requests one alarm: their instant, their mode, and for an inexact one the instant handed over.
    private static func alarmKey(of entry: Entry) -> AlarmKey {
        AlarmKey(
            fireAt: entry.request.fireAt, mode: entry.mode,
            handedAt: entry.mode == .inexactAllowWhileIdle ? entry.handedAt : nil)
    }

    private struct AlarmKey: Hashable {
        var fireAt: Date
        var mode: AndroidScheduleMode
        var handedAt: Date?
    }
}
