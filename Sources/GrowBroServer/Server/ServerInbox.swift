public import Foundation
public import WaveNotifications

/// One user's server inbox: the app's ``InboxStore`` rules (order, archive, keyset pages, counts, erase) kept in
/// the server's database, so an app syncing with it ends with the same entries.
///
/// Get one from ``PushServer/inbox(of:)``; its archive age is the user's setting when it was opened.
public final class ServerInbox: InboxStore {
    /// The user.
    public let userID: String
    /// Entries received more than this many days before `now` are archived: the user's setting.
    public let archiveAfterDays: Int
    private let store: any PushServerStore

    init(userID: String, archiveAfterDays: Int, store: any PushServerStore) {
        self.userID = userID
        self.archiveAfterDays = archiveAfterDays
        self.store = store
    }

    /// Adds entries in one transaction (see ``InboxStore/add(_:)``).
    public func add(_ entries: [InboxEntry]) throws {
        try store.addInboxEntries(entries, userID: userID)
    }

    /// Marks the user's entries with the identifier read (see ``InboxStore/markRead(identifier:at:)``).
    @discardableResult
    public func markRead(identifier: String, at instant: Date) throws -> Int {
        try store.markInboxEntries(identifier: identifier, userID: userID, deleting: false, at: instant)
    }

    /// Deletes the user's entries with the identifier (see ``InboxStore/delete(identifier:at:)``).
    @discardableResult
    public func delete(identifier: String, at instant: Date) throws -> Int {
        try store.markInboxEntries(identifier: identifier, userID: userID, deleting: true, at: instant)
    }

    /// The user's visible unread entries: the badge (see ``InboxStore/unreadCount(now:)``).
    public func unreadCount(now: Date) throws -> Int {
        try store.inboxCount(userID: userID, unreadOnly: true, receivedSince: oldestVisible(now: now))
    }

    /// The user's visible entries (see ``InboxStore/totalCount(now:)``).
    public func totalCount(now: Date) throws -> Int {
        try store.inboxCount(userID: userID, unreadOnly: false, receivedSince: oldestVisible(now: now))
    }

    /// One page of the user's visible entries, newest first (see ``InboxStore/page(size:after:now:)``).
    public func page(size: Int, after cursor: InboxCursor?, now: Date) throws -> InboxPage {
        guard (1...InboxError.maximumPageSize).contains(size) else { throw InboxError.pageSizeOutOfRange(size) }
        let rows = try store.inboxRows(
            userID: userID, after: cursor, receivedSince: oldestVisible(now: now),
            limit: InboxPage.rowsToRead(forPageSize: size))
        return InboxPage(rows: rows, size: size)
    }

    /// The first visible millisecond at `now`, by the user's archive age.
    private func oldestVisible(now: Date) -> Int64 {
        InboxArchive.oldestVisible(now: now, archiveAfterDays: archiveAfterDays)
    }

    /// Erases this user's notifications for good (the right to erasure), in one transaction: every inbox entry is
    /// deleted, every send's payload (which carries the texts' arguments) is blanked, and pending sends end
    /// `dropped` (`gdpr_erase`) unsent. Other users' data stays; token and engagement records, which hold no text,
    /// stay for the reports.
    ///
    /// - Parameter instant: When the erasure happens, the instant of each `dropped` decision.
    /// - Returns: A `dropped` decision (reason `gdpr_erase`) for each pending send it ended, in outbox order, so the
    ///   operator's log names every push the erasure cancelled.
    /// - Throws: ``PushStoreError`` when the store fails; nothing is erased then.
    @discardableResult
    public func eraseAll(at instant: Date) throws -> [DispatchDecision] {
        try store.eraseAll(userID: userID, droppedReason: DispatchReason.erased.description).map { send in
            DispatchDecision(
                kind: .dropped, at: instant, sendID: send.sendID, messageID: send.messageID,
                installationID: send.installationID, platform: send.platform, attempt: send.attempts, status: nil,
                reason: .erased)
        }
    }

    /// Erases this user's notifications for good, as ``eraseAll(at:)`` does (the inbox contract's call, which reports
    /// nothing; a server names each dropped send with ``eraseAll(at:)``).
    ///
    /// - Throws: ``PushStoreError`` when the store fails; nothing is erased then.
    public func eraseAll() throws {
        _ = try store.eraseAll(userID: userID, droppedReason: DispatchReason.erased.description)
    }
}
