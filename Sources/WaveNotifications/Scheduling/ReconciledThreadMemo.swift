internal import Synchronization

/// What reconciles last found in each WorldWideWaves thread of one center: the thread's change count
/// (``NotificationRequestCenter/changeCounts(threadIDs:)``) and the requests it then held, equal to those desired.
///
/// A thread whose count and desired requests are both unchanged still holds exactly its desired requests, so a
/// reconcile need not read it. This holds because an entry is only made from a count read *before* the thread's
/// requests were read and found equal to the desired ones: had anything changed in the thread since that count was
/// read, its count would differ from it forever. Counts of two centers are not comparable, so the memo serves one
/// center object at a time (held weakly, so a center freed and another made at the same address is not mistaken
/// for it); a center that is a value type has no identity and is always read.
final class ReconciledThreadMemo: Sendable {
    /// A center that is an object (a class or an actor), so it has an identity to remember.
    typealias CenterObject = any NotificationRequestCenter & AnyObject

    private struct Entry {
        let changeCount: UInt64
        let requests: [NotificationRequest]
    }

    private struct State {
        weak var center: CenterObject?
        var entries: [String: Entry] = [:]
    }

    private let state = Mutex(State())

    /// The center as an object the memo can remember, or `nil` for a value type.
    ///
    /// - Parameter center: The platform conformer.
    /// - Returns: The center's object.
    static func object(of center: any NotificationRequestCenter) -> CenterObject? {
        center as? CenterObject
    }

    /// The positions of the threads that must be read: those whose change count or desired requests differ from
    /// what the memo holds for them. Switching to another center forgets every entry.
    ///
    /// - Parameters:
    ///   - groups: Each thread's desired requests.
    ///   - changeCounts: Each thread's change count, read now, at the same positions.
    ///   - center: The center's object.
    /// - Returns: The positions to read, in order.
    func positionsToRead(
        _ groups: [(threadID: String, requests: [NotificationRequest])], changeCounts: [UInt64], center: CenterObject
    ) -> [Int] {
        state.withLock { state in
            if state.center !== center {
                state.center = center
                state.entries = [:]
            }
            return groups.indices.filter { position in
                let group = groups[position]
                guard let entry = state.entries[group.threadID] else { return true }
                return entry.changeCount != changeCounts[position] || entry.requests != group.requests
            }
        }
    }

    /// Compares the threads read with their desired requests, remembering those that hold exactly them with the
    /// change count read before them and forgetting the others.
    ///
    /// - Parameters:
    ///   - pending: The pending requests of each position read, in order.
    ///   - positions: The positions read.
    ///   - groups: Each thread's desired requests.
    ///   - changeCounts: Each thread's change count, read before its requests.
    ///   - center: The center's object.
    /// - Returns: Whether every thread read holds exactly its desired requests, in order.
    func record(
        pending: [[NotificationRequest]], at positions: [Int],
        of groups: [(threadID: String, requests: [NotificationRequest])], changeCounts: [UInt64], center: CenterObject
    ) -> Bool {
        state.withLock { state in
            // Another reconcile moved the memo to another center meanwhile: compare, remember nothing.
            let remembers = state.center === center
            var allEqual = true
            for (position, pending) in zip(positions, pending) {
                let group = groups[position]
                let isEqual = group.requests == pending
                allEqual = allEqual && isEqual
                if remembers {
                    state.entries[group.threadID] =
                        isEqual ? Entry(changeCount: changeCounts[position], requests: group.requests) : nil
                }
            }
            if remembers && state.entries.count > 2 * groups.count + 64 {
                // Threads no longer asked about do not accumulate.
                let threadIDs = Set(groups.map(\.threadID))
                state.entries = state.entries.filter { threadIDs.contains($0.key) }
            }
            return allEqual
        }
    }
}
