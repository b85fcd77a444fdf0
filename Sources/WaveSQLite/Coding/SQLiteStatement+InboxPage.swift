internal import Foundation
public import WaveNotifications

extension SQLiteStatement {
    /// Reads one inbox page from this bound query, which selects `sequence, identifier, received_ms, channel_id, title,
    /// body, deep_link, read_ms`, newest first, with `LIMIT size + 1`: the extra row only says that more follow.
    ///
    /// The app's inbox (the Linux adapter's) and GrowBro's server inbox read their pages this way, so both give the
    /// same pages and cursors for the same entries.
    ///
    /// - Parameters:
    ///   - size: The page size.
    ///   - coding: How titles and bodies are stored.
    /// - Returns: The page, with the cursor of its last entry when more follow.
    /// - Throws: ``SQLiteError`` for a failing step or a damaged row.
    public func inboxPage(size: Int, coding: LocalizedTextCoding) throws -> InboxPage {
        var items: [InboxEntry] = []
        var last: InboxCursor?
        while try step() {
            guard items.count < size else {
                return InboxPage(items: items, nextCursor: last)
            }
            let receivedAt = int64(at: 2)
            items.append(
                InboxEntry(
                    identifier: text(at: 1), receivedAt: Date(millisecondsSince1970: receivedAt),
                    channelID: text(at: 3), title: try coding.decode(text(at: 4), path: path),
                    body: try coding.decode(text(at: 5), path: path), deepLink: text(at: 6),
                    readAt: optionalInt64(at: 7).map(Date.init(millisecondsSince1970:))))
            last = InboxCursor(receivedAtMilliseconds: receivedAt, sequence: int64(at: 0))
        }
        return InboxPage(items: items, nextCursor: nil)
    }
}
