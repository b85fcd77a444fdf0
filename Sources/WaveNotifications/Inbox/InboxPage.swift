/// One page of an inbox, newest first, and where the next page starts.
public struct InboxPage: Hashable, Sendable, Codable {
    /// Up to the page size of entries, not deleted and not archived, newest first.
    public var items: [InboxEntry]
    /// The cursor for the next page when more entries follow, else `nil`.
    public var nextCursor: InboxCursor?

    /// Creates a page.
    ///
    /// - Parameters:
    ///   - items: The entries.
    ///   - nextCursor: The cursor for the next page, if more follow.
    public init(items: [InboxEntry], nextCursor: InboxCursor?) {
        self.items = items
        self.nextCursor = nextCursor
    }
}
