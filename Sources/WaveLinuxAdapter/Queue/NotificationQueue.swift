package import Foundation
package import WaveNotifications

/// The timer queue with a pending budget: the soonest `limit` notifications are armed, the rest wait in a
/// backlog, and every operation keeps it that way in O(log n).
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

    private var armedBySoonest = IndexedHeap<NotificationIdentifier, QueueKey, PendingNotification>(
        order: .smallestFirst)
    private var armedByLatest = IndexedHeap<NotificationIdentifier, QueueKey, Void>(order: .largestFirst)
    private var backlog = IndexedHeap<NotificationIdentifier, QueueKey, PendingNotification>(order: .smallestFirst)
    private var identifiersByEvent: [String: Set<NotificationIdentifier>] = [:]
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

    /// The armed notification that fires next, which is also the soonest of all.
    package var next: PendingNotification? { armedBySoonest.first?.value }

    /// The pending notification with this identifier, armed or not.
    ///
    /// - Parameter identifier: The request's identity.
    /// - Returns: The notification, with ``PendingNotification/isArmed`` set, or `nil`.
    package func notification(for identifier: NotificationIdentifier) -> PendingNotification? {
        if let armed = armedBySoonest.entry(for: identifier)?.value {
            return armed.marked(armed: true)
        }
        return backlog.entry(for: identifier)?.value.marked(armed: false)
    }

    /// Every pending notification, sorted by fire date then scheduling order, with its armed flag.
    package func snapshot() -> [PendingNotification] {
        let armed = armedBySoonest.unorderedEntries.map { $0.value.marked(armed: true) }
        let waiting = backlog.unorderedEntries.map { $0.value.marked(armed: false) }
        return (armed + waiting).sorted { $0.queueKey < $1.queueKey }
    }

    /// Adds a notification, replacing the pending one with the same identifier.
    ///
    /// - Parameter notification: The notification; its ``PendingNotification/isArmed`` is ignored.
    /// - Returns: The notification it replaced, and the moves it caused, its own placement included.
    package mutating func insert(
        _ notification: PendingNotification
    ) -> (replaced: PendingNotification?, transitions: [Transition]) {
        log = TransitionLog()
        let replaced = detach(notification.identifier)
        let entry = notification.marked(armed: false)
        let key = entry.queueKey
        let belongsInArmedSet =
            armedBySoonest.count < limit || armedByLatest.first.map { key < $0.priority } ?? true
        if belongsInArmedSet {
            attachArmed(entry)
        } else {
            backlog.insert(entry, id: entry.identifier, priority: key)
            log.record(entry, armed: false)
        }
        identifiersByEvent[entry.identifier.eventID, default: []].insert(entry.identifier)
        rebalance()
        return (replaced, log.netTransitions(new: entry.identifier))
    }

    /// Removes one notification.
    ///
    /// - Parameter identifier: The request's identity.
    /// - Returns: The removed notification (or `nil` if it was not pending) and the promotions it caused.
    package mutating func remove(
        _ identifier: NotificationIdentifier
    ) -> (removed: PendingNotification?, transitions: [Transition]) {
        log = TransitionLog()
        let removed = detach(identifier)
        rebalance()
        return (removed, log.netTransitions(new: nil))
    }

    /// Removes every notification of an event, through the per-event index.
    ///
    /// - Parameter eventID: The event's id.
    /// - Returns: The removed notifications, soonest first, and the promotions their removal caused.
    package mutating func removeAll(
        eventID: String
    ) -> (removed: [PendingNotification], transitions: [Transition]) {
        log = TransitionLog()
        let identifiers = identifiersByEvent[eventID] ?? []
        let removed = identifiers.compactMap { detach($0) }.sorted { $0.queueKey < $1.queueKey }
        rebalance()
        return (removed, log.netTransitions(new: nil))
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
        log = TransitionLog()
        guard let removed = detach(first.id) else { return nil }
        rebalance()
        return (removed.marked(armed: true), log.netTransitions(new: nil))
    }

    /// Empties the queue.
    ///
    /// - Returns: Everything that was pending, soonest first.
    package mutating func removeEverything() -> [PendingNotification] {
        let all = snapshot().map { $0.marked(armed: false) }
        self = NotificationQueue(limit: limit)
        return all
    }

    /// Takes a notification out of whichever set holds it and out of the event index, without rebalancing.
    private mutating func detach(_ identifier: NotificationIdentifier) -> PendingNotification? {
        let removed: PendingNotification
        if let armed = armedBySoonest.remove(identifier) {
            armedByLatest.remove(identifier)
            removed = armed.value
        } else if let waiting = backlog.remove(identifier) {
            removed = waiting.value
        } else {
            return nil
        }
        identifiersByEvent[identifier.eventID]?.remove(identifier)
        if identifiersByEvent[identifier.eventID]?.isEmpty == true {
            identifiersByEvent[identifier.eventID] = nil
        }
        return removed
    }

    private mutating func attachArmed(_ entry: PendingNotification) {
        armedBySoonest.insert(entry, id: entry.identifier, priority: entry.queueKey)
        armedByLatest.insert((), id: entry.identifier, priority: entry.queueKey)
        log.record(entry, armed: true)
    }

    private mutating func demoteLatestArmed() {
        guard let latest = armedByLatest.removeFirst(), let entry = armedBySoonest.remove(latest.id) else { return }
        backlog.insert(entry.value, id: entry.id, priority: entry.priority)
        log.record(entry.value, armed: false)
    }

    private mutating func promoteSoonestWaiting() {
        guard let soonest = backlog.removeFirst() else { return }
        attachArmed(soonest.value)
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

/// The moves one queue operation made, reduced to each notification's net change.
private struct TransitionLog {
    private var order: [NotificationIdentifier] = []
    private var first: [NotificationIdentifier: Bool] = [:]
    private var last: [NotificationIdentifier: PendingNotification] = [:]

    mutating func record(_ notification: PendingNotification, armed: Bool) {
        let identifier = notification.identifier
        if first[identifier] == nil {
            order.append(identifier)
            first[identifier] = armed
        }
        last[identifier] = notification.marked(armed: armed)
    }

    /// Each notification whose set changed, in order of first move; `new` (just inserted) always counts.
    func netTransitions(new: NotificationIdentifier?) -> [NotificationQueue.Transition] {
        order.compactMap { identifier in
            guard let final = last[identifier], let firstMove = first[identifier] else { return nil }
            // Any move of an existing entry flips its set, so its first move tells where it started.
            let startedArmed = !firstMove
            guard identifier == new || final.isArmed != startedArmed else { return nil }
            return final.isArmed ? .armed(final) : .backlogged(final)
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
