internal import Foundation
internal import WaveNotifications

/// GrowBro's inbox in a replay: the in-memory store, which remembers which of the identifiers the scenario reads or
/// deletes had an entry added since the last erasure, so that wavesim's warning ("has no inbox entry yet") does not
/// depend on what the store purged (``InboxStore/purgeArchived(now:)``).
///
/// It remembers only the identifiers the scenario's `read` and `delete` actions name: as many as those actions at
/// most, however long the replay.
final class GrowBroReplayInbox: InboxStore {
    private let store: InMemoryInboxStore
    private let watched: Set<String>
    /// Watched identifiers with an entry added since the last erasure.
    private let added = WaveLock(Set<String>())

    /// An empty inbox.
    ///
    /// - Parameter watched: The identifiers the scenario reads or deletes.
    init(watching watched: Set<String>) {
        store = InMemoryInboxStore()
        self.watched = watched
    }

    /// Whether an entry with the identifier was added since the last erasure (purged since or not).
    ///
    /// - Parameter identifier: A watched identifier.
    /// - Returns: `false` for an identifier that is not watched.
    func hadEntry(_ identifier: String) -> Bool {
        added.withLock { $0.contains(identifier) }
    }

    var archiveAfterDays: Int { store.archiveAfterDays }

    var purgeAfterDays: Int { store.purgeAfterDays }

    func add(_ entries: [InboxEntry]) async throws {
        try await store.add(entries)
        let named = entries.lazy.map(\.identifier).filter(watched.contains)
        if !named.isEmpty { added.withLock { $0.formUnion(named) } }
    }

    func markRead(identifier: String, at instant: Date) async throws -> Int {
        try await store.markRead(identifier: identifier, at: instant)
    }

    func delete(identifier: String, at instant: Date) async throws -> Int {
        try await store.delete(identifier: identifier, at: instant)
    }

    func unreadCount(now: Date) async throws -> Int {
        try await store.unreadCount(now: now)
    }

    func totalCount(now: Date) async throws -> Int {
        try await store.totalCount(now: now)
    }

    func page(size: Int, after cursor: InboxCursor?, now: Date) async throws -> InboxPage {
        try await store.page(size: size, after: cursor, now: now)
    }

    func purgeArchived(now: Date) async throws -> Int {
        try await store.purgeArchived(now: now)
    }

    func eraseAll() async throws {
        try await store.eraseAll()
        added.withLock { $0.removeAll() }
    }
}
