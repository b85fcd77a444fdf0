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
    /// has them, with how many pending calls do.
    struct CallArguments: Sendable {
        var bodyArgs: [String]
        var deepLink: String
        var uses: Int32
    }

    /// Up to this many argument entries in a thread, a call's are looked for among them; past it (a thread of many
    /// distinct calls) a free entry or a new one is taken without comparing.
    static let argumentsScanLimit = 8

    /// Every slot's record; ``QueueRecord/free`` marks a free slot.
    var records: [QueueRecord] = []
    /// The requests kept whole, by number; `nil` for a free number.
    var requests: [NotificationRequest?] = []
    /// The shapes of the calls.
    var shapes = CallShapeTable()
    /// The event id of each thread that has had a call, by thread number.
    var eventIDs: [String?] = []
    /// Each thread's call arguments, by thread number.
    var arguments: [[CallArguments]] = []
    /// The armed requests, in a snapshot that reports armed flags; `nil` in the queue itself and in a listing's.
    var armed: IndexedHeap<QueueKey>?

    /// How many slots there are, occupied or free.
    var slotCount: Int { records.count }

    /// The queue key of an occupied slot, or `nil` for a free one.
    ///
    /// - Parameter slot: The slot.
    /// - Returns: Where its request sorts.
    func queueKey(ofSlot slot: Int) -> QueueKey? {
        let record = records[slot]
        return record.isOccupied ? record.queueKey : nil
    }

    /// The request an occupied slot stands for, built now for a call.
    ///
    /// - Parameter slot: An occupied slot.
    /// - Returns: The request exactly as added.
    func request(atSlot slot: Int) -> NotificationRequest {
        let record = records[slot]
        guard record.isCall else { return requests[Int(record.payload)]! }
        return notification(atSlot: slot, isArmed: false).request
    }

    /// The pending notification an occupied slot stands for.
    ///
    /// - Parameters:
    ///   - slot: An occupied slot.
    ///   - isArmed: Its armed flag.
    /// - Returns: The notification, equal to the one inserted.
    func notification(atSlot slot: Int, isArmed: Bool) -> PendingNotification {
        let record = records[slot]
        guard record.isCall else {
            return PendingNotification(
                request: requests[Int(record.payload)]!, fireDate: record.fireDate, sequence: record.sequence,
                isArmed: isArmed)
        }
        let shape = shapes[record.shape]
        let callArguments = arguments[Int(record.thread)][Int(record.payload)]
        return PendingNotification(
            eventID: eventIDs[Int(record.thread)]!, trigger: shape.trigger,
            content: NotificationContent(
                titleKey: shape.titleKey, bodyKey: shape.bodyKey, bodyArgs: callArguments.bodyArgs,
                deepLink: callArguments.deepLink),
            requestedAt: record.fireDate, fireDate: record.fireDate, sequence: record.sequence, isArmed: isArmed)
    }

    /// The pending notification at an occupied slot of a snapshot, armed flag from its ``armed`` heap.
    func notification(atSlot slot: Int) -> PendingNotification {
        notification(atSlot: slot, isArmed: armed?.contains(slot) ?? false)
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
        var free: Int?
        let entries = arguments[thread]
        let compares = entries.count <= Self.argumentsScanLimit
        for number in entries.indices {
            let entry = entries[number]
            if entry.uses == 0 {
                if free == nil { free = number }
                if !compares { break }
            } else if compares && entry.bodyArgs == content.bodyArgs && entry.deepLink == content.deepLink {
                arguments[thread][number].uses += 1
                return Int32(number)
            }
        }
        let entry = CallArguments(bodyArgs: content.bodyArgs, deepLink: content.deepLink, uses: 1)
        if let free {
            arguments[thread][free] = entry
            return Int32(free)
        }
        arguments[thread].append(entry)
        return Int32(arguments[thread].count - 1)
    }

    /// Notes that a call left its thread; a thread's entries are dropped with its last call.
    mutating func releaseArguments(_ number: Int32, inThread thread: Int, threadIsEmpty: Bool) {
        if threadIsEmpty {
            arguments[thread].removeAll(keepingCapacity: true)
        } else {
            arguments[thread][Int(number)].uses -= 1
        }
    }
}
