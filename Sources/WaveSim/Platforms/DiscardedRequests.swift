internal import Foundation
internal import WaveLinuxAdapter
internal import WaveNotifications

/// The requests a simulated center discarded and the app still wants, indexed three ways so a replay with many of
/// them stays linear: by identifier, by thread (an app removes a whole thread at once) and by instant (the next one
/// lost is the soonest).
struct DiscardedRequests {
    /// Where a discarded request sorts: by instant, then by the order it was handed over.
    struct Order: Comparable, Sendable {
        var fireAt: Date
        var sequence: Int

        static func < (lhs: Order, rhs: Order) -> Bool {
            (lhs.fireAt, lhs.sequence) < (rhs.fireAt, rhs.sequence)
        }
    }

    /// One discarded request.
    struct Entry {
        var request: NotificationRequest
        /// Its slot in the heap.
        var slot: Int
        /// The app run it was discarded in (``SimulatedIOSCenter`` forgets, at a run's end, what an earlier run
        /// discarded and this one did not hand over again).
        var run: Int
    }

    private(set) var entries: [String: Entry] = [:]
    private var identifiersByThread: [String: Set<String>] = [:]
    private var heap = IndexedHeap<Order>(order: .smallestFirst)
    /// The identifier of each heap slot in use.
    private var identifierBySlot: [String?] = []
    private var freeSlots: [Int] = []

    /// How many requests are discarded.
    var count: Int { entries.count }

    /// The instant of the soonest discarded request.
    var firstFireAt: Date? { heap.first?.priority.fireAt }

    /// Adds a discarded request (replacing one with its identifier).
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - sequence: Its hand-over order.
    ///   - run: The app run it is discarded in.
    mutating func insert(_ request: NotificationRequest, sequence: Int, run: Int) {
        remove(request.identifier)
        let slot = freeSlots.popLast() ?? identifierBySlot.count
        if slot == identifierBySlot.count {
            identifierBySlot.append(request.identifier)
        } else {
            identifierBySlot[slot] = request.identifier
        }
        entries[request.identifier] = Entry(request: request, slot: slot, run: run)
        identifiersByThread[request.threadID, default: []].insert(request.identifier)
        heap.insert(slot, priority: Order(fireAt: request.fireAt, sequence: sequence))
    }

    /// Removes a discarded request.
    ///
    /// - Parameter identifier: Its identifier.
    /// - Returns: The request, or `nil` when none was discarded with it.
    @discardableResult
    mutating func remove(_ identifier: String) -> NotificationRequest? {
        guard let entry = entries.removeValue(forKey: identifier) else { return nil }
        heap.remove(entry.slot)
        identifierBySlot[entry.slot] = nil
        freeSlots.append(entry.slot)
        let thread = entry.request.threadID
        identifiersByThread[thread]?.remove(identifier)
        if identifiersByThread[thread]?.isEmpty == true {
            identifiersByThread.removeValue(forKey: thread)
        }
        return entry.request
    }

    /// Removes every discarded request of a thread.
    ///
    /// - Parameter threadID: The thread.
    /// - Returns: How many were removed.
    mutating func removeThread(_ threadID: String) -> Int {
        let identifiers = identifiersByThread[threadID] ?? []
        for identifier in identifiers { remove(identifier) }
        return identifiers.count
    }

    /// Removes and returns the soonest discarded request if its instant is not after `instant`.
    ///
    /// - Parameter instant: The current instant.
    /// - Returns: The request, or `nil` when none is due.
    mutating func popDue(by instant: Date) -> NotificationRequest? {
        guard let first = heap.first, first.priority.fireAt <= instant, let identifier = identifierBySlot[first.slot]
        else { return nil }
        return remove(identifier)
    }

    /// Every discarded request, soonest first (ties in hand-over order).
    var ordered: [NotificationRequest] {
        heap.unorderedEntries.sorted { $0.priority < $1.priority }.compactMap {
            identifierBySlot[$0.slot].flatMap { entries[$0]?.request }
        }
    }
}
