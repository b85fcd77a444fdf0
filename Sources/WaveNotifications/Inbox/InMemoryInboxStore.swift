public import Foundation

/// The reference ``InboxStore``, in memory: for tests, previews and apps that keep no inbox across launches.
public final class InMemoryInboxStore: InboxStore {
    private struct Stored {
        var entry: InboxEntry
        var milliseconds: Int64
        var sequence: Int64
    }

    private struct State {
        /// Oldest first by (received milliseconds, sequence).
        var entries: [Stored] = []
        var nextSequence: Int64 = 1
    }

    public let archiveAfterDays: Int
    /// Entries received more than this many days before `now` are removed by ``purgeArchived(now:)``: at least
    /// ``archiveAfterDays``.
    public let purgeAfterDays: Int
    private let state = WaveLock(State())

    /// Creates an empty inbox.
    ///
    /// - Parameters:
    ///   - archiveAfterDays: Entries older than this many days are archived; 30 by default.
    ///   - purgeAfterDays: Entries older than this many days are removed by ``purgeArchived(now:)``, raised to
    ///     `archiveAfterDays` when less; `nil` for `archiveAfterDays` + ``InboxStore/purgeMarginDays``.
    public init(archiveAfterDays: Int = 30, purgeAfterDays: Int? = nil) {
        precondition(archiveAfterDays >= 0, "archiveAfterDays must not be negative")
        let purgeAfterDays = max(archiveAfterDays, purgeAfterDays ?? archiveAfterDays + Self.purgeMarginDays)
        self.archiveAfterDays = archiveAfterDays
        self.purgeAfterDays = purgeAfterDays
    }

    public func add(_ entries: [InboxEntry]) async throws {
        state.withLock { state in
            for entry in entries {
                let rounded = entry.roundedToMilliseconds
                let stored = Stored(
                    entry: rounded, milliseconds: rounded.receivedAt.millisecondsSince1970,
                    sequence: state.nextSequence)
                state.nextSequence += 1
                // The new sequence is the largest, so it goes after every entry of the same instant.
                let index = Self.firstIndex(in: state.entries) { $0.milliseconds > stored.milliseconds }
                state.entries.insert(stored, at: index)
            }
        }
    }

    @discardableResult
    public func markRead(identifier: String, at instant: Date) async throws -> Int {
        let rounded = Date(millisecondsSince1970: instant.millisecondsSince1970)
        return update(identifier: identifier) { $0.readAt = rounded }
    }

    @discardableResult
    public func delete(identifier: String, at instant: Date) async throws -> Int {
        let rounded = Date(millisecondsSince1970: instant.millisecondsSince1970)
        return update(identifier: identifier) { $0.deletedAt = rounded }
    }

    public func unreadCount(now: Date) async throws -> Int {
        let oldest = oldestVisible(now: now)
        return state.withLock { state in
            state.entries.reduce(0) {
                $0 + (Self.isVisible($1, oldest: oldest) && $1.entry.readAt == nil ? 1 : 0)
            }
        }
    }

    public func totalCount(now: Date) async throws -> Int {
        let oldest = oldestVisible(now: now)
        return state.withLock { state in
            state.entries.reduce(0) { $0 + (Self.isVisible($1, oldest: oldest) ? 1 : 0) }
        }
    }

    public func page(size: Int, after cursor: InboxCursor?, now: Date) async throws -> InboxPage {
        guard (1...InboxError.maximumPageSize).contains(size) else { throw InboxError.pageSizeOutOfRange(size) }
        let oldest = oldestVisible(now: now)
        return state.withLock { state in
            var index = state.entries.endIndex
            if let cursor {
                // Entries strictly before the cursor's position in (milliseconds, sequence) order.
                index = Self.firstIndex(in: state.entries) {
                    ($0.milliseconds, $0.sequence) >= (cursor.receivedAtMilliseconds, cursor.sequence)
                }
            }
            var items: [Stored] = []
            while index > state.entries.startIndex {
                index -= 1
                let stored = state.entries[index]
                guard Self.isVisible(stored, oldest: oldest) else { continue }
                if items.count == size {
                    let last = items[items.count - 1]
                    return InboxPage(
                        items: items.map(\.entry),
                        nextCursor: InboxCursor(receivedAtMilliseconds: last.milliseconds, sequence: last.sequence))
                }
                items.append(stored)
            }
            return InboxPage(items: items.map(\.entry), nextCursor: nil)
        }
    }

    @discardableResult
    public func purgeArchived(now: Date) async throws -> Int {
        let oldest = now.millisecondsSince1970 - Int64(purgeAfterDays) * 86_400_000
        return state.withLock { state in
            // Oldest first: the purged ones are a prefix.
            let count = Self.firstIndex(in: state.entries) { $0.milliseconds >= oldest }
            state.entries.removeFirst(count)
            return count
        }
    }

    public func eraseAll() async throws {
        state.withLock { $0.entries.removeAll() }
    }

    private func update(identifier: String, _ change: (inout InboxEntry) -> Void) -> Int {
        state.withLock { state in
            var count = 0
            for index in state.entries.indices
            where state.entries[index].entry.identifier == identifier && state.entries[index].entry.deletedAt == nil {
                change(&state.entries[index].entry)
                count += 1
            }
            return count
        }
    }

    /// The earliest received millisecond that is not archived at `now`.
    private func oldestVisible(now: Date) -> Int64 {
        InboxArchive.oldestVisible(now: now, archiveAfterDays: archiveAfterDays)
    }

    private static func isVisible(_ stored: Stored, oldest: Int64) -> Bool {
        stored.entry.deletedAt == nil && stored.milliseconds >= oldest
    }

    /// The first index whose element satisfies a predicate that is false, then true, along the array.
    private static func firstIndex(in entries: [Stored], where predicate: (Stored) -> Bool) -> Int {
        var low = entries.startIndex
        var high = entries.endIndex
        while low < high {
            let middle = (low + high) / 2
            if predicate(entries[middle]) {
                high = middle
            } else {
                low = middle + 1
            }
        }
        return low
    }
}
