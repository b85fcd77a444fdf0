/// A binary heap whose entries are also indexed by id, so removing or updating any entry is O(log n).
///
/// `positions` maps each id to its slot in `entries` and is kept in step with every swap; that index is
/// what turns "cancel this notification" from a linear scan into a sift.
package struct IndexedHeap<ID: Hashable & Sendable, Priority: Comparable & Sendable, Value: Sendable>: Sendable {
    /// Which end of the order the heap keeps on top.
    package enum Order: Sendable {
        /// The smallest priority is ``first``.
        case smallestFirst
        /// The largest priority is ``first``.
        case largestFirst
    }

    /// One entry: its id, its priority and its payload.
    package struct Entry: Sendable {
        /// The entry's id, unique in the heap.
        package var id: ID
        /// Where the entry sorts.
        package var priority: Priority
        /// The payload.
        package var value: Value
    }

    private var entries: [Entry] = []
    private var positions: [ID: Int] = [:]
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

    /// Whether an entry with this id is in the heap.
    ///
    /// - Parameter id: The id to look for.
    /// - Returns: `true` when the heap holds it.
    package func contains(_ id: ID) -> Bool {
        positions[id] != nil
    }

    /// The entry with this id, if any.
    ///
    /// - Parameter id: The id to look for.
    /// - Returns: The entry, or `nil`.
    package func entry(for id: ID) -> Entry? {
        positions[id].map { entries[$0] }
    }

    /// Inserts an entry, or replaces the entry with the same id and moves it to its new place.
    ///
    /// - Parameters:
    ///   - value: The payload.
    ///   - id: The entry's id.
    ///   - priority: Where it sorts.
    /// - Returns: The entry it replaced, if any.
    @discardableResult
    package mutating func insert(_ value: Value, id: ID, priority: Priority) -> Entry? {
        let entry = Entry(id: id, priority: priority, value: value)
        if let index = positions[id] {
            let old = entries[index]
            entries[index] = entry
            restoreOrder(at: index)
            return old
        }
        entries.append(entry)
        positions[id] = entries.count - 1
        siftUp(from: entries.count - 1)
        return nil
    }

    /// Removes the entry with this id.
    ///
    /// - Parameter id: The id to remove.
    /// - Returns: The removed entry, or `nil` when none had that id.
    @discardableResult
    package mutating func remove(_ id: ID) -> Entry? {
        guard let index = positions[id] else { return nil }
        return remove(at: index)
    }

    /// Removes and returns the top entry.
    ///
    /// - Returns: The top entry, or `nil` when the heap is empty.
    package mutating func removeFirst() -> Entry? {
        entries.isEmpty ? nil : remove(at: 0)
    }

    private mutating func remove(at index: Int) -> Entry {
        let removed = entries[index]
        positions[removed.id] = nil
        let last = entries.removeLast()
        if index < entries.count {
            entries[index] = last
            positions[last.id] = index
            restoreOrder(at: index)
        }
        return removed
    }

    /// Whether `lhs` belongs above `rhs`.
    private func outranks(_ lhs: Priority, _ rhs: Priority) -> Bool {
        switch order {
        case .smallestFirst: return lhs < rhs
        case .largestFirst: return rhs < lhs
        }
    }

    private mutating func restoreOrder(at index: Int) {
        if index > 0 && outranks(entries[index].priority, entries[(index - 1) / 2].priority) {
            siftUp(from: index)
        } else {
            siftDown(from: index)
        }
    }

    private mutating func siftUp(from start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard outranks(entries[child].priority, entries[parent].priority) else { return }
            swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(from start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            guard left < entries.count else { return }
            let right = left + 1
            var best = left
            if right < entries.count && outranks(entries[right].priority, entries[left].priority) {
                best = right
            }
            guard outranks(entries[best].priority, entries[parent].priority) else { return }
            swapAt(parent, best)
            parent = best
        }
    }

    private mutating func swapAt(_ i: Int, _ j: Int) {
        entries.swapAt(i, j)
        positions[entries[i].id] = i
        positions[entries[j].id] = j
    }
}
