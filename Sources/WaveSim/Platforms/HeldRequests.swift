internal import Foundation
internal import WaveNotifications

/// The requests a simulated center holds, soonest first (equal instants: in hand-over order), in a sorted array: a
/// center holds few (64 on iOS), so a binary search and a short move beat any tree, and the latest is the last.
struct HeldRequests {
    /// Where a held request sorts.
    struct Key: Comparable {
        var fireAt: Date
        var sequence: Int

        static func < (lhs: Key, rhs: Key) -> Bool {
            (lhs.fireAt, lhs.sequence) < (rhs.fireAt, rhs.sequence)
        }
    }

    /// One held request and its hand-over order.
    struct Entry {
        var request: NotificationRequest
        var sequence: Int

        var key: Key { Key(fireAt: request.fireAt, sequence: sequence) }
    }

    /// The held requests, soonest first.
    private(set) var ordered: [Entry] = []
    /// The key of each held request, by identifier.
    private var keys: [String: Key] = [:]

    /// How many requests are held.
    var count: Int { ordered.count }

    /// The soonest held request.
    var first: Entry? { ordered.first }

    /// Holds a request, replacing the one with its identifier.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - sequence: Its hand-over order, larger than any before.
    mutating func insert(_ request: NotificationRequest, sequence: Int) {
        remove(request.identifier)
        let entry = Entry(request: request, sequence: sequence)
        ordered.insert(entry, at: position(of: entry.key))
        keys[request.identifier] = entry.key
    }

    /// Stops holding a request.
    ///
    /// - Parameter identifier: Its identifier.
    /// - Returns: The entry, or `nil` when none is held with it.
    @discardableResult
    mutating func remove(_ identifier: String) -> Entry? {
        guard let key = keys.removeValue(forKey: identifier) else { return nil }
        return ordered.remove(at: position(of: key))
    }

    /// Stops holding every request of a thread.
    ///
    /// - Parameter threadID: The thread.
    /// - Returns: How many were held.
    mutating func removeThread(_ threadID: String) -> Int {
        let before = ordered.count
        ordered.removeAll { entry in
            guard entry.request.threadID == threadID else { return false }
            keys.removeValue(forKey: entry.request.identifier)
            return true
        }
        return before - ordered.count
    }

    /// Stops holding the latest request.
    ///
    /// - Returns: The entry, or `nil` when none is held.
    mutating func removeLast() -> Entry? {
        guard let last = ordered.popLast() else { return nil }
        keys.removeValue(forKey: last.request.identifier)
        return last
    }

    /// Stops holding the soonest request if its instant is not after `instant`.
    ///
    /// - Parameter instant: The current instant.
    /// - Returns: The entry, or `nil` when none is due.
    mutating func popDue(by instant: Date) -> Entry? {
        guard let first = ordered.first, first.request.fireAt <= instant else { return nil }
        return remove(first.request.identifier)
    }

    /// The index where `key` is or belongs.
    private func position(of key: Key) -> Int {
        var low = 0
        var high = ordered.count
        while low < high {
            let middle = (low + high) / 2
            if ordered[middle].key < key { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
