internal import Foundation
internal import WaveNotifications

/// GrowBro's inbox inside a replay: the ``InMemoryInboxStore`` rules, kept synchronously in the rules value.
///
/// The replay's rules are synchronous value types, and the core's ``InboxStore`` is asynchronous; blocking on it
/// from a synchronous method is not safe under strict concurrency, so this model keeps the same contract in
/// memory: entries ordered by (received millisecond, insertion sequence), newest first in pages, archived when
/// received more than 30 days before the current instant, keyset cursors that entries added later never shift
/// (the core's ``InboxCursor`` string form), read and delete on every entry with an identifier, and erase for good.
struct GrowBroReplayInbox: Sendable {
    /// A position in the newest-first order: a page continues with the entries strictly older than it.
    struct Position: Sendable, Hashable {
        var milliseconds: Int64
        var sequence: Int64

        /// The core's opaque cursor string for this position.
        var cursor: String {
            InboxCursor(receivedAtMilliseconds: milliseconds, sequence: sequence).description
        }
    }

    /// One page: the entries and where the page ended.
    struct Page: Sendable {
        /// Up to the page size of visible entries, newest first.
        var items: [InboxEntry]
        /// The position of the last item, or `nil` for an empty page.
        var last: Position?
        /// Whether more visible entries follow the last item.
        var hasMore: Bool
    }

    private struct Stored: Sendable {
        var entry: InboxEntry
        var position: Position
    }

    /// Entries received more than this many days before the current instant are archived.
    let archiveAfterDays = 30
    /// Oldest first by (received millisecond, sequence).
    private var entries: [Stored] = []
    private var nextSequence: Int64 = 1

    /// Adds an entry after every entry added before it.
    ///
    /// - Parameter entry: The entry.
    mutating func add(_ entry: InboxEntry) {
        let rounded = entry.roundedToMilliseconds
        let position = Position(milliseconds: rounded.receivedAt.millisecondsSince1970, sequence: nextSequence)
        nextSequence += 1
        let index = entries.firstIndex { $0.position.milliseconds > position.milliseconds } ?? entries.endIndex
        entries.insert(Stored(entry: rounded, position: position), at: index)
    }

    /// Marks every entry with the identifier read (or deleted) at an instant.
    ///
    /// - Parameters:
    ///   - identifier: The notification's identifier.
    ///   - instant: The action's instant.
    ///   - deletes: Whether the entries are deleted rather than read.
    /// - Returns: How many entries have the identifier; 0 means none yet and nothing changed.
    mutating func mark(_ identifier: String, at instant: Date, deletes: Bool) -> Int {
        let rounded = Date(millisecondsSince1970: instant.millisecondsSince1970)
        var count = 0
        for index in entries.indices where entries[index].entry.identifier == identifier {
            if deletes {
                entries[index].entry.deletedAt = rounded
            } else {
                entries[index].entry.readAt = rounded
            }
            count += 1
        }
        return count
    }

    /// Erases every entry for good.
    mutating func eraseAll() {
        entries.removeAll()
    }

    /// Visible entries (not deleted, not archived) at an instant.
    ///
    /// - Parameter now: The current instant.
    /// - Returns: The total and the unread count.
    func counts(now: Date) -> (total: Int, unread: Int) {
        let oldest = oldestVisible(now: now)
        let visible = entries.filter { isVisible($0, oldest: oldest) }
        return (visible.count, visible.filter { $0.entry.readAt == nil }.count)
    }

    /// Up to `size` visible entries, newest first, strictly after `position` when given.
    ///
    /// - Parameters:
    ///   - size: The page size, 1…100.
    ///   - position: Where the previous page ended, or `nil` for the first page.
    ///   - now: The current instant, which decides what is archived.
    /// - Returns: The page.
    func page(size: Int, after position: Position?, now: Date) -> Page {
        let oldest = oldestVisible(now: now)
        var items: [Stored] = []
        var hasMore = false
        for stored in entries.reversed() where isVisible(stored, oldest: oldest) {
            if let position,
                (stored.position.milliseconds, stored.position.sequence)
                    >= (position.milliseconds, position.sequence)
            {
                continue
            }
            if items.count == size {
                hasMore = true
                break
            }
            items.append(stored)
        }
        return Page(items: items.map(\.entry), last: items.last?.position, hasMore: hasMore)
    }

    private func oldestVisible(now: Date) -> Int64 {
        now.millisecondsSince1970 - Int64(archiveAfterDays) * 86_400_000
    }

    private func isVisible(_ stored: Stored, oldest: Int64) -> Bool {
        stored.entry.deletedAt == nil && stored.position.milliseconds >= oldest
    }
}
