public import WaveNotifications

/// The in-app inbox as the user pages, reads and deletes it: every push, reminder and digest that came due.
extension GrowBroNotificationService {
    /// The user read a notification in the inbox: every entry with the identifier is marked read now.
    ///
    /// - Parameters:
    ///   - identifier: The notification's identifier (`msg_<messageId>`, `task_<id>`, `overdue_<YYYY-MM-DD>`).
    ///   - device: The instant now.
    /// - Returns: How many entries have the identifier; 0 when none came due yet (nothing changed).
    /// - Throws: What the inbox throws.
    public func markRead(_ identifier: String, device: DeviceState) async throws -> Int {
        try await inTurn { try await inbox.markRead(identifier: identifier, at: device.now) }
    }

    /// The user deleted a notification from the inbox: every entry with the identifier is deleted now.
    ///
    /// - Parameters:
    ///   - identifier: The notification's identifier.
    ///   - device: The instant now.
    /// - Returns: How many entries have the identifier; 0 when none came due yet (nothing changed).
    /// - Throws: What the inbox throws.
    public func delete(_ identifier: String, device: DeviceState) async throws -> Int {
        try await inTurn { try await inbox.delete(identifier: identifier, at: device.now) }
    }

    /// The user asked for their data to be erased: every inbox entry is removed for good.
    ///
    /// - Throws: What the inbox throws.
    public func eraseInbox() async throws {
        try await inTurn { try await inbox.eraseAll() }
    }

    /// One page of the inbox, newest first; a continuing page starts after the last entry of the previous page
    /// (entries added since do not shift it).
    ///
    /// - Parameters:
    ///   - size: The most entries, 1…100.
    ///   - continuing: Whether the page continues the previous one; with no previous page, the first page.
    ///   - device: The instant now (30-day archive).
    /// - Returns: The entries, not deleted and not archived, and a cursor when more follow.
    /// - Throws: ``InboxError/pageSizeOutOfRange(_:)``, or what the inbox throws; the paging state is then unchanged.
    public func inboxPage(size: Int, continuing: Bool, device: DeviceState) async throws -> InboxPage {
        try await inTurn {
            let page: InboxPage
            switch (continuing, lastPage) {
            case (true, .end):
                page = InboxPage(items: [], nextCursor: nil)
            case (true, .more(let cursor)):
                page = try await inbox.page(size: size, after: cursor, now: device.now)
            default:
                page = try await inbox.page(size: size, after: nil, now: device.now)
            }
            lastPage = page.nextCursor.map { .more($0) } ?? .end
            return page
        }
    }

    /// The inbox's counts now.
    ///
    /// - Parameter device: The instant now (30-day archive).
    /// - Returns: Entries not deleted and not archived, and of them the unread ones.
    /// - Throws: What the inbox throws.
    public func inboxCounts(device: DeviceState) async throws -> GrowBroInboxCounts {
        try await inTurn {
            let total = try await inbox.totalCount(now: device.now)
            let unread = try await inbox.unreadCount(now: device.now)
            return GrowBroInboxCounts(total: total, unread: unread)
        }
    }
}
