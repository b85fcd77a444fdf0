/// One inbox entry as a store read it, with its cursor: what a store returns for a page to be cut from.
package struct InboxRow: Sendable {
    /// The entry's place in the newest-first order (its received instant and insertion sequence).
    package let cursor: InboxCursor
    /// The entry.
    package let entry: InboxEntry

    /// Creates a row.
    ///
    /// - Parameters:
    ///   - cursor: The entry's place in the order.
    ///   - entry: The entry.
    package init(cursor: InboxCursor, entry: InboxEntry) {
        self.cursor = cursor
        self.entry = entry
    }
}
