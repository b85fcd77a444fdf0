/// The request-level platform seam: what one platform conformer does for every app built on the core.
///
/// Implement this once per platform (iOS's `UNUserNotificationCenter`, an Android bridge, `WaveLinuxAdapter`'s
/// manager). ``NotificationManagerBridge`` serves the scheduler's ``NotificationManager`` over the same conformer.
///
/// Implementation requirements:
/// - ``add(_:)`` adds each request, or replaces the pending request with the same identifier (never a second
///   one). A request whose ``NotificationRequest/fireAt`` is not in the future is shown at once.
/// - Never lie about what is pending. A platform with a limit on pending requests either keeps every request and
///   arms the soonest as others fire or are removed (`WaveLinuxAdapter`'s manager, an Android bridge that can
///   re-arm), or keeps only the soonest it can hold and drops the rest (iOS keeps 64: a conformer over
///   `UNUserNotificationCenter` cannot do better). Either way ``pendingRequests()`` lists only what the platform
///   will show, so an app that reconciles at its next run sees a dropped request as missing and hands it over
///   again; ``NotificationRunway`` tells an iOS app how soon that run must come to lose nothing.
/// - ``pendingRequests()`` lists every pending request exactly as it was added, soonest first;
///   ``pendingRequests(threadIDs:)`` lists those of some threads (a default implementation filters the full list;
///   a platform with an index by thread should answer from it).
/// - ``changeCount()`` and ``changeCounts(threadIDs:)`` are optional (the defaults answer `nil`, "no counts"). A
///   center that answers them gives itself and each thread a count that changes whenever anything pending in it
///   changes, so a reconcile that remembers the counts reads nothing when nothing changed, and otherwise only the
///   threads that changed.
/// - Identifiers and thread ids are compared literally, as iOS and Android compare them: two that differ in case,
///   width, a compatibility form or a space are two, and a request is listed under the very scalars it was added
///   with. Two canonically equivalent spellings (a precomposed "é" and "e" with a combining accent) may be one, as
///   Swift's `String` equality makes them, or two, as long as every call agrees (the apps spell each identifier
///   the same way every time, so they rely on neither).
/// - Removing or withdrawing an identifier that is not pending (or not shown) is not an error.
/// - ``show(_:)`` shows a request now without touching pending ones; ``withdrawShown(identifiers:reason:)``
///   removes shown notifications from the screen or notification center.
/// - Titles and bodies are ``LocalizedText``: resolve them in the user's language when showing, not before.
/// - Throw when a call could not be carried out (storage failure, platform refusal); never fail silently.
/// - Be safe to call from many tasks at once; calls take effect in the order they are made.
public protocol NotificationRequestCenter: Sendable {
    /// Adds the requests, each replacing a pending request with the same identifier.
    ///
    /// - Parameter requests: The requests, in any order.
    /// - Throws: When the requests could not be stored or scheduled.
    func add(_ requests: [NotificationRequest]) async throws

    /// Removes pending requests by identifier.
    ///
    /// - Parameters:
    ///   - identifiers: The identifiers to remove; unknown ones are ignored.
    ///   - reason: Why they are removed, for observers and logs.
    /// - Throws: When the removal could not be carried out.
    func removePending(identifiers: [String], reason: NotificationReason) async throws

    /// Removes every pending request of a thread.
    ///
    /// - Parameters:
    ///   - threadID: The thread (group) id.
    ///   - reason: Why they are removed, for observers and logs.
    /// - Throws: When the removal could not be carried out.
    func removePending(threadID: String, reason: NotificationReason) async throws

    /// Lists every pending request, soonest first (ties in the order they were added).
    ///
    /// - Returns: The pending requests, as added.
    /// - Throws: When the pending requests could not be read.
    func pendingRequests() async throws -> [NotificationRequest]

    /// Lists the pending requests of each thread given, each thread's soonest first (ties in the order they were
    /// added): what ``pendingRequests()`` lists, grouped by thread, for these threads only.
    ///
    /// A default implementation filters ``pendingRequests()``.
    ///
    /// - Parameter threadIDs: The thread ids, in the order the answer follows.
    /// - Returns: One list per thread id given, at the same position; empty for a thread with nothing pending.
    /// - Throws: When the pending requests could not be read.
    func pendingRequests(threadIDs: [String]) async throws -> [[NotificationRequest]]

    /// The center's change count, so a caller that remembers it can tell that nothing pending changed by one integer;
    /// `nil` when the center keeps no count.
    ///
    /// It changes whenever the count of any thread would (see ``changeCounts(threadIDs:)``), in any thread, the
    /// caller's or another app's. Like a thread's count it is opaque, only equality matters, and it never comes back
    /// to a value it had before a change (the value of the counter that stamps threads, read as it is, does this).
    ///
    /// A default implementation returns `nil`.
    ///
    /// - Returns: The count, or `nil` when the center keeps none.
    /// - Throws: When the count could not be read.
    func changeCount() async throws -> UInt64?

    /// The change count of each thread given, so a caller that remembers them can tell an unchanged thread by one
    /// integer instead of reading its requests; `nil` when the center keeps no counts.
    ///
    /// A thread's count changes whenever anything pending in it changes: a request added to it or replaced, one
    /// removed (by identifier or with its thread), one taken from pending because it came due (shown, dropped or
    /// suppressed), and a thread that empties and is filled again. Counts are opaque and only equality matters:
    /// when two readings of a thread's count are equal, nothing pending in that thread changed between them, so a
    /// count must never come back to a value it had before a change (stamp the thread with the next value of one
    /// counter shared by every thread, and it never will). Moving the count of a thread that did not change is
    /// allowed (after a restart, say): it only costs a caller one read. Counts of two centers are not comparable.
    ///
    /// A default implementation returns `nil`: a caller then compares the listed requests, as before counts.
    ///
    /// - Parameter threadIDs: The thread ids, in the order the answer follows.
    /// - Returns: One count per thread id given, at the same position (a thread with nothing pending has one
    ///   too), or `nil` when the center keeps no counts.
    /// - Throws: When the counts could not be read.
    func changeCounts(threadIDs: [String]) async throws -> [UInt64]?

    /// Shows a request now, leaving pending requests as they are.
    ///
    /// - Parameter request: The request; its ``NotificationRequest/fireAt`` is ignored.
    /// - Throws: When it could not be shown; ``NotificationNotShown`` when the platform took the call and dropped the
    ///   notification (Android's cap of 50 on screen).
    func show(_ request: NotificationRequest) async throws

    /// Withdraws shown notifications from the screen and the notification center.
    ///
    /// - Parameters:
    ///   - identifiers: The identifiers of shown notifications; ones not shown are ignored.
    ///   - reason: Why they are withdrawn (`expired`, `responded`, `snoozed`, `collapsed`, …).
    /// - Throws: When the withdrawal could not be carried out.
    func withdrawShown(identifiers: [String], reason: NotificationReason) async throws
}

extension NotificationRequestCenter {
    /// Groups ``pendingRequests()`` by the thread ids given.
    ///
    /// - Parameter threadIDs: The thread ids, in the order the answer follows.
    /// - Returns: One list per thread id given, at the same position, each soonest first.
    /// - Throws: Whatever ``pendingRequests()`` throws.
    public func pendingRequests(threadIDs: [String]) async throws -> [[NotificationRequest]] {
        var positions: [String: [Int]] = [:]
        for (position, threadID) in threadIDs.enumerated() {
            positions[threadID, default: []].append(position)
        }
        var groups = [[NotificationRequest]](repeating: [], count: threadIDs.count)
        for request in try await pendingRequests() {
            for position in positions[request.threadID] ?? [] {
                groups[position].append(request)
            }
        }
        return groups
    }

    /// Keeps no count.
    ///
    /// - Returns: `nil`, so callers read the threads.
    public func changeCount() async throws -> UInt64? {
        nil
    }

    /// Keeps no counts.
    ///
    /// - Parameter threadIDs: The thread ids; unused.
    /// - Returns: `nil`, so callers compare the listed requests.
    public func changeCounts(threadIDs: [String]) async throws -> [UInt64]? {
        nil
    }
}
