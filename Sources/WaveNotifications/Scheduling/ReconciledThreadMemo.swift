/// What reconciles last found in the event threads of one center: for each thread, the change count it had
/// (``NotificationRequestCenter/changeCounts(threadIDs:)``) and the requests it then held, equal to those desired;
/// and the center's own change count (``NotificationRequestCenter/changeCount()``) when every thread held them.
///
/// A thread whose count and desired requests are both unchanged still holds exactly its desired requests, so a
/// reconcile need not read it; when the center's count is unchanged, no thread changed at all. This holds because
/// a count is only remembered when it was read *before* the requests were found equal to the desired ones: had
/// anything changed since that count was read, the count would differ from it forever.
///
/// Entries are kept by position in the list of threads last reconciled, so the usual reconcile, with the same
/// threads, compares them without hashing a thread id; another list of threads carries the entries over by id.
/// Counts of two centers are not comparable, so the memo serves one center object at a time (held weakly, so a
/// center freed and another made at the same address is not taken for it); a center that is a value type has no
/// identity, and its threads are always read.
final class ReconciledThreadMemo: Sendable {
    /// A center that is an object (a class or an actor), so it has an identity to remember.
    typealias CenterObject = any NotificationRequestCenter & AnyObject

    private struct Entry {
        /// The thread's count, when the center keeps per-thread counts.
        let changeCount: UInt64?
        let requests: [NotificationRequest]
    }

    private struct State {
        weak var center: CenterObject?
        /// The center's count when every thread of `threadIDs` was found holding its desired requests.
        var centerChangeCount: UInt64?
        var threadIDs: [String] = []
        /// One per thread of `threadIDs`; `nil` for a thread not found holding its desired requests.
        var entries: [Entry?] = []
        /// Moves at every change of the memo, so a reconcile can tell that another one recorded meanwhile.
        var generation: UInt64 = 0

        /// Makes `threadIDs` the list of threads, forgetting everything when the center is another.
        mutating func align(to threadIDs: [String], center: CenterObject) {
            if self.center !== center {
                self = State(center: center, generation: generation + 1)
            }
            guard self.threadIDs != threadIDs else { return }
            generation += 1
            var entriesByThread: [String: Entry] = [:]
            for (threadID, entry) in zip(self.threadIDs, entries) {
                entriesByThread[threadID] = entry
            }
            self.threadIDs = threadIDs
            entries = threadIDs.map { entriesByThread[$0] }
            centerChangeCount = nil
        }
    }

    private let state = WaveLock(State())

    /// The center as an object the memo can remember, or `nil` for a value type.
    ///
    /// - Parameter center: The platform conformer.
    /// - Returns: The center's object.
    static func object(of center: any NotificationRequestCenter) -> CenterObject? {
        center as? CenterObject
    }

    /// Whether no thread can have changed: the center's count is the one remembered when every thread held its
    /// desired requests, and the threads and their desired requests are the same.
    ///
    /// - Parameters:
    ///   - desired: Each thread's desired requests.
    ///   - threadIDs: The thread ids, in the order of `desired`.
    ///   - centerChangeCount: The center's count, read now.
    ///   - center: The center's object.
    /// - Returns: Whether every thread still holds exactly its desired requests.
    func isUnchanged(
        _ desired: [[NotificationRequest]], threadIDs: [String],
        centerChangeCount: UInt64, center: CenterObject
    ) -> Bool {
        state.withLock { state in
            guard state.center === center, state.centerChangeCount == centerChangeCount,
                state.threadIDs == threadIDs
            else { return false }
            return zip(state.entries, desired).allSatisfy { entry, requests in entry?.requests == requests }
        }
    }

    /// The positions of the threads that must be read: those whose change count or desired requests differ from
    /// what the memo holds for them, or every position without per-thread counts.
    ///
    /// - Parameters:
    ///   - desired: Each thread's desired requests.
    ///   - threadIDs: The thread ids, in the order of `desired`.
    ///   - changeCounts: Each thread's change count, read now, at the same positions; `nil` without counts.
    ///   - center: The center's object.
    /// - Returns: The positions to read, in order, and the memo's generation, for ``record(pending:at:of:threadIDs:changeCounts:centerChangeCount:generation:center:)``.
    func positionsToRead(
        _ desired: [[NotificationRequest]], threadIDs: [String],
        changeCounts: [UInt64]?, center: CenterObject
    ) -> (positions: [Int], generation: UInt64) {
        state.withLock { state in
            state.align(to: threadIDs, center: center)
            guard let changeCounts else { return (Array(desired.indices), state.generation) }
            let positions = desired.indices.filter { position in
                guard let entry = state.entries[position], let count = entry.changeCount else { return true }
                return count != changeCounts[position] || entry.requests != desired[position]
            }
            return (positions, state.generation)
        }
    }

    /// Compares the threads read with their desired requests, remembering those that hold exactly them with the
    /// change count read before them and forgetting the others; when every thread holds them, remembers the
    /// center's count too.
    ///
    /// Each thread's entry is true whatever other reconciles do meanwhile (its count was read before its requests).
    /// The center's count speaks for every entry at once, so it is remembered only when no other reconcile changed
    /// the memo since `generation`; otherwise it is forgotten, which only costs the next reconcile the threads'
    /// counts.
    ///
    /// - Parameters:
    ///   - pending: The pending requests of each position read, in order.
    ///   - positions: The positions read.
    ///   - desired: Each thread's desired requests.
    ///   - threadIDs: The thread ids, in the order of `desired`.
    ///   - changeCounts: Each thread's change count, read before its requests; `nil` without counts.
    ///   - centerChangeCount: The center's count, read before the threads' counts and requests; `nil` without one.
    ///   - generation: The memo's generation that ``positionsToRead(_:threadIDs:changeCounts:center:)`` returned.
    ///   - center: The center's object.
    /// - Returns: Whether every thread read holds exactly its desired requests, in order.
    func record(
        pending: [[NotificationRequest]], at positions: [Int],
        of desired: [[NotificationRequest]], threadIDs: [String],
        changeCounts: [UInt64]?, centerChangeCount: UInt64?, generation: UInt64, center: CenterObject
    ) -> Bool {
        state.withLock { state in
            // Another reconcile moved the memo to another center or other threads meanwhile: remember nothing.
            let remembers = state.center === center && state.threadIDs == threadIDs
            var allEqual = true
            for (position, pending) in zip(positions, pending) {
                let requests = desired[position]
                let isEqual = requests == pending
                allEqual = allEqual && isEqual
                if remembers {
                    state.entries[position] =
                        isEqual ? Entry(changeCount: changeCounts?[position], requests: requests) : nil
                }
            }
            if remembers {
                state.centerChangeCount = allEqual && state.generation == generation ? centerChangeCount : nil
                state.generation += 1
            }
            return allEqual
        }
    }
}
