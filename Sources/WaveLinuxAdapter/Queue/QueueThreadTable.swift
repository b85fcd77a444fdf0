/// The queue's threads, numbered: each thread's key, its pending slots, and its change count.
///
/// A thread gets a small number the first time something joins it, and the queue's records, heaps and indexes know
/// it by that number only; its key (the thread id, or the parts a WorldWideWaves call spells it from) is kept once,
/// here. The change counts live in the same table (they were a dictionary keyed by the thread's key): one counter
/// stamps a thread at every change to what is pending in it, so a thread's count never returns to an earlier value.
/// Threads never stamped, or stamped before the last forgetting, share a floor that is itself a fresh value, so
/// forgetting every stamp at once (a restart, or far more stamped threads than pending requests) changes every
/// thread's count without repeating one. A thread that emptied keeps its number while it has a stamp, and is
/// forgotten with the stamps.
struct QueueThreadTable: Sendable {
    private var index = SlotIndex()
    /// The key of each thread number in use; `nil` for a free number.
    private var keys: [RequestKey?] = []
    /// Each thread's first pending slot, or -1; the rest follow through the records (``QueueRecord/nextInThread``),
    /// which the queue links.
    var firstMember: [Int32] = []
    /// How many slots each thread has pending.
    var memberCount: [Int32] = []
    /// Each thread's change count; 0 for a thread without a stamp (its count is the floor).
    private var stamps: [UInt64] = []
    private var freeNumbers: [Int] = []
    /// The last count handed out: the whole queue's count.
    private(set) var latestCount: UInt64 = 0
    /// The count of every thread without a stamp.
    private var floor: UInt64 = 0
    /// How many threads have a stamp.
    private var stampedCount = 0

    /// The number of the thread with this key, if the table knows it.
    ///
    /// - Parameter key: The thread's key.
    /// - Returns: Its number, or `nil`.
    func number(of key: RequestKey) -> Int? {
        index.find(hash: key.hashCode) { keys[$0] == key }
    }

    /// The number of the thread with this key, numbering it now when the table does not know it.
    ///
    /// - Parameter key: The thread's key.
    /// - Returns: Its number, and whether it is new (a number never handed out before grows the table by one).
    mutating func number(creating key: RequestKey) -> (number: Int, isNew: Bool) {
        if let existing = number(of: key) {
            return (existing, false)
        }
        let thread: Int
        var isNew = false
        if let reused = freeNumbers.popLast() {
            thread = reused
            keys[thread] = key
        } else {
            thread = firstMember.count
            firstMember.append(-1)
            memberCount.append(0)
            keys.append(key)
            stamps.append(0)
            isNew = true
        }
        index.insert(thread, hash: key.hashCode)
        return (thread, isNew)
    }

    /// The change count of a thread, by key.
    ///
    /// - Parameter key: The thread's key.
    /// - Returns: Its count; a thread with nothing pending has one too.
    func changeCount(of key: RequestKey) -> UInt64 {
        guard let thread = number(of: key), stamps[thread] != 0 else { return floor }
        return stamps[thread]
    }

    /// Notes that something pending in a thread changed.
    ///
    /// Once far more threads have a stamp than requests are pending, every stamp is forgotten first (every count
    /// changes), so threads that emptied long ago do not accumulate.
    ///
    /// - Parameters:
    ///   - thread: The thread's number.
    ///   - pendingCount: How many requests are pending; no more threads than that have something pending.
    /// - Returns: The numbers of the threads forgotten, which the caller's per-thread tables clear.
    mutating func recordChange(inThread thread: Int, pendingCount: Int) -> [Int] {
        var forgotten: [Int] = []
        if stampedCount > 2 * pendingCount + 1_024 {
            forgotten = forgetEveryStamp(keeping: thread)
        }
        latestCount += 1
        if stamps[thread] == 0 {
            stampedCount += 1
        }
        stamps[thread] = latestCount
        return forgotten
    }

    /// Notes a change in every thread (the queue was rebuilt), forgetting every stamp.
    ///
    /// - Returns: The numbers of the threads forgotten, which the caller's per-thread tables clear.
    mutating func recordChangeInEveryThread() -> [Int] {
        forgetEveryStamp(keeping: nil)
    }

    /// Moves the counter on and makes it every thread's count, forgetting the threads with nothing pending.
    private mutating func forgetEveryStamp(keeping kept: Int?) -> [Int] {
        latestCount += 1
        floor = latestCount
        stampedCount = 0
        var forgotten: [Int] = []
        for thread in stamps.indices {
            stamps[thread] = 0
            if thread != kept && keys[thread] != nil && memberCount[thread] == 0 {
                index.remove(thread)
                keys[thread] = nil
                freeNumbers.append(thread)
                forgotten.append(thread)
            }
        }
        return forgotten
    }
}
