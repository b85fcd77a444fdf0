package import Foundation
internal import WaveNotifications

/// The timer queue with a pending budget: the soonest `limit` requests are armed, the rest wait in a backlog, and
/// every operation keeps it that way in O(log n) per request it adds, removes or fires.
///
/// Invariant: every armed request sorts before every backlogged one, and the backlog is empty unless exactly
/// `limit` are armed. The armed set lives in two indexed heaps over the same entries, one with the soonest on top
/// (what fires next) and one with the latest on top (what an earlier arrival displaces; kept only under a finite
/// limit). Requests are found by
/// identifier through one ``SlotIndex``, and by thread through a per-thread list of slots, so removing a thread costs its
/// own requests, not a scan.
package struct NotificationQueue: Sendable {
    /// A request that moved between the armed set and the backlog during one operation.
    package enum Transition: Hashable, Sendable {
        /// It is now armed: counted against the limit and eligible to fire.
        case armed(PendingNotification)
        /// It now waits in the backlog until sooner requests fire or are removed.
        case backlogged(PendingNotification)
    }

    /// How many requests may be armed at once; at least 1.
    package let limit: Int

    /// Every pending request, at the slot its heap entries name, with its armed flag kept current; `nil` marks a
    /// free slot. Payloads stay put while the heaps reorder small keys.
    private var slots: Slots = []
    /// The thread number of each occupied slot and its position in that thread's member list.
    /// 32-bit, as the slots of a thread's member list: a slot's thread entry costs 8 bytes instead of 16.
    private var threadOfSlot: [Int32] = []
    private var positionInThread: [Int32] = []
    private var freeSlots: [Int] = []
    private var armedBySoonest = IndexedHeap<QueueKey>(order: .smallestFirst)
    /// Kept only under a real limit: without one (`Int.max`) the armed set is never full, so nothing is ever
    /// displaced and the latest armed request is never asked for.
    private var armedByLatest = IndexedHeap<QueueKey>(order: .largestFirst)
    private let tracksLatest: Bool
    private var backlog = IndexedHeap<QueueKey>(order: .smallestFirst)
    /// The slot of each pending request, by identifier.
    private var identifierIndex = SlotIndex()
    /// A small number for each thread with something pending, indexing `membersOfThread`.
    private var threadIndex = SlotIndex()
    /// The key of each thread number in use; `nil` for a free number.
    private var threadKeys: [RequestKey?] = []
    /// Each thread's pending slots, by thread number. Lists of threads that emptied are kept, empty, for the next
    /// new thread to reuse.
    private var membersOfThread: [[Int32]] = []
    private var freeThreadNumbers: [Int] = []
    private var log = TransitionLog()

    /// Creates an empty queue.
    ///
    /// - Parameter limit: How many requests may be armed at once; values below 1 are raised to 1.
    package init(limit: Int) {
        self.limit = max(1, limit)
        tracksLatest = limit < Int.max
    }

    /// Armed plus backlogged requests.
    package var count: Int { armedBySoonest.count + backlog.count }

    /// Requests in the armed set.
    package var armedCount: Int { armedBySoonest.count }

    /// Requests waiting in the backlog.
    package var backlogCount: Int { backlog.count }

    /// When the armed request that fires next, which is also the soonest of all, is due.
    package var nextFireDate: Date? { armedBySoonest.first?.priority.fireDate }

    /// The queue's slots: every pending request with its armed flag, in no order, `nil` for a free slot.
    package typealias Slots = [PendingNotification?]

    /// Every pending request, sorted by fire date then order of addition, with its armed flag.
    package func snapshot() -> [PendingNotification] {
        Self.sortedPending(slots)
    }

    /// The slots as they are now, in constant time (a copy-on-write reference); ``sortedPending(_:)`` and
    /// ``PendingListing`` order them.
    package var slotsSnapshot: Slots { slots }

    /// The pending requests of a slots snapshot, sorted by fire date then order of addition.
    ///
    /// - Parameter slots: A ``slotsSnapshot``.
    /// - Returns: The pending requests, soonest first.
    package static func sortedPending(_ slots: Slots) -> [PendingNotification] {
        sortedOccupiedSlots(slots).map { slots[$0]! }
    }

    /// The occupied slots' numbers in queue order. Sorting plain keys and numbers, not the notifications, moves no
    /// reference-counted payload (sorting the notifications themselves, a retain and a release per move, was most of
    /// a listing's time).
    private static func sortedOccupiedSlots(_ slots: Slots) -> [Int] {
        var keyed: [(key: QueueKey, slot: Int)] = []
        keyed.reserveCapacity(slots.count)
        for slot in slots.indices {
            if let notification = slots[slot] {
                keyed.append((notification.queueKey, slot))
            }
        }
        keyed.sort { $0.key < $1.key }
        return keyed.map(\.slot)
    }

    /// The pending request with this identifier, if any.
    ///
    /// - Parameter identifier: The request identifier.
    /// - Returns: The pending request, with its armed flag.
    package func pending(_ identifier: String) -> PendingNotification? {
        findSlot(of: RequestKey(identifier)).flatMap { slots[$0] }
    }

    /// The pending requests of a thread, through the per-thread index, soonest first.
    ///
    /// - Parameter threadID: The thread id.
    /// - Returns: The thread's pending requests, as added; empty when it has none.
    func requests(inThread threadID: String) -> [NotificationRequest] {
        guard let thread = threadNumber(of: RequestKey(threadID)) else { return [] }
        // Keys from the heaps, not the slots: reading a slot's key copies (retains and releases) its request.
        var keyed = membersOfThread[thread].map { member in
            let slot = Int(member)
            return (key: armedBySoonest.priority(of: slot) ?? backlog.priority(of: slot)!, slot: slot)
        }
        keyed.sort { $0.key < $1.key }
        return keyed.map { slots[$0.slot]!.request }
    }

    /// Adds a request, replacing the pending one with the same identifier.
    ///
    /// - Parameter notification: The request; its ``PendingNotification/isArmed`` is ignored.
    /// - Returns: The request it replaced, the request as placed (armed flag set), and the moves it caused, its
    ///   own placement included.
    package mutating func insert(
        _ notification: PendingNotification
    ) -> (replaced: PendingNotification?, placed: PendingNotification, transitions: [Transition]) {
        log.reset()
        var replaced: PendingNotification?
        let slot: Int
        let identifierKey = notification.identifierKey
        if let existing = findSlot(of: identifierKey) {
            // The replacement takes over its predecessor's slot, and its thread entry when the thread is the same.
            slot = existing
            replaced = detachFromSets(slot)
            let oldThread = replaced!.threadKey
            let newThread = notification.threadKey
            if oldThread != newThread {
                leaveThread(slot, threadKey: oldThread)
                joinThread(slot, threadKey: newThread)
            }
        } else {
            slot = allocateSlot()
            identifierIndex.insert(slot, hash: identifierKey.hashCode)
            joinThread(slot, threadKey: notification.threadKey)
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

    /// Removes requests by identifier; identifiers that are not pending are skipped.
    ///
    /// - Parameter identifiers: The request identifiers.
    /// - Returns: The removed requests, in the order of `identifiers`, and the promotions their removal caused.
    package mutating func remove(
        _ identifiers: [String]
    ) -> (removed: [PendingNotification], transitions: [Transition]) {
        log.reset()
        var removed: [PendingNotification] = []
        for identifier in identifiers {
            guard let slot = findSlot(of: RequestKey(identifier)) else { continue }
            identifierIndex.remove(slot)
            leaveThread(slot, threadKey: slots[slot]!.threadKey)
            removed.append(detachFromSets(slot))
            freeSlots.append(slot)
        }
        guard !removed.isEmpty else { return ([], []) }
        rebalance()
        return (removed, netTransitions(newSlot: nil))
    }

    /// Removes every request of a thread, through the per-thread index.
    ///
    /// - Parameter threadID: The thread id.
    /// - Returns: The removed requests, soonest first, and the promotions their removal caused.
    package mutating func removeAll(
        threadID: String
    ) -> (removed: [PendingNotification], transitions: [Transition]) {
        log.reset()
        let threadKey = RequestKey(threadID)
        guard let thread = threadNumber(of: threadKey) else {
            return ([], [])
        }
        let members = membersOfThread[thread]
        let removed = members.map { member in
            let slot = Int(member)
            defer { freeSlots.append(slot) }
            identifierIndex.remove(slot)
            return detachFromSets(slot)
        }
        releaseThreadNumber(thread, threadKey: threadKey)
        rebalance()
        return (removed.sorted { $0.queueKey < $1.queueKey }, netTransitions(newSlot: nil))
    }

    /// Removes and returns the soonest armed request if it is due at `now`.
    ///
    /// Only armed requests are considered, so the budget decides what can fire; the backlog's soonest is promoted
    /// into the freed slot.
    ///
    /// - Parameter now: The current instant.
    /// - Returns: The due request and the promotion its removal caused, or `nil` when nothing is due.
    package mutating func removeNextDue(
        at now: Date
    ) -> (notification: PendingNotification, transitions: [Transition])? {
        guard let first = armedBySoonest.first, first.priority.fireDate <= now else { return nil }
        log.reset()
        let slot = first.slot
        var removed = detachFromSets(slot)
        leaveThread(slot, threadKey: removed.threadKey)
        identifierIndex.remove(slot)
        freeSlots.append(slot)
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

    /// Makes room for `additional` more requests at once, so a batch grows the identifier index and the slot
    /// arrays once instead of rehashing and copying them as they double.
    ///
    /// - Parameter additional: How many requests are about to be inserted (replacements count too; they are
    ///   harmless over-estimates).
    package mutating func reserveCapacity(forAdditional additional: Int) {
        let total = identifierIndex.count + additional
        guard additional > 1 else { return }
        identifierIndex.reserveCapacity(total)
        // `Array.reserveCapacity` grows to exactly what is asked: asked a little more at each of many small
        // batches, it would copy the arrays every time. Grow them by doubling at least, as appending does.
        guard total > slots.capacity else { return }
        let capacity = Swift.max(total, 2 * slots.capacity)
        slots.reserveCapacity(capacity)
        threadOfSlot.reserveCapacity(capacity)
        positionInThread.reserveCapacity(capacity)
    }

    /// The slot of the pending request with this identifier.
    private func findSlot(of key: RequestKey) -> Int? {
        identifierIndex.find(hash: key.hashCode) { slots[$0]?.hasIdentifier(key) == true }
    }

    /// The number of a thread with something pending.
    private func threadNumber(of key: RequestKey) -> Int? {
        threadIndex.find(hash: key.hashCode) { threadKeys[$0] == key }
    }

    /// A slot for a new request; the caller fills it.
    private mutating func allocateSlot() -> Int {
        if let slot = freeSlots.popLast() {
            return slot
        }
        slots.append(nil)
        threadOfSlot.append(-1)
        positionInThread.append(-1)
        return slots.count - 1
    }

    /// Adds `slot` to its thread's member list, numbering the thread when it has nothing pending yet.
    private mutating func joinThread(_ slot: Int, threadKey: RequestKey) {
        let thread: Int
        if let existing = threadNumber(of: threadKey) {
            thread = existing
        } else {
            if let reused = freeThreadNumbers.popLast() {
                thread = reused
                threadKeys[thread] = threadKey
            } else {
                thread = membersOfThread.count
                membersOfThread.append([])
                threadKeys.append(threadKey)
            }
            threadIndex.insert(thread, hash: threadKey.hashCode)
        }
        threadOfSlot[slot] = Int32(thread)
        positionInThread[slot] = Int32(membersOfThread[thread].count)
        membersOfThread[thread].append(Int32(slot))
    }

    /// Takes `slot` out of its thread's member list by moving the last member into its place.
    private mutating func leaveThread(_ slot: Int, threadKey: RequestKey) {
        let thread = Int(threadOfSlot[slot])
        let position = positionInThread[slot]
        let last = membersOfThread[thread].removeLast()
        if Int(last) != slot {
            membersOfThread[thread][Int(position)] = last
            positionInThread[Int(last)] = position
        }
        if membersOfThread[thread].isEmpty {
            releaseThreadNumber(thread, threadKey: threadKey)
        }
    }

    /// Forgets a thread whose last pending request left, keeping its list's storage for reuse.
    private mutating func releaseThreadNumber(_ thread: Int, threadKey: RequestKey) {
        threadIndex.remove(thread)
        threadKeys[thread] = nil
        membersOfThread[thread].removeAll(keepingCapacity: true)
        freeThreadNumbers.append(thread)
    }

    /// Takes the request at `slot` out of the armed set or the backlog and out of its slot, without rebalancing,
    /// touching the indexes or returning the slot to the free list; it comes back with its armed flag cleared, as
    /// callers report it.
    private mutating func detachFromSets(_ slot: Int) -> PendingNotification {
        if armedBySoonest.remove(slot) != nil {
            if tracksLatest {
                armedByLatest.remove(slot)
            }
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
        if tracksLatest {
            armedByLatest.insert(slot, priority: key)
        }
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
