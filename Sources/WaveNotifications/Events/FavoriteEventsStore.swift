/// Tells which events the user has marked as favorite: only those get notifications.
///
/// Implementation requirements: answers must reflect the latest ``setFavorite(_:eventID:)`` that returned.
public protocol FavoriteEventsStore: Sendable {
    /// Whether the event with this id is a favorite.
    ///
    /// - Parameter eventID: The event's id.
    /// - Returns: `true` for a favorite.
    func isFavorite(eventID: String) async -> Bool

    /// The ids of all favorite events.
    ///
    /// - Returns: The set of favorite ids.
    func favoriteIDs() async -> Set<String>

    /// Marks or unmarks an event as favorite.
    ///
    /// - Parameters:
    ///   - isFavorite: `true` to mark, `false` to unmark.
    ///   - eventID: The event's id.
    func setFavorite(_ isFavorite: Bool, eventID: String) async
}

/// A thread-safe in-memory ``FavoriteEventsStore``.
public final class InMemoryFavoriteEventsStore: FavoriteEventsStore {
    private let ids: WaveLock<Set<String>>

    /// Creates a store.
    ///
    /// - Parameter favoriteIDs: The initial favorites.
    public init(favoriteIDs: Set<String> = []) {
        ids = WaveLock(favoriteIDs)
    }

    public func isFavorite(eventID: String) async -> Bool {
        ids.withLock { $0.contains(eventID) }
    }

    public func favoriteIDs() async -> Set<String> {
        ids.withLock { $0 }
    }

    public func setFavorite(_ isFavorite: Bool, eventID: String) async {
        ids.withLock { ids in
            if isFavorite {
                ids.insert(eventID)
            } else {
                ids.remove(eventID)
            }
        }
    }
}
