/// A 4-ary heap of small integer slots, indexed by slot, so removing or moving any entry is O(log n).
///
/// The heap holds only a slot number and its priority; payloads live elsewhere, indexed by the same slot. Keeping
/// the entries plain values means a sift step moves a few machine words and touches no reference counts, and
/// indexing positions by slot in an array rather than a dictionary means no hashing on the way. Four children per
/// node halve the depth of a binary heap, and a node's children sit next to each other in memory, so sifting
/// through a large backlog misses the cache about half as often.
package struct IndexedHeap<Priority: Comparable & Sendable>: Sendable {
    /// Which end of the order the heap keeps on top.
    package enum Order: Sendable {
        /// The smallest priority is ``first``.
        case smallestFirst
        /// The largest priority is ``first``.
        case largestFirst
    }

    /// One entry: its slot and its priority.
    package struct Entry: Sendable {
        /// The entry's slot, unique in the heap; a small non-negative integer.
        package var slot: Int
        /// Where the entry sorts.
        package var priority: Priority
    }

    private static var absent: Int32 { -1 }
    private static var arity: Int { 4 }

    private var entries: [Entry] = []
    /// The index in `entries` of each slot, or `absent`; grows to the largest slot seen. 32-bit: slots are queue slots,
    /// and a position per slot is the heap's only cost beside its entries.
    private var positions: [Int32] = []
    /// Which end of the order is on top.
    package let order: Order

    /// Creates an empty heap.
    ///
    /// - Parameter order: Which end of the order the heap keeps on top.
    package init(order: Order) {
        self.order = order
    }

    /// The number of entries.
    package var count: Int { entries.count }

    /// Whether the heap has no entries.
    package var isEmpty: Bool { entries.isEmpty }

    /// The top entry (smallest or largest priority, per ``order``), without removing it.
    package var first: Entry? { entries.first }

    /// Every entry, in no particular order.
    package var unorderedEntries: [Entry] { entries }

    /// Whether the heap holds this slot.
    ///
    /// - Parameter slot: The slot to look for.
    /// - Returns: `true` when the heap holds it.
    package func contains(_ slot: Int) -> Bool {
        slot < positions.count && positions[slot] != Self.absent
    }

    /// The priority of a slot the heap holds.
    ///
    /// - Parameter slot: The slot.
    /// - Returns: Its priority, or `nil` when the heap does not hold it.
    package func priority(of slot: Int) -> Priority? {
        contains(slot) ? entries[Int(positions[slot])].priority : nil
    }

    /// Inserts a slot, or moves it to its new place when the heap already holds it.
    ///
    /// - Parameters:
    ///   - slot: The slot; a small non-negative integer, since positions are kept in an array indexed by it.
    ///   - priority: Where it sorts.
    package mutating func insert(_ slot: Int, priority: Priority) {
        if slot >= positions.count {
            positions.append(contentsOf: repeatElement(Self.absent, count: slot + 1 - positions.count))
        }
        let entry = Entry(slot: slot, priority: priority)
        let index = positions[slot]
        if index != Self.absent {
            restoreOrder(placing: entry, at: Int(index))
            return
        }
        entries.append(entry)
        siftUp(entry, from: entries.count - 1)
    }

    /// Removes a slot.
    ///
    /// - Parameter slot: The slot to remove.
    /// - Returns: The removed entry, or `nil` when the heap did not hold it.
    @discardableResult
    package mutating func remove(_ slot: Int) -> Entry? {
        guard contains(slot) else { return nil }
        return remove(at: Int(positions[slot]))
    }

    /// Removes and returns the top entry.
    ///
    /// - Returns: The top entry, or `nil` when the heap is empty.
    package mutating func removeFirst() -> Entry? {
        entries.isEmpty ? nil : remove(at: 0)
    }

    private mutating func remove(at index: Int) -> Entry {
        let removed = entries[index]
        positions[removed.slot] = Self.absent
        let last = entries.removeLast()
        if index < entries.count {
            restoreOrder(placing: last, at: index)
        }
        return removed
    }

    /// Whether `lhs` belongs above `rhs`.
    @inline(__always)
    private func outranks(_ lhs: Priority, _ rhs: Priority) -> Bool {
        switch order {
        case .smallestFirst: return lhs < rhs
        case .largestFirst: return rhs < lhs
        }
    }

    /// Puts `entry` into the hole at `index` and moves it up or down to where it belongs.
    private mutating func restoreOrder(placing entry: Entry, at index: Int) {
        if index > 0 && outranks(entry.priority, entries[(index - 1) / Self.arity].priority) {
            siftUp(entry, from: index)
        } else {
            siftDown(entry, from: index)
        }
    }

    /// Moves the hole at `start` up past every parent that `entry` outranks, then fills it with `entry`.
    private mutating func siftUp(_ entry: Entry, from start: Int) {
        var hole = start
        while hole > 0 {
            let parent = (hole - 1) / Self.arity
            let parentEntry = entries[parent]
            guard outranks(entry.priority, parentEntry.priority) else { break }
            entries[hole] = parentEntry
            positions[parentEntry.slot] = Int32(truncatingIfNeeded: hole)
            hole = parent
        }
        entries[hole] = entry
        positions[entry.slot] = Int32(truncatingIfNeeded: hole)
    }

    /// Moves the hole at `start` down past every child that outranks `entry`, then fills it with `entry`.
    private mutating func siftDown(_ entry: Entry, from start: Int) {
        let count = entries.count
        var hole = start
        while true {
            let firstChild = Self.arity * hole + 1
            guard firstChild < count else { break }
            var best = firstChild
            for child in (firstChild + 1)..<min(firstChild + Self.arity, count)
            where outranks(entries[child].priority, entries[best].priority) {
                best = child
            }
            let bestEntry = entries[best]
            guard outranks(bestEntry.priority, entry.priority) else { break }
            entries[hole] = bestEntry
            positions[bestEntry.slot] = Int32(truncatingIfNeeded: hole)
            hole = best
        }
        entries[hole] = entry
        positions[entry.slot] = Int32(truncatingIfNeeded: hole)
    }
}
