internal import Foundation
internal import WaveNotifications

/// What the queue's records stand for: the records themselves and the tables they point into, everything a
/// pending notification or request is built from.
///
/// The queue keeps one and updates it; ``NotificationQueue/slotsSnapshot`` hands out a copy (copy-on-write
/// references, taken in constant time) that a listing orders and builds from outside the manager's lock. Its records
/// hold no reference, so a change to the queue while a snapshot is alive copies them as plain memory.
package struct QueueContents: Sendable {
    /// A WorldWideWaves call's body arguments and deep link, kept once per thread for every call of the event that
    /// has them, with how many pending calls do. A thread's entries are a doubly linked list through the one table
    /// of every thread's entries, so a thread costs an integer, not an array of its own.
    struct CallArguments: Sendable {
        static let free = CallArguments(bodyArgs: [], deepLink: "", uses: 0, previous: -1, next: -1)

        var bodyArgs: [String]
        var deepLink: String
        var uses: Int32
        /// The thread's entries before and after this one, or -1.
        var previous: Int32
        var next: Int32
    }

    /// A call's arguments are looked for among this many of its thread's entries at most; past them (a thread of
    /// many distinct calls) a new entry is taken without comparing.
    static let argumentsScanLimit = 8

    /// Every slot's record; ``QueueRecord/free`` marks a free slot.
    var records: [QueueRecord] = []
    /// The requests kept whole, by number; `nil` for a free number.
    var requests: [NotificationRequest?] = []
    /// The shapes of the calls.
    var shapes = CallShapeTable()
    /// The event id of each thread that has had a call, by thread number.
    var eventIDs: [String?] = []
    /// Every thread's call arguments, by number; ``CallArguments/free`` for a free number.
    var arguments: [CallArguments] = []
    /// Each thread's first arguments entry, by thread number, or -1.
    var firstArguments: [Int32] = []
    var freeArguments: [Int32] = []
    /// The armed requests' keys, in a snapshot; `nil` in the queue itself, which passes each key.
    var armed: IndexedHeap<QueueKey>?
    /// The backlog's keys, in a snapshot; `nil` in the queue itself.
    var waiting: IndexedHeap<QueueKey>?

    /// How many slots there are, occupied or free.
    var slotCount: Int { records.count }

    /// The queue key of a snapshot's slot, from its heaps, or `nil` for a free slot.
    ///
    /// - Parameter slot: The slot.
    /// - Returns: Where its request sorts.
    func queueKey(ofSlot slot: Int) -> QueueKey? {
        armed?.priority(of: slot) ?? waiting?.priority(of: slot)
    }

    /// The request an occupied slot of a snapshot stands for, built now for a call.
    ///
    /// - Parameter slot: An occupied slot.
    /// - Returns: The request exactly as added.
    func request(atSlot slot: Int) -> NotificationRequest {
        request(atSlot: slot, key: queueKey(ofSlot: slot)!)
    }

    /// The request an occupied slot stands for, built now for a call.
    ///
    /// - Parameters:
    ///   - slot: An occupied slot.
    ///   - key: Its key in the heap that holds it.
    /// - Returns: The request exactly as added.
    func request(atSlot slot: Int, key: QueueKey) -> NotificationRequest {
        let record = records[slot]
        guard record.isCall else { return requests[Int(record.payload)]! }
        return notification(atSlot: slot, key: key, isArmed: false).request
    }

    /// The pending notification an occupied slot stands for.
    ///
    /// - Parameters:
    ///   - slot: An occupied slot.
    ///   - key: Its key in the heap that holds it: its fire date and order.
    ///   - isArmed: Its armed flag.
    /// - Returns: The notification, equal to the one inserted.
    func notification(atSlot slot: Int, key: QueueKey, isArmed: Bool) -> PendingNotification {
        let record = records[slot]
        guard record.isCall else {
            return PendingNotification(
                request: requests[Int(record.payload)]!, fireDate: key.fireDate, sequence: key.sequence,
                isArmed: isArmed)
        }
        let shape = shapes[record.shape]
        let callArguments = arguments[Int(record.payload)]
        return PendingNotification(
            eventID: eventIDs[Int(record.thread)]!, trigger: shape.trigger,
            content: NotificationContent(
                titleKey: shape.titleKey, bodyKey: shape.bodyKey, bodyArgs: callArguments.bodyArgs,
                deepLink: callArguments.deepLink),
            requestedAt: key.fireDate, fireDate: key.fireDate, sequence: key.sequence, isArmed: isArmed)
    }

    /// The pending notification at an occupied slot of a snapshot, armed flag from its ``armed`` heap.
    func notification(atSlot slot: Int) -> PendingNotification {
        notification(atSlot: slot, key: queueKey(ofSlot: slot)!, isArmed: armed?.contains(slot) ?? false)
    }

    /// Whether the request at an occupied slot has the identifier `key` stands for (its hash having matched).
    func slot(_ slot: Int, hasIdentifier key: RequestKey) -> Bool {
        let record = records[slot]
        guard record.isOccupied else { return false }
        guard record.isCall else { return key.isSpelled(asText: requests[Int(record.payload)]!.identifier) }
        return key.isSpelled(eventID: eventIDs[Int(record.thread)]!, trigger: shapes[record.shape].trigger)
    }

    /// The number of a call's arguments entry in its thread, counted as used once more.
    mutating func useArguments(_ content: NotificationContent, inThread thread: Int) -> Int32 {
        var number = firstArguments[thread]
        var scanned = 0
        while number >= 0 && scanned < Self.argumentsScanLimit {
            if arguments[Int(number)].bodyArgs == content.bodyArgs
                && arguments[Int(number)].deepLink == content.deepLink
            {
                arguments[Int(number)].uses += 1
                return number
            }
            number = arguments[Int(number)].next
            scanned += 1
        }
        let first = firstArguments[thread]
        let entry = CallArguments(
            bodyArgs: content.bodyArgs, deepLink: content.deepLink, uses: 1, previous: -1, next: first)
        let added: Int32
        if let reused = freeArguments.popLast() {
            added = reused
            arguments[Int(added)] = entry
        } else {
            added = Int32(arguments.count)
            arguments.append(entry)
        }
        if first >= 0 {
            arguments[Int(first)].previous = added
        }
        firstArguments[thread] = added
        return added
    }

    /// Notes that a call left its thread; the entry is freed with its last call.
    mutating func releaseArguments(_ number: Int32, inThread thread: Int) {
        let index = Int(number)
        arguments[index].uses -= 1
        guard arguments[index].uses == 0 else { return }
        let (previous, next) = (arguments[index].previous, arguments[index].next)
        if previous >= 0 {
            arguments[Int(previous)].next = next
        } else {
            firstArguments[thread] = next
        }
        if next >= 0 {
            arguments[Int(next)].previous = previous
        }
        arguments[index] = .free
        freeArguments.append(number)
    }
}
