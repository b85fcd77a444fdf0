package import Foundation
package import WaveNotifications

/// The alarms an Android phone holds for one app, each with the mode and the instant it was handed over in, and when
/// each comes to run under the phone's conditions (``AndroidAlarmTiming``).
///
/// Requests due at one instant in one mode (and, inexact, handed over at one instant) are one alarm: they run
/// together and count once. Without timing (an ideal phone) an alarm runs at its instant, in the order handed over.
///
/// Held requests are a table by identifier and a heap by instant, whose stale items (replaced or removed requests)
/// are skipped when met: adding, replacing and removing cost a logarithm of what is held, so a replay of 600,000
/// requests is not quadratic; listing them in order sorts.
///
/// With timing, work that Doze holds (``AndroidAlarmTiming/dozeHold(dueAt:mode:)``) leaves the heap for the heap of
/// its hold, once met: every work of one hold runs at the same instant, so looking for the next alarm asks the rules
/// once per hold, not once per held request (an 8-hour idle window holds thousands). A hold depends on the idle
/// schedule only; when the schedule changes (a wake, a move, new windows) every hold goes back to the heap. Work that
/// waits for the bucket's alarm limit (a backlog Doze released) is held alike while the limit's floor rises.
package struct AndroidAlarmQueue: Sendable {
    /// One held request.
    package struct Entry: Sendable {
        /// The request.
        package var request: NotificationRequest
        /// The mode it was handed over in.
        package var mode: AndroidScheduleMode
        /// When it was handed over.
        package var handedAt: Date
        /// Its place in the order handed over.
        var sequence: Int
    }

    /// An alarm that ran: its requests, when, and how late.
    package struct Run: Sendable {
        /// The requests it shows, in the order handed over.
        package var entries: [Entry]
        /// When it ran.
        package var at: Date
        /// Why it ran after its instant; `nil` when on time.
        package var delay: DeliveryDelay?
    }

    /// The held requests by identifier.
    private var byIdentifier: [String: Entry] = [:]
    /// The identifiers held in each thread.
    private var byThread: [String: Set<String>] = [:]
    /// Every request handed over and not yet run, by instant; an item whose identifier now holds another sequence
    /// (replaced) or none (removed) is stale.
    private var heap = OrderedHeap<HeapItem>()
    private var nextSequence = 0
    /// Work met in the heap that a Doze hold holds, by hold, each in the heap's order; stale items as in the heap.
    private var holds: [AndroidAlarmTiming.Hold: OrderedHeap<HeapItem>] = [:]
    /// The items in ``holds``, stale ones included.
    private var heldItemCount = 0
    /// The idle schedule ``holds`` were found under.
    private var holdsSchedule: DozeSchedule?
    /// The bucket and its floor the ``AndroidAlarmTiming/Hold/alarmFloor`` hold was last checked under.
    private var floorHoldState: (bucket: StandbyBucket, floor: Date)?
    /// How many held requests are alarm clocks, which no bucket limits (``AndroidAlarmTiming/alarmFloor()``).
    private var alarmClockCount = 0

    /// Creates an empty queue.
    package init() {}

    /// How many requests it holds.
    package var count: Int { byIdentifier.count }

    /// The held requests, soonest instant first, equal instants in the order handed over.
    package var entries: [Entry] {
        byIdentifier.values.sorted { ($0.request.fireAt, $0.sequence) < ($1.request.fireAt, $1.sequence) }
    }

    /// Holds a request, replacing one with its identifier.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - mode: The mode it is handed over in.
    ///   - handedAt: Now.
    package mutating func add(_ request: NotificationRequest, mode: AndroidScheduleMode, handedAt: Date) {
        let entry = Entry(request: request, mode: mode, handedAt: handedAt, sequence: nextSequence)
        nextSequence += 1
        if let old = byIdentifier.updateValue(entry, forKey: request.identifier) { unindex(old) }
        if mode == .alarmClock { alarmClockCount += 1 }
        byThread[request.threadID, default: []].insert(request.identifier)
        heap.push(HeapItem(fireAt: request.fireAt, sequence: entry.sequence, identifier: request.identifier))
        compactIfStale()
    }

    /// Removes held requests by identifier; unknown ones are ignored.
    ///
    /// - Parameter identifiers: The identifiers.
    /// - Returns: How many it held.
    @discardableResult
    package mutating func remove(identifiers: some Sequence<String>) -> Int {
        var removed = 0
        for identifier in identifiers {
            guard let entry = byIdentifier.removeValue(forKey: identifier) else { continue }
            unindex(entry)
            removed += 1
        }
        compactIfStale()
        return removed
    }

    /// Removes every held request of a thread.
    ///
    /// - Parameter threadID: The thread.
    /// - Returns: How many it held.
    @discardableResult
    package mutating func remove(threadID: String) -> Int {
        remove(identifiers: byThread[threadID] ?? [])
    }

    /// Removes the held requests that match.
    ///
    /// - Parameter shouldRemove: Whether to remove one.
    /// - Returns: The entries removed, in order.
    @discardableResult
    package mutating func removeAll(where shouldRemove: (Entry) -> Bool) -> [Entry] {
        let removed = entries.filter(shouldRemove)
        for entry in removed {
            byIdentifier[entry.request.identifier] = nil
            unindex(entry)
        }
        compactIfStale()
        return removed
    }

    /// When the next alarm runs under the timing rules, if one is held.
    ///
    /// - Parameter timing: The phone's timing (its rules' ``DeviceConditionRules/androidTiming``), or `nil` for a
    ///   phone without conditions, whose alarms run at their instants.
    /// - Returns: The instant.
    package mutating func nextRunInstant(under timing: AndroidAlarmTiming?) -> Date? {
        nextAlarm(under: timing)?.at
    }

    /// Runs every alarm whose run instant is at or before `instant`, in the order they run, recording each in the
    /// timing's history.
    ///
    /// - Parameters:
    ///   - instant: The new current instant.
    ///   - timing: The phone's timing, or `nil` for a phone without conditions; each run is recorded in it.
    /// - Returns: The alarms that ran, in order.
    package mutating func runDue(by instant: Date, under timing: inout AndroidAlarmTiming?) -> [Run] {
        var runs: [Run] = []
        while let next = nextAlarm(under: timing), next.at <= instant {
            // The alarm's requests: the held ones of its instant with its mode (and hand-over, inexact).
            let key = Self.alarmKey(of: next.entry)
            var group: [Entry] = []
            var others: [HeapItem] = []
            // Only requests of instants at or before the alarm's can be above it in the heap.
            while let top = heap.peek, top.fireAt <= key.fireAt {
                heap.pop()
                guard let entry = live(top) else { continue }
                if top.fireAt == key.fireAt, Self.alarmKey(of: entry) == key {
                    group.append(entry)
                    byIdentifier[entry.request.identifier] = nil
                    unindex(entry)
                } else {
                    others.append(top)
                }
            }
            for item in others { heap.push(item) }
            // Work of the alarm's instant that a hold holds: the hold's first items (earlier ones are stale, else
            // they would run first). Work no Doze holds can only wait for the floor.
            let hold =
                timing?.dozeHold(dueAt: key.fireAt, mode: key.mode) ?? (key.mode == .work ? .alarmFloor : nil)
            if let hold, var held = holds.removeValue(forKey: hold) {
                var later: [HeapItem] = []
                while let top = held.peek, top.fireAt <= key.fireAt {
                    held.pop()
                    heldItemCount -= 1
                    guard let entry = live(top) else { continue }
                    guard top.fireAt == key.fireAt else {
                        later.append(top)
                        continue
                    }
                    group.append(entry)
                    byIdentifier[entry.request.identifier] = nil
                    unindex(entry)
                }
                for item in later { held.push(item) }
                heldItemCount += later.count
                if held.count > 0 { holds[hold] = held }
                group.sort { $0.sequence < $1.sequence }
            }
            timing?.record(firedAt: next.at, mode: key.mode)
            let delay = next.cause.map { DeliveryDelay(dueAt: key.fireAt, cause: $0) }
            runs.append(Run(entries: group, at: next.at, delay: delay))
        }
        return runs
    }

    /// Takes an entry that left out of its thread's index.
    private mutating func unindex(_ entry: Entry) {
        if entry.mode == .alarmClock { alarmClockCount -= 1 }
        let thread = entry.request.threadID
        byThread[thread]?.remove(entry.request.identifier)
        if byThread[thread]?.isEmpty == true { byThread[thread] = nil }
    }

    /// The entry an item stands for, unless it is stale.
    private func live(_ item: HeapItem) -> Entry? {
        guard let entry = byIdentifier[item.identifier], entry.sequence == item.sequence else { return nil }
        return entry
    }

    /// The alarm that runs first: one of its entries, when, and the cause of any delay. Of the alarms that run
    /// soonest, the one whose request came first in the heap's order (instant, then order handed over).
    private mutating func nextAlarm(under timing: AndroidAlarmTiming?) -> (entry: Entry, at: Date, cause: DelayCause?)?
    {
        while let top = heap.peek, live(top) == nil { heap.pop() }
        guard let timing else {
            guard let top = heap.peek, let first = live(top) else { return nil }
            return (first, first.request.fireAt, nil)
        }
        if holdsSchedule != timing.schedule {
            releaseHolds()
            holdsSchedule = timing.schedule
        }
        // Work waits for the floor only while it rises under one bucket.
        let floorState = timing.alarmFloor().map { (timing.conditions.android.bucket, $0) }
        if let before = floorHoldState, floorState.map({ $0.0 != before.bucket || $0.1 < before.floor }) ?? true {
            release(.alarmFloor)
        }
        floorHoldState = floorState
        var best: (entry: Entry, at: Date, cause: DelayCause?)?
        func consider(_ entry: Entry, _ run: (at: Date, cause: DelayCause?)) {
            if let current = best,
                (current.at, current.entry.request.fireAt, current.entry.sequence)
                    <= (run.at, entry.request.fireAt, entry.sequence)
            {
                return
            }
            best = (entry, run.at, run.cause)
        }
        // Each hold's first request stands for all of it: they run at the same instant, and it comes first.
        var released: [AndroidAlarmTiming.Hold: (at: Date, cause: DelayCause)] = [:]
        func run(of hold: AndroidAlarmTiming.Hold) -> (at: Date, cause: DelayCause)? {
            if let known = released[hold] { return known }
            let run = timing.run(of: hold)
            released[hold] = run
            return run
        }
        for hold in Array(holds.keys) {
            guard let first = firstLive(in: hold), let run = run(of: hold) else { continue }
            consider(first, (run.at, run.cause))
        }
        // An alarm never runs before its instant, nor (unless an alarm clock) before the bucket's floor: once that
        // reaches the best run, none can beat it, and a tie goes to the request first in the heap's order. The items
        // met on the way are taken off the heap and put back, or into their hold. While Doze's backlog waits for the
        // bucket, the floor is what keeps this from asking the rules for every request due meanwhile.
        let floor = alarmClockCount == 0 ? timing.alarmFloor() : nil
        var met: [HeapItem] = []
        while let item = heap.peek {
            if let best {
                let earliest = floor.map { max($0, item.fireAt) } ?? item.fireAt
                if earliest > best.at
                    || (earliest == best.at
                        && (item.fireAt, item.sequence) > (best.entry.request.fireAt, best.entry.sequence))
                {
                    break
                }
            }
            heap.pop()
            guard let entry = live(item) else { continue }
            if let hold = timing.hold(dueAt: entry.request.fireAt, mode: entry.mode), let run = run(of: hold) {
                holds[hold, default: OrderedHeap()].push(item)
                heldItemCount += 1
                consider(entry, (run.at, run.cause))
                continue
            }
            met.append(item)
            consider(
                entry, timing.firstInstant(dueAt: entry.request.fireAt, handedAt: entry.handedAt, mode: entry.mode))
        }
        for item in met { heap.push(item) }
        return best
    }

    /// The first live request of a hold, its stale items above it dropped (and the hold, once empty).
    private mutating func firstLive(in hold: AndroidAlarmTiming.Hold) -> Entry? {
        guard var held = holds.removeValue(forKey: hold) else { return nil }
        var first: Entry?
        while let top = held.peek {
            if let entry = live(top) {
                first = entry
                break
            }
            held.pop()
            heldItemCount -= 1
        }
        if held.count > 0 { holds[hold] = held }
        return first
    }

    /// Puts every held item back into the heap: the holds were found under another schedule.
    private mutating func releaseHolds() {
        for hold in Array(holds.keys) { release(hold) }
    }

    /// Puts one hold's items back into the heap.
    private mutating func release(_ hold: AndroidAlarmTiming.Hold) {
        guard var held = holds.removeValue(forKey: hold) else { return }
        heldItemCount -= held.count
        while let item = held.pop() { heap.push(item) }
    }

    /// Rebuilds the heap from the held requests once stale items outnumber them; the holds go back into it.
    private mutating func compactIfStale() {
        guard heap.count + heldItemCount > 1_024, heap.count + heldItemCount > 2 * byIdentifier.count else { return }
        holds = [:]
        heldItemCount = 0
        heap = OrderedHeap(
            byIdentifier.values.map {
                HeapItem(fireAt: $0.request.fireAt, sequence: $0.sequence, identifier: $0.request.identifier)
            })
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

    /// A request in the heap: its instant, then the order handed over.
    private struct HeapItem: Comparable, Sendable {
        var fireAt: Date
        var sequence: Int
        var identifier: String

        static func < (lhs: HeapItem, rhs: HeapItem) -> Bool {
            (lhs.fireAt, lhs.sequence) < (rhs.fireAt, rhs.sequence)
        }

        static func == (lhs: HeapItem, rhs: HeapItem) -> Bool {
            lhs.fireAt == rhs.fireAt && lhs.sequence == rhs.sequence
        }
    }
}
