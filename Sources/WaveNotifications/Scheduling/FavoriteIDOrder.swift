internal import Synchronization

/// The favorite ids a reconcile was last given, sorted, each with its thread `event_<id>`, so a reconcile with the
/// same ids (the usual case) neither sorts them nor builds their thread ids again.
///
/// The same thread id strings each time also make comparing them with those ``ReconciledThreadMemo`` remembers an
/// identity check.
final class FavoriteIDOrder: Sendable {
    private let last = Mutex<(ids: Set<String>, ordered: [(id: String, threadID: String)])>(([], []))

    /// The ids, sorted, each with its thread id.
    ///
    /// - Parameter ids: The favorite ids.
    /// - Returns: The remembered order when `ids` equals the ids last given (usually the very same set, so one
    ///   identity check), otherwise a new one, remembered.
    func ordered(_ ids: Set<String>) -> [(id: String, threadID: String)] {
        if let ordered = last.withLock({ $0.ids == ids ? $0.ordered : nil }) {
            return ordered
        }
        let ordered = ids.sorted().map { (id: $0, threadID: "event_\($0)") }
        last.withLock { $0 = (ids, ordered) }
        return ordered
    }
}
