public import Foundation

/// Keeps an app's inbox: every notification that came due, readable later, newest first, in pages.
///
/// Implementation requirements (the contract every conformer keeps, checked by the shared contract tests):
/// - **Order.** Entries are listed newest first by ``InboxEntry/receivedAt``; entries with equal instants are
///   listed in reverse order of ``add(_:)`` (the later added first). Instants are kept to the millisecond
///   (rounded to the nearest), so two entries in the same millisecond count as equal.
/// - **Visibility.** An entry is *archived* when it was received more than ``archiveAfterDays`` days before
///   the `now` the caller passes (`receivedAt < now - archiveAfterDays × 86,400 s`). Deleted and archived
///   entries are never listed and never counted; nothing else hides an entry. The store never reads a clock:
///   every instant comes from the caller.
/// - **Pages.** ``page(size:after:now:)`` returns up to `size` visible entries (1…100, else
///   ``InboxError/pageSizeOutOfRange(_:)``), and a ``InboxCursor`` exactly when more visible entries follow.
///   Passing that cursor back continues right after the page's last entry in the order: entries added since,
///   or read or deleted since, never shift it (keyset pagination, not offsets).
/// - **Read and delete** set ``InboxEntry/readAt`` or ``InboxEntry/deletedAt`` to the given instant on every
///   entry with the identifier the store still keeps (including entries already read, deleted or archived, until
///   purged) and return how many it keeps: 0 means none is kept (none was added, or every one was purged or
///   erased), and nothing changed.
/// - **Purge.** An archived entry is never listed or counted again at any later `now`, and nothing reads it back,
///   so a store may remove it for good: ``purgeArchived(now:)`` removes the entries received more than
///   ``purgeAfterDays`` days before `now` (at least ``archiveAfterDays``). The days between the two are the margin
///   for a per-user archive age raised later: an entry still kept shows again under the larger age. A store that
///   never purges (the default implementation) keeps the contract, not its bound.
/// - **Counts.** ``unreadCount(now:)`` counts visible entries not read; ``totalCount(now:)`` counts visible
///   entries.
/// - **Erase.** ``eraseAll()`` removes every entry for good (a user's right to erasure), not a soft delete.
/// - **Durability.** When a mutating call returns, its change is kept (for a persistent store, on disk), and
///   later calls see it.
public protocol InboxStore: Sendable {
    /// Entries received more than this many days before `now` are archived (30 unless configured).
    var archiveAfterDays: Int { get }

    /// Entries received more than this many days before `now` may be removed for good by ``purgeArchived(now:)``:
    /// at least ``archiveAfterDays`` (by default 30 days more than it).
    var purgeAfterDays: Int { get }

    /// Adds entries, in order: the later in the array counts as added later.
    ///
    /// - Parameter entries: The entries; their `readAt` and `deletedAt` are kept as given (normally `nil`).
    /// - Throws: When the store cannot keep them; then none was added.
    func add(_ entries: [InboxEntry]) async throws

    /// Marks every entry with an identifier read at an instant; a deleted entry is gone and stays as it was.
    ///
    /// - Parameters:
    ///   - identifier: The notification's identifier.
    ///   - instant: When the user read it.
    /// - Returns: How many entries not deleted have the identifier (0: none, or every one deleted; nothing changed).
    /// - Throws: When the store cannot keep the change.
    @discardableResult
    func markRead(identifier: String, at instant: Date) async throws -> Int

    /// Deletes every entry with an identifier at an instant; deleted entries are kept but never listed, counted or
    /// changed again (a second delete finds none).
    ///
    /// - Parameters:
    ///   - identifier: The notification's identifier.
    ///   - instant: When the user deleted it.
    /// - Returns: How many entries not yet deleted had the identifier (0: none, or every one deleted before; nothing
    ///   changed).
    /// - Throws: When the store cannot keep the change.
    @discardableResult
    func delete(identifier: String, at instant: Date) async throws -> Int

    /// Counts the visible entries not yet read.
    ///
    /// - Parameter now: The current instant, which decides what is archived.
    /// - Returns: Entries not read, not deleted, not archived.
    /// - Throws: When the store cannot be read.
    func unreadCount(now: Date) async throws -> Int

    /// Counts the visible entries.
    ///
    /// - Parameter now: The current instant, which decides what is archived.
    /// - Returns: Entries not deleted, not archived.
    /// - Throws: When the store cannot be read.
    func totalCount(now: Date) async throws -> Int

    /// One page of visible entries, newest first.
    ///
    /// - Parameters:
    ///   - size: The most entries to return, 1…100.
    ///   - cursor: `nil` for the first page, or the ``InboxPage/nextCursor`` of the previous page.
    ///   - now: The current instant, which decides what is archived.
    /// - Returns: The entries and, when more follow, the cursor for the next page.
    /// - Throws: ``InboxError/pageSizeOutOfRange(_:)``, or when the store cannot be read.
    func page(size: Int, after cursor: InboxCursor?, now: Date) async throws -> InboxPage

    /// Removes for good the entries received more than ``purgeAfterDays`` days before `now`, read, deleted or not:
    /// archived since long enough that no page, count or archive age within the margin shows them again.
    ///
    /// - Parameter now: The current instant (the caller's clock, as for pages and counts).
    /// - Returns: How many entries were removed.
    /// - Throws: When the store cannot keep the change.
    @discardableResult
    func purgeArchived(now: Date) async throws -> Int

    /// Removes every entry for good.
    ///
    /// - Throws: When the store cannot keep the change.
    func eraseAll() async throws
}

extension InboxStore {
    /// ``archiveAfterDays`` and the margin for an archive age raised later: 30 days.
    public var purgeAfterDays: Int { archiveAfterDays + Self.purgeMarginDays }

    /// How many days longer than its archive age a store keeps entries by default: a user's archive age raised by up
    /// to this much (30 to 60 days) shows every entry again.
    public static var purgeMarginDays: Int { 30 }

    /// Keeps every entry: a store that does not purge still keeps the contract.
    ///
    /// - Parameter now: The current instant.
    /// - Returns: 0.
    @discardableResult
    public func purgeArchived(now: Date) async throws -> Int { 0 }

    /// Adds one entry.
    ///
    /// - Parameter entry: The entry.
    /// - Throws: When the store cannot keep it.
    public func add(_ entry: InboxEntry) async throws {
        try await add([entry])
    }
}
