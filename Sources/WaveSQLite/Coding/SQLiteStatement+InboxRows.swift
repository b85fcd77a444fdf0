internal import Foundation
package import WaveNotifications

extension SQLiteStatement {
    /// Reads the inbox rows of this bound query, which selects `sequence, identifier, received_ms, channel_id, title,
    /// body, deep_link, read_ms`, newest first, limited to ``InboxPage/rowsToRead(forPageSize:)`` rows; the caller
    /// cuts the page from them with ``InboxPage/init(rows:size:)``.
    ///
    /// The app's inbox (the Linux adapter's) and GrowBro's server inbox read their rows this way, so both give the
    /// same pages and cursors for the same entries.
    ///
    /// - Parameter coding: How titles and bodies are stored.
    /// - Returns: The rows, in the query's order.
    /// - Throws: ``SQLiteError`` for a failing step or a damaged row.
    package func inboxRows(coding: LocalizedTextCoding) throws -> [InboxRow] {
        var rows: [InboxRow] = []
        while try step() {
            let receivedAt = int64(at: 2)
            rows.append(
                InboxRow(
                    cursor: InboxCursor(receivedAtMilliseconds: receivedAt, sequence: int64(at: 0)),
                    entry: InboxEntry(
                        identifier: text(at: 1), receivedAt: Date(millisecondsSince1970: receivedAt),
                        channelID: text(at: 3), title: try coding.decode(text(at: 4), path: path),
                        body: try coding.decode(text(at: 5), path: path), deepLink: text(at: 6),
                        readAt: optionalInt64(at: 7).map(Date.init(millisecondsSince1970:)))))
        }
        return rows
    }
}
