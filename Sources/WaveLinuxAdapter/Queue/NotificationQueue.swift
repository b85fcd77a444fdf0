package import Foundation
package import WaveNotifications

/// The timer queue with a pending budget: the soonest `limit` notifications are armed, the rest wait in a
/// backlog, and every operation keeps it that way in O(log n + k), k being the handful of triggers an event has
/// pending.
///
/// Invariant: every armed notification sorts before every backlogged one, and the backlog is empty unless
/// exactly `limit` are armed. The armed set lives in two indexed heaps over the same entries, one with the
/// soonest on top (what fires next) and one with the latest on top (what an earlier arrival displaces).
package struct NotificationQueue: Sendable {
    /// A notification that moved between the armed set and the backlog during one operation.
    package enum Transition: Hashable, Sendable {
        /// It is now armed: counted against the limit and eligible to fire.
        case armed(PendingNotification)
        /// It now waits in the backlog until sooner notifications fire or are cancelled.
        case backlogged(PendingNotification)
    }

    /// How many notifications may be armed at once; at least 1.
    package let limit: Int

    /// Every pending notification, at the slot its heap entries name, with its armed flag kept current; `nil`
    /// marks a free slot. Payloads stay put while the heaps reorder small keys.
    private var slots: [PendingNotification?] = []
    /// The event number of each occupied slot, so a delivery finds its event's entry without hashing the id.
    private var eventOfSlot: [Int] = []
    private var freeSlots: [Int] = []
    private var armedBySoonest = IndexedHeap<QueueKey>(order: .smallestFirst)
    private var armedByLatest = IndexedHeap<QueueKey>(order: .largestFirst)
    private var backlog = IndexedHeap<QueueKey>(order: .smallestFirst)
    /// A small number for each event with something pending, indexing `triggersByEvent`.
    private var eventNumbers: [String: Int] = [:]
    /// Each event's pending triggers and their slots, by event number. This is also the index by identifier: an
    /// event has a handful of triggers, so scanning its list is cheaper than hashing the whole identifier in a
    /// second map. Lists of events that emptied are kept, empty, for the next new event to reuse.
    private var triggersByEvent: [[TriggerSlot]] = []
    private var freeEventNumbers: [Int] = []
    private var log = TransitionLog()

    /// Creates an empty queue.
    ///
    /// - Parameter limit: How many notifications may be armed at once; values below 1 are raised to 1.
    package init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Armed plus backlogged notifications.
    package var count: Int { armedBySoonest.count + backlog.count }

    /// Notifications in the armed set.
    package var armedCount: Int { armedBySoonest.count }

    /// Notifications waiting in the backlog.
    package var backlogCount: Int { backlog.count }

    /// When the armed notification that fires next, which is also the soonest of all, is due.
    package var nextFireDate: Date? { armedBySoonest.first?.priority.fireDate }

    /// Every pending notification, sorted by fire date then scheduling order, with its armed flag.
    package func snapshot() -> [PendingNotification] {
        slots.compactMap { $0 }.sorted { $0.queueKey < $1.queueKey }
    }

    /// Adds a notification, replacing the pending one with the same identifier.
    ///
    /// - Parameter notification: The notification; its ``PendingNotification/isArmed`` is ignored.
    /// - Returns: The notification it replaced, the notification as placed (armed flag set), and the moves it
    ///   caused, its own placement included.
    package mutating func insert(
        _ notification: PendingNotification
    ) -> (replaced: PendingNotification?, placed: PendingNotification, transitions: [Transition]) {
        log.reset()
        let identifier = notification.identifier
        var replaced: PendingNotification?
        let slot: Int
        let event = eventNumber(for: identifier.eventID)
        if let existing = triggersByEvent[event].first(where: { $0.trigger == identifier.trigger }) {
            // The replacement takes over its predecessor's slot and place in the event index.
            slot = existing.slot
            replaced = detachFromSets(slot)
        } else {
            slot = allocateSlot(event: event)
            triggersByEvent[event].append(TriggerSlot(trigger: identifier.trigger, slot: slot))
        }
        let key = notification.queueKey
        let belongsInArmedSet =
            armedBySoonest.count < limit || armedByLatest.first.map { key < $0.priority } ?? true
        slots[slot] = notification.marked(armed: belongsInArmedSet)
        if belongsInArmedSet {
            attachArmed(slot, key: key)
        } else {
            backlog.insert(slot, priority: key)
            log.record(slot: slot, armed: false)
        }
        rebalance()
        return (replaced, slots[slot]!, netTransitions(newSlot: slot))
    }

    /// Removes one notification.
    ///
    /// - Parameter identifier: The request's identity.
    /// - Returns: The removed notification (or `nil` if it was not pending) and the promotions it caused.
    package mutating func remove(
        _ identifier: NotificationIdentifier
    ) -> (removed: PendingNotification?, transitions: [Transition]) {
        log.reset()
        guard let event = eventNumbers[identifier.eventID],
            let slot = triggersByEvent[event].removeSlot(for: identifier.trigger)
        else {
            return (nil, [])
        }
        if triggersByEvent[event].isEmpty {
            releaseEventNumber(event, eventID: identifier.eventID)
        }
        let removed = detachFromSets(slot)
        freeSlot(slot)
        rebalance()
        return (removed, netTransitions(newSlot: nil))
    }

    /// Removes every notification of an event, through the per-event index.
    ///
    /// - Parameter eventID: The event's id.
    /// - Returns: The removed notifications, soonest first, and the promotions their removal caused.
    package mutating func removeAll(
        eventID: String
    ) -> (removed: [PendingNotification], transitions: [Transition]) {
        log.reset()
        guard let event = eventNumbers[eventID] else {
            return ([], [])
        }
        let entries = triggersByEvent[event]
        let removed = entries.map { entry in
            defer { freeSlot(entry.slot) }
            return detachFromSets(entry.slot)
        }
        releaseEventNumber(event, eventID: eventID)
        rebalance()
        return (removed.sorted { $0.queueKey < $1.queueKey }, netTransitions(newSlot: nil))
    }

    /// Removes and returns the soonest armed notification if it is due at `now`.
    ///
    /// Only armed notifications are considered, so the budget decides what can fire; the backlog's soonest
    /// is promoted into the freed slot.
    ///
    /// - Parameter now: The current instant.
    /// - Returns: The due notification and the promotion its removal caused, or `nil` when nothing is due.
    package mutating func removeNextDue(
        at now: Date
    ) -> (notification: PendingNotification, transitions: [Transition])? {
        guard let first = armedBySoonest.first, first.priority.fireDate <= now else { return nil }
        log.reset()
        var removed = detachFromSets(first.slot)
        let event = eventOfSlot[first.slot]
        _ = triggersByEvent[event].removeSlot(for: removed.identifier.trigger)
        if triggersByEvent[event].isEmpty {
            releaseEventNumber(event, eventID: removed.identifier.eventID)
        }
        freeSlot(first.slot)
        rebalance()
        removed.isArmed = true
        let transitions = netTransitions(newSlot: nil)
        return (consume removed, transitions)
    }

    /// Empties the queue.
    ///
    /// - Returns: Everything that was pending, soonest first.
    package mutating func removeEverything() -> [PendingNotification] {
        let all = snapshot().map { $0.marked(armed: false) }
        self = NotificationQueue(limit: limit)
        return all
    }

    /// A slot for a new notification of `event`; the caller fills it.
    private mutating func allocateSlot(event: Int) -> Int {
        if let slot = freeSlots.popLast() {
            eventOfSlot[slot] = event
            return slot
        }
        slots.append(nil)
        eventOfSlot.append(event)
        return slots.count - 1
    }

    /// The event's number, assigned (one hash either way) when it has nothing pending yet.
    private mutating func eventNumber(for eventID: String) -> Int {
        let candidate = freeEventNumbers.last ?? triggersByEvent.count
        let event = Self.assign(candidate, ifAbsent: &eventNumbers[eventID, default: -1])
        if event == candidate {
            if freeEventNumbers.popLast() == nil {
                triggersByEvent.append([])
            }
        }
        return event
    }

    /// Stores `candidate` in `value` when it is the -1 placeholder, and returns what `value` holds then.
    private static func assign(_ candidate: Int, ifAbsent value: inout Int) -> Int {
        if value == -1 {
            value = candidate
        }
        return value
    }

    /// Forgets an event whose last pending notification left, keeping its list's storage for reuse.
    private mutating func releaseEventNumber(_ event: Int, eventID: String) {
        eventNumbers[eventID] = nil
        triggersByEvent[event].removeAll(keepingCapacity: true)
        freeEventNumbers.append(event)
    }

    /// Returns a slot emptied by ``detachFromSets(_:)`` to the free list.
    private mutating func freeSlot(_ slot: Int) {
        freeSlots.append(slot)
    }

    /// Takes the notification at `slot` out of the armed set or the backlog and out of its slot, without
    /// rebalancing, touching the event index or returning the slot to the free list; it comes back with its
    /// armed flag cleared, as callers report it.
    private mutating func detachFromSets(_ slot: Int) -> PendingNotification {
        if armedBySoonest.remove(slot) != nil {
            armedByLatest.remove(slot)
        } else {
            backlog.remove(slot)
        }
        // Moved out rather than copied, so its strings are not retained and released again.
        var removed = slots[slot].take()!
        removed.isArmed = false
        return removed
    }

    private mutating func attachArmed(_ slot: Int, key: QueueKey) {
        armedBySoonest.insert(slot, priority: key)
        armedByLatest.insert(slot, priority: key)
        slots[slot]!.isArmed = true
        log.record(slot: slot, armed: true)
    }

    private mutating func demoteLatestArmed() {
        guard let latest = armedByLatest.removeFirst() else { return }
        armedBySoonest.remove(latest.slot)
        backlog.insert(latest.slot, priority: latest.priority)
        slots[latest.slot]!.isArmed = false
        log.record(slot: latest.slot, armed: false)
    }

    private mutating func promoteSoonestWaiting() {
        guard let soonest = backlog.removeFirst() else { return }
        attachArmed(soonest.slot, key: soonest.priority)
    }

    /// Each notification whose set changed in this operation, in order of first move, as it is now; the one
    /// at `newSlot` (just inserted) always counts.
    private func netTransitions(newSlot: Int?) -> [Transition] {
        var transitions: [Transition] = []
        transitions.reserveCapacity(log.moves.count)
        for move in log.moves {
            // Any move of an existing entry flips its set, so its first move tells where it started. Every
            // moved slot is still occupied: moves happen only after the operation's removals.
            let startedArmed = !move.firstArmed
            let isArmed = armedBySoonest.contains(move.slot)
            guard move.slot == newSlot || isArmed != startedArmed else { continue }
            let notification = slots[move.slot]!
            transitions.append(isArmed ? .armed(notification) : .backlogged(notification))
        }
        return transitions
    }

    /// Restores the invariant: the armed set is full whenever the backlog is not empty, holds at most
    /// `limit`, and nothing waiting sorts before anything armed.
    private mutating func rebalance() {
        while armedBySoonest.count < limit && !backlog.isEmpty {
            promoteSoonestWaiting()
        }
        while armedBySoonest.count > limit {
            demoteLatestArmed()
        }
        while let latest = armedByLatest.first, let soonest = backlog.first, soonest.priority < latest.priority {
            demoteLatestArmed()
            promoteSoonestWaiting()
        }
    }
}

/// One pending trigger of an event and the queue slot that holds it.
private struct TriggerSlot {
    var trigger: NotificationTrigger
    var slot: Int
}

extension [TriggerSlot] {
    /// Removes the entry for `trigger` by moving the last entry into its place.
    ///
    /// - Returns: The removed entry's slot, or `nil` when there was none.
    fileprivate mutating func removeSlot(for trigger: NotificationTrigger) -> Int? {
        guard let index = firstIndex(where: { $0.trigger == trigger }) else { return nil }
        let slot = self[index].slot
        swapAt(index, count - 1)
        removeLast()
        return slot
    }
}

/// The moves one queue operation made, reduced to where each moved notification started.
///
/// Moves are keyed by queue slot, which stays with a notification for the whole operation; a per-slot index
/// replaces hashing, and ``reset()`` clears only what the last operation touched. The notifications themselves
/// are read from the queue at the end, in their final state, rather than copied at every move.
private struct TransitionLog {
    /// A notification's first move in the operation.
    struct Move {
        var slot: Int
        /// Whether its first move armed it.
        var firstArmed: Bool
    }

    /// First moves, in order.
    private(set) var moves: [Move] = []
    /// Whether each slot has moved in this operation.
    private var hasMoved: [Bool] = []

    mutating func reset() {
        for move in moves {
            hasMoved[move.slot] = false
        }
        moves.removeAll(keepingCapacity: true)
    }

    mutating func record(slot: Int, armed: Bool) {
        if slot >= hasMoved.count {
            hasMoved.append(contentsOf: repeatElement(false, count: slot + 1 - hasMoved.count))
        }
        if !hasMoved[slot] {
            hasMoved[slot] = true
            moves.append(Move(slot: slot, firstArmed: armed))
        }
    }
}

extension PendingNotification {
    /// A copy with the armed flag set.
    fileprivate func marked(armed: Bool) -> PendingNotification {
        var copy = self
        copy.isArmed = armed
        return copy
    }
}
