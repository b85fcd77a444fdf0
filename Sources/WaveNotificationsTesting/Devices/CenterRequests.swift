internal import Foundation
internal import WaveNotifications

/// What a simulated center has been handed and not lost, shown or had removed: the requests it holds (few: 64 on
/// iOS) and the ones it discarded that the app still wants (any number).
///
/// One dictionary says where each identifier is, so handing a request over hashes its identifier once and a
/// discard once more. The held requests are a sorted array, soonest first (equal instants in hand-over order): a
/// binary search and a short move beat any tree at this size, and the latest is the last. A discarded request sits
/// in a numbered slot, listed under its thread; the instant order of the discarded ones is an `OrderedHeap` whose
/// entries are left in place when their request goes (an app removes and hands over again far more often than
/// anything comes due): an entry whose slot was freed since is skipped when it reaches the top, and the heap is
/// rebuilt when such entries outnumber the live ones.
struct CenterRequests {
    /// Where a held request sorts.
    struct HeldKey: Comparable {
        var fireAt: Date
        var sequence: Int

        static func < (lhs: HeldKey, rhs: HeldKey) -> Bool {
            (lhs.fireAt, lhs.sequence) < (rhs.fireAt, rhs.sequence)
        }
    }

    /// A held request and its hand-over order.
    struct Held {
        var request: NotificationRequest
        var sequence: Int
        /// The request's identifier and thread, hashed once (a request handed over, discarded and removed hashes
        /// each of its strings once).
        var identifier: HashedKey
        var thread: HashedKey

        var key: HeldKey { HeldKey(fireAt: request.fireAt, sequence: sequence) }
    }

    /// A discarded request and the app run it was discarded in.
    struct Discarded {
        var request: NotificationRequest
        /// The request's identifier and thread, hashed.
        var identifier: HashedKey
        var thread: HashedKey
        /// ``SimulatedIOSCenter`` forgets, at the end of a run that listed, what an earlier run discarded.
        var run: Int
        /// Its hand-over order.
        var sequence: Int
    }

    private enum Location {
        case held(HeldKey)
        case discarded(slot: Int)
    }

    /// A heap entry: where a discarded request sorts and the slot it was in.
    private struct Queued: Comparable {
        var fireAt: Date
        var sequence: Int
        var slot: Int
        /// The slot's generation when it was queued: stale once the slot is freed.
        var generation: Int

        static func < (lhs: Queued, rhs: Queued) -> Bool {
            (lhs.fireAt, lhs.sequence) < (rhs.fireAt, rhs.sequence)
        }

        static func == (lhs: Queued, rhs: Queued) -> Bool {
            lhs.fireAt == rhs.fireAt && lhs.sequence == rhs.sequence
        }
    }

    private var locations: [HashedKey: Location] = [:]
    /// The held requests, soonest first.
    private(set) var held: [Held] = []
    /// The discarded request in each slot; `nil` for a free slot.
    private var slots: [Discarded?] = []
    private var freeSlots: [Int] = []
    /// Each slot's generation, counted up when the slot is freed.
    private var generations: [Int] = []
    private var slotsByThread: [HashedKey: [Int]] = [:]
    /// The instant order of the discarded requests, soonest first; may hold stale entries.
    private var queue = OrderedHeap<Queued>()
    /// How many requests are discarded.
    private(set) var discardedCount = 0
    /// The slots (with their generations) discarded during the current app run, for ``settle(limit:run:)``.
    private var discardedThisRun: [(slot: Int, generation: Int)] = []
    /// The earliest key discarded during the current app run: a bound on what ``settle(limit:run:)`` can take back.
    private var earliestDiscardedThisRun: HeldKey?

    // MARK: - Handing over and removing

    /// Holds a request, replacing the one with its identifier (held or discarded), and discards the latest held ones
    /// beyond `limit`. A request that fires after everything held, while `limit` are held, is discarded at once, with
    /// one update of where its identifier is.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - sequence: Its hand-over order, larger than any before.
    ///   - limit: How many it holds at most.
    ///   - run: The app run it is handed over in.
    mutating func hold(_ request: NotificationRequest, sequence: Int, limit: Int, run: Int) {
        let key = HeldKey(fireAt: request.fireAt, sequence: sequence)
        let identifier = HashedKey(request.identifier)
        let entry = Held(
            request: request, sequence: sequence, identifier: identifier, thread: HashedKey(request.threadID))
        if held.count >= limit, let last = held.last, last.key < key {
            let slot = discard(entry, run: run)
            guard let old = locations.updateValue(.discarded(slot: slot), forKey: identifier) else { return }
            forget(old)
            guard case .held = old, held.count < limit else { return }
            // It replaced a held request, which made room for it: it is held after all.
            undiscard(slot, thread: entry.thread)
            locations[identifier] = .held(key)
        } else if let old = locations.updateValue(.held(key), forKey: identifier) {
            forget(old)
        }
        held.insert(entry, at: position(of: key))
        while held.count > limit {
            discardLatest(run: run)
        }
    }

    /// Discards the latest held request.
    ///
    /// - Parameter run: The app run it is discarded in.
    mutating func discardLatest(run: Int) {
        guard let latest = held.popLast() else { return }
        let slot = discard(latest, run: run)
        locations[latest.identifier] = .discarded(slot: slot)
    }

    /// Puts a request among the discarded ones (its location is the caller's to set).
    ///
    /// - Returns: Its slot.
    private mutating func discard(_ entry: Held, run: Int) -> Int {
        let slot: Int
        let discarded = Discarded(
            request: entry.request, identifier: entry.identifier, thread: entry.thread, run: run,
            sequence: entry.sequence)
        if let free = freeSlots.popLast() {
            slot = free
            slots[slot] = discarded
        } else {
            slot = slots.count
            slots.append(discarded)
            generations.append(0)
        }
        discardedCount += 1
        discardedThisRun.append((slot, generations[slot]))
        earliestDiscardedThisRun = min(earliestDiscardedThisRun ?? entry.key, entry.key)
        slotsByThread[entry.thread, default: []].append(slot)
        queue.push(
            Queued(fireAt: entry.request.fireAt, sequence: entry.sequence, slot: slot, generation: generations[slot]))
        if queue.count > 2 * discardedCount + 1_024 {
            rebuildQueue()
        }
        return slot
    }

    /// Takes back a request just discarded: its slot is freed (its heap and run entries go stale with the slot's
    /// generation) and it leaves its thread's list, where it is the last.
    private mutating func undiscard(_ slot: Int, thread: HashedKey) {
        if var threadSlots = slotsByThread.removeValue(forKey: thread) {
            threadSlots.removeAll { $0 == slot }
            if !threadSlots.isEmpty { slotsByThread[thread] = threadSlots }
        }
        freeSlot(slot)
    }

    /// Removes a request, held or discarded.
    ///
    /// - Parameter identifier: Its identifier.
    /// - Returns: Whether there was one.
    @discardableResult
    mutating func remove(_ identifier: String) -> Bool {
        guard let location = locations.removeValue(forKey: HashedKey(identifier)) else { return false }
        forget(location)
        return true
    }

    /// Removes every request of a thread, held or discarded.
    ///
    /// - Parameter threadID: The thread.
    /// - Returns: How many there were.
    mutating func removeThread(_ threadID: String) -> Int {
        let before = held.count
        let thread = HashedKey(threadID)
        // An app clears a thread per event at every sync, and most of its threads are not among the few held: look
        // through the held entries in place first (`removeAll` copies every entry it looks at).
        let holdsThread = held.withUnsafeBufferPointer { entries in
            entries.indices.contains { entries[$0].thread == thread }
        }
        if holdsThread {
            held.removeAll { entry in
                guard entry.thread == thread else { return false }
                locations.removeValue(forKey: entry.identifier)
                return true
            }
        }
        var removed = before - held.count
        if let threadSlots = slotsByThread.removeValue(forKey: thread) {
            for slot in threadSlots {
                // Read in place: `slots[slot]?.identifier` copies the whole discarded entry first.
                let identifier = slots.withUnsafeBufferPointer { $0[slot]?.identifier }
                if let identifier {
                    locations.removeValue(forKey: identifier)
                }
                freeSlot(slot)
            }
            removed += threadSlots.count
        }
        return removed
    }

    /// Ends an app run: of what it holds and what it discarded during the run (handed over during the run or held
    /// at its start, and not removed since), it keeps the soonest `limit` and discards the rest. Within a run the
    /// app removes and adds in its own order (WorldWideWaves syncs one event at a time): a request discarded while a
    /// slot was taken by one the app removed later in the run is taken back.
    ///
    /// - Parameters:
    ///   - limit: How many it holds at most.
    ///   - run: The run that ends.
    mutating func settle(limit: Int, run: Int) {
        defer {
            discardedThisRun = []
            earliestDiscardedThisRun = nil
        }
        // Nothing discarded during the run can come before what is held: the run's discards stand.
        guard let earliest = earliestDiscardedThisRun,
            held.count < limit || held.last.map({ earliest < $0.key }) == true
        else { return }
        var returning: [Held] = []
        for (slot, generation) in discardedThisRun where generations[slot] == generation {
            guard let entry = slots[slot], entry.run == run else { continue }
            if let thread = slotsByThread.removeValue(forKey: entry.thread) {
                let rest = thread.filter { $0 != slot }
                if !rest.isEmpty { slotsByThread[entry.thread] = rest }
            }
            freeSlot(slot)
            let back = Held(
                request: entry.request, sequence: entry.sequence, identifier: entry.identifier, thread: entry.thread)
            locations[entry.identifier] = .held(back.key)
            returning.append(back)
        }
        held += returning
        held.sort { $0.key < $1.key }
        discardedThisRun = []
        while held.count > limit {
            discardLatest(run: run)
        }
    }

    // MARK: - Time

    /// The instant of the soonest discarded request.
    mutating func firstDiscardedFireAt() -> Date? {
        dropStaleTop()
        return queue.peek?.fireAt
    }

    /// Removes and returns the soonest held request if its instant is not after `instant`.
    mutating func popDueHeld(by instant: Date) -> Held? {
        guard let first = held.first, first.request.fireAt <= instant else { return nil }
        locations.removeValue(forKey: first.identifier)
        return held.removeFirst()
    }

    /// Removes and returns the soonest discarded request if its instant is not after `instant`.
    mutating func popDueDiscarded(by instant: Date) -> Discarded? {
        dropStaleTop()
        guard let first = queue.peek, first.fireAt <= instant, let entry = slots[first.slot] else { return nil }
        if let location = locations.removeValue(forKey: entry.identifier) {
            forget(location)
        }
        return entry
    }

    // MARK: - Listing

    /// Every discarded request, in no particular order.
    var discarded: [Discarded] { slots.compactMap { $0 } }

    /// Every discarded request, soonest first (ties in hand-over order).
    var discardedInOrder: [NotificationRequest] {
        queue.unordered.filter(isLive).sorted().compactMap { slots[$0.slot]?.request }
    }

    // MARK: - Private

    /// Takes a request out of where it is.
    private mutating func forget(_ location: Location) {
        switch location {
        case .held(let key):
            held.remove(at: position(of: key))
        case .discarded(let slot):
            if let thread = slots[slot]?.thread, var threadSlots = slotsByThread.removeValue(forKey: thread) {
                threadSlots.removeAll { $0 == slot }
                if !threadSlots.isEmpty { slotsByThread[thread] = threadSlots }
            }
            freeSlot(slot)
        }
    }

    /// Empties a slot; its heap entry goes stale.
    private mutating func freeSlot(_ slot: Int) {
        slots[slot] = nil
        generations[slot] += 1
        freeSlots.append(slot)
        discardedCount -= 1
    }

    /// The index in `held` where `key` is or belongs.
    private func position(of key: HeldKey) -> Int {
        var low = 0
        var high = held.count
        while low < high {
            let middle = (low + high) / 2
            if held[middle].key < key { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private func isLive(_ queued: Queued) -> Bool {
        generations[queued.slot] == queued.generation && slots[queued.slot] != nil
    }

    /// Pops stale entries off the top, so the top is live or the heap is empty.
    private mutating func dropStaleTop() {
        while let first = queue.peek, !isLive(first) {
            queue.pop()
        }
    }

    /// Keeps the live entries only and restores the heap order.
    private mutating func rebuildQueue() {
        queue = OrderedHeap(queue.unordered.filter(isLive))
    }
}
