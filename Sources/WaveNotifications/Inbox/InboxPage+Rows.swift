extension InboxPage {
    /// How many rows a store reads for a page of `size` entries: one more than the page holds, the extra row only
    /// saying that more follow.
    ///
    /// - Parameter size: The page size.
    /// - Returns: The number of rows to read.
    package static func rowsToRead(forPageSize size: Int) -> Int {
        size + 1
    }

    /// The page of `size` entries cut from rows read newest first, up to ``rowsToRead(forPageSize:)`` of them: the
    /// first `size` entries, and the cursor of the last when the store found more.
    ///
    /// - Parameters:
    ///   - rows: The rows, newest first.
    ///   - size: The page size.
    package init(rows: [InboxRow], size: Int) {
        let kept = rows.prefix(size)
        self.init(
            items: kept.map(\.entry), nextCursor: rows.count > size && size > 0 ? kept.last?.cursor : nil)
    }
}
