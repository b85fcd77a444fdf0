internal import Foundation
internal import WaveNotifications

/// The requests a simulated center discarded and the app still wants, indexed three ways so a replay with many of
/// them stays linear: by identifier, by thread (an app removes a whole thread at once) and by instant (the next one
/// lost is the soonest).
///
/// Each request sits in a numbered slot; the identifier and thread indexes hold slots, so an operation hashes each
/// string once. The instant order is a binary heap whose entries are left in place when their request goes (an app
/// removes and hands over again far more often than anything comes due): an entry whose slot was freed since is
/// skipped when it reaches the top, and the heap is rebuilt when such entries outnumber the live ones.
struct DiscardedRequests {
    /// A heap entry: where a discarded request sorts (by instant, then by hand-over order) and the slot it was in.
    private struct Queued {
        var fireAt: Date
        var sequence: Int
        var slot: Int
        /// The slot's generation when it was queued: stale once the slot is freed.
        var generation: Int

        func precedes(_ other: Queued) -> Bool {
            (fireAt, sequence) < (other.fireAt, other.sequence)
        }
    }

    /// One discarded request in its slot.
    struct Entry {
        var request: NotificationRequest
        /// The app run it was discarded in (``SimulatedIOSCenter`` forgets, at a run's end, what an earlier run
        /// discarded and this one did not hand over again).
        var run: Int
    }

    /// The entry in each slot; `nil` for a free slot.
    private var slots: [Entry?] = []
    private var freeSlots: [Int] = []
    private var slotByIdentifier: [String: Int] = [:]
    private var slotsByThread: [String: [Int]] = [:]
    /// Each slot's generation, counted up when the slot is freed.
    private var generations: [Int] = []
    /// The instant order, smallest first; may hold stale entries.
    private var queue: [Queued] = []

    /// How many requests are discarded.
    var count: Int { slotByIdentifier.count }

    /// The instant of the soonest discarded request.
    mutating func firstFireAt() -> Date? {
        dropStaleTop()
        return queue.first?.fireAt
    }

    /// Every discarded request with the run it was discarded in, in no particular order.
    var entries: [Entry] { slots.compactMap { $0 } }

    /// Adds a discarded request; one with its identifier must not be discarded already.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - sequence: Its hand-over order.
    ///   - run: The app run it is discarded in.
    mutating func insert(_ request: NotificationRequest, sequence: Int, run: Int) {
        let entry = Entry(request: request, run: run)
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            slots[slot] = entry
        } else {
            slot = slots.count
            slots.append(entry)
            generations.append(0)
        }
        slotByIdentifier[request.identifier] = slot
        slotsByThread[request.threadID, default: []].append(slot)
        push(Queued(fireAt: request.fireAt, sequence: sequence, slot: slot, generation: generations[slot]))
        if queue.count > 2 * slotByIdentifier.count + 1_024 {
            rebuildQueue()
        }
    }

    /// Removes a discarded request.
    ///
    /// - Parameter identifier: Its identifier.
    /// - Returns: The request, or `nil` when none was discarded with it.
    @discardableResult
    mutating func remove(_ identifier: String) -> NotificationRequest? {
        guard let slot = slotByIdentifier.removeValue(forKey: identifier), let entry = slots[slot] else { return nil }
        let thread = entry.request.threadID
        if var threadSlots = slotsByThread.removeValue(forKey: thread) {
            threadSlots.removeAll { $0 == slot }
            if !threadSlots.isEmpty { slotsByThread[thread] = threadSlots }
        }
        free(slot)
        return entry.request
    }

    /// Removes every discarded request of a thread.
    ///
    /// - Parameter threadID: The thread.
    /// - Returns: How many were removed.
    mutating func removeThread(_ threadID: String) -> Int {
        guard let threadSlots = slotsByThread.removeValue(forKey: threadID) else { return 0 }
        for slot in threadSlots {
            if let identifier = slots[slot]?.request.identifier {
                slotByIdentifier.removeValue(forKey: identifier)
            }
            free(slot)
        }
        return threadSlots.count
    }

    /// Removes and returns the soonest discarded request if its instant is not after `instant`.
    ///
    /// - Parameter instant: The current instant.
    /// - Returns: The request, or `nil` when none is due.
    mutating func popDue(by instant: Date) -> NotificationRequest? {
        dropStaleTop()
        guard let first = queue.first, first.fireAt <= instant, let identifier = slots[first.slot]?.request.identifier
        else { return nil }
        return remove(identifier)
    }

    /// Every discarded request, soonest first (ties in hand-over order).
    var ordered: [NotificationRequest] {
        queue.filter(isLive).sorted { $0.precedes($1) }.compactMap { slots[$0.slot]?.request }
    }

    /// Empties a slot; its heap entry goes stale.
    private mutating func free(_ slot: Int) {
        slots[slot] = nil
        generations[slot] += 1
        freeSlots.append(slot)
    }

    private func isLive(_ queued: Queued) -> Bool {
        generations[queued.slot] == queued.generation && slots[queued.slot] != nil
    }

    /// Pops stale entries off the top, so the top is live or the heap is empty.
    private mutating func dropStaleTop() {
        while let first = queue.first, !isLive(first) {
            popTop()
        }
    }

    /// Keeps the live entries only and restores the heap order.
    private mutating func rebuildQueue() {
        queue = queue.filter(isLive)
        for index in stride(from: queue.count / 2 - 1, through: 0, by: -1) {
            siftDown(from: index)
        }
    }

    private mutating func push(_ queued: Queued) {
        queue.append(queued)
        var child = queue.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard queue[child].precedes(queue[parent]) else { break }
            queue.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func popTop() {
        let last = queue.removeLast()
        guard !queue.isEmpty else { return }
        queue[0] = last
        siftDown(from: 0)
    }

    private mutating func siftDown(from start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            guard left < queue.count else { return }
            var best = left
            if left + 1 < queue.count && queue[left + 1].precedes(queue[left]) {
                best = left + 1
            }
            guard queue[best].precedes(queue[parent]) else { return }
            queue.swapAt(best, parent)
            parent = best
        }
    }
}
