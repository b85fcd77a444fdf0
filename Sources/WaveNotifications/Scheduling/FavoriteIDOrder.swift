/// The favorite ids a reconcile was last given, sorted, with their validity and the threads `event_<id>` of the valid
/// ones, so a reconcile with the same ids (the usual case) neither sorts nor validates them nor builds their thread
/// ids again.
///
/// The very same thread id array each time also makes comparing it with the one ``ReconciledThreadMemo`` remembers
/// an identity check.
final class FavoriteIDOrder: Sendable {
    /// The ids in order.
    struct Order: Sendable {
        /// Every id, sorted, with whether it is a valid event id (``EventID/isValid(_:)``).
        let ids: [(id: String, isValid: Bool)]
        /// The thread `event_<id>` of each valid id, in order.
        let threadIDs: [String]
    }

    private let last = WaveLock<(ids: Set<String>, order: Order)?>(nil)

    /// The ids in order.
    ///
    /// - Parameter ids: The favorite ids.
    /// - Returns: The remembered order when `ids` equals the ids last given (usually the very same set, so one
    ///   identity check), otherwise a new one, remembered.
    func order(of ids: Set<String>) -> Order {
        if let order = last.withLock({ $0?.ids == ids ? $0?.order : nil }) {
            return order
        }
        let sorted = ids.sorted().map { (id: $0, isValid: EventID.isValid($0)) }
        let order = Order(ids: sorted, threadIDs: sorted.filter(\.isValid).map { "event_\($0.id)" })
        last.withLock { $0 = (ids, order) }
        return order
    }
}
