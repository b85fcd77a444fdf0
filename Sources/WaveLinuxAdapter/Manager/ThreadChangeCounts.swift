/// The change count of every thread and of the whole queue, for ``LinuxNotificationManager/changeCounts(threadIDs:)``
/// and ``LinuxNotificationManager/changeCount()``.
///
/// One counter serves every thread: a change stamps its thread with the counter's next value, so a thread's count
/// never returns to an earlier value. Threads never stamped (or stamped before the last forgetting) share a floor
/// that is itself a fresh value, so forgetting every stamp at once (a restart, or too many stamps of threads long
/// empty) changes every thread's count, never repeating one. The counter's value is the whole queue's count.
struct ThreadChangeCounts: Sendable {
    /// The last value handed out.
    private var latest: UInt64 = 0
    /// The count of every thread without a stamp.
    private var floor: UInt64 = 0
    private var stamps: [RequestKey: UInt64] = [:]

    /// The count of the whole queue: it moves at every change of any thread's count.
    var total: UInt64 { latest }

    /// The count of a thread.
    ///
    /// - Parameter threadID: The thread id.
    /// - Returns: Its count; a thread with nothing pending has one too.
    func count(ofThread threadID: String) -> UInt64 {
        stamps[RequestKey(threadID)] ?? floor
    }

    /// Notes that something pending in a thread changed.
    ///
    /// Once there are far more stamps than threads with something pending, every stamp is forgotten first (every
    /// count changes), so threads that emptied long ago do not accumulate.
    ///
    /// - Parameters:
    ///   - thread: The thread's key.
    ///   - pendingCount: How many requests are pending; no more threads than that have something pending.
    mutating func recordChange(inThread thread: RequestKey, pendingCount: Int) {
        if stamps.count > 2 * pendingCount + 1_024 {
            recordChangeInEveryThread()
        }
        latest += 1
        stamps[thread] = latest
    }

    /// Notes a change in every thread (the queue was rebuilt), forgetting every stamp.
    mutating func recordChangeInEveryThread() {
        latest += 1
        floor = latest
        stamps = [:]
    }
}
