package import Foundation
internal import WaveNotifications

/// What a manager has shown and not withdrawn, indexed by identifier, thread and collapse id, with the soonest
/// expiry on top of a heap so the manager's single alarm can cover it.
///
/// It remembers at most `limit` notifications; beyond that the oldest shown is forgotten (not withdrawn), as a
/// desktop server has long since dropped it, so memory stays bounded in a process that runs for months.
package struct ShownRegistry: Sendable {
    /// The most notifications remembered.
    package let limit: Int

    private var slots: [ShownNotification?] = []
    /// The order each slot's notification was shown in, for forgetting the oldest first.
    private var orderOfSlot: [UInt64] = []
    private var freeSlots: [Int] = []
    private var slotOfIdentifier: [HashedKey: Int] = [:]
    /// Each thread's slots, in no order; `positionInThread` says where each slot is in its thread's list.
    private var slotsOfThread: [HashedKey: [Int]] = [:]
    private var positionInThread: [Int] = []
    /// The identifier shown with each collapse id; at most one, since showing another collapses the older.
    private var identifierOfCollapseID: [String: String] = [:]
    private var expiries = IndexedHeap<QueueKey>(order: .smallestFirst)
    private var byAge = IndexedHeap<UInt64>(order: .smallestFirst)
    private var nextOrder: UInt64 = 0

    /// Creates an empty registry.
    ///
    /// - Parameter limit: The most notifications remembered; at least 1.
    package init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// How many shown notifications are remembered.
    package var count: Int { slotOfIdentifier.count }

    /// The soonest instant a remembered notification expires.
    package var nextExpiry: Date? { expiries.first?.priority.fireDate }

    /// Every remembered notification, oldest shown first.
    package var all: [ShownNotification] {
        slots.indices.compactMap { slot in slots[slot].map { (orderOfSlot[slot], $0) } }
            .sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// The remembered notification with this identifier, if any.
    ///
    /// - Parameter identifier: The request identifier.
    /// - Returns: The shown notification.
    package func shown(_ identifier: String) -> ShownNotification? {
        slotOfIdentifier[HashedKey(identifier)].flatMap { slots[$0] }
    }

    /// Remembers a notification just shown, replacing one shown earlier with the same identifier.
    ///
    /// - Parameter notification: The shown notification.
    /// - Returns: Another notification with the same collapse id, now forgotten and due to be withdrawn as
    ///   collapsed, and the oldest notification forgotten to stay within the limit.
    package mutating func record(
        _ notification: ShownNotification
    ) -> (collapsed: ShownNotification?, forgotten: ShownNotification?) {
        _ = remove(notification.identifier)
        var collapsed: ShownNotification?
        if let collapseID = notification.request.collapseID,
            let older = identifierOfCollapseID[collapseID], older != notification.identifier
        {
            collapsed = remove(older)
        }
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
        } else {
            slot = slots.count
            slots.append(nil)
            orderOfSlot.append(0)
            positionInThread.append(-1)
        }
        slots[slot] = notification
        orderOfSlot[slot] = nextOrder
        nextOrder += 1
        slotOfIdentifier[HashedKey(notification.identifier)] = slot
        Self.append(
            slot, to: &slotsOfThread[HashedKey(notification.request.threadID), default: []], at: &positionInThread[slot]
        )
        if let collapseID = notification.request.collapseID {
            identifierOfCollapseID[collapseID] = notification.identifier
        }
        if let expiresAt = notification.expiresAt {
            expiries.insert(slot, priority: QueueKey(fireDate: expiresAt, sequence: orderOfSlot[slot]))
        }
        byAge.insert(slot, priority: orderOfSlot[slot])
        var forgotten: ShownNotification?
        if count > limit, let oldest = byAge.first {
            forgotten = removeSlot(oldest.slot)
        }
        return (collapsed, forgotten)
    }

    /// Forgets the notification with this identifier.
    ///
    /// - Parameter identifier: The request identifier.
    /// - Returns: The notification, if it was remembered.
    package mutating func remove(_ identifier: String) -> ShownNotification? {
        guard let slot = slotOfIdentifier[HashedKey(identifier)] else { return nil }
        return removeSlot(slot)
    }

    /// Forgets every notification of a thread.
    ///
    /// - Parameter threadID: The thread id.
    /// - Returns: The notifications, oldest shown first.
    package mutating func removeAll(threadID: String) -> [ShownNotification] {
        guard let members = slotsOfThread[HashedKey(threadID)] else { return [] }
        return members.sorted { orderOfSlot[$0] < orderOfSlot[$1] }.map { removeSlot($0) }
    }

    /// Forgets and returns the notification that expires soonest, if it has expired at `now`.
    ///
    /// - Parameter now: The current instant.
    /// - Returns: The expired notification, or `nil`.
    package mutating func removeNextExpired(at now: Date) -> ShownNotification? {
        guard let first = expiries.first, first.priority.fireDate <= now else { return nil }
        return removeSlot(first.slot)
    }

    private mutating func removeSlot(_ slot: Int) -> ShownNotification {
        let notification = slots[slot].take()!
        slotOfIdentifier[HashedKey(notification.identifier)] = nil
        if let thread = slotsOfThread.index(forKey: HashedKey(notification.request.threadID)) {
            // The last member takes the removed one's place.
            let last = slotsOfThread.values[thread].removeLast()
            if last != slot {
                slotsOfThread.values[thread][positionInThread[slot]] = last
                positionInThread[last] = positionInThread[slot]
            }
            if slotsOfThread.values[thread].isEmpty {
                slotsOfThread.remove(at: thread)
            }
        }
        if let collapseID = notification.request.collapseID,
            identifierOfCollapseID[collapseID] == notification.identifier
        {
            identifierOfCollapseID[collapseID] = nil
        }
        expiries.remove(slot)
        byAge.remove(slot)
        freeSlots.append(slot)
        return notification
    }

    /// Appends `slot` to a thread's list and records its position there.
    private static func append(_ slot: Int, to members: inout [Int], at position: inout Int) {
        position = members.count
        members.append(slot)
    }
}
