/// The inbox's counts at an instant, as the app's badge and the inbox screen show them.
public struct GrowBroInboxCounts: Hashable, Sendable {
    /// Entries not deleted and not archived.
    public var total: Int
    /// Entries not read, not deleted and not archived.
    public var unread: Int

    /// Creates counts.
    ///
    /// - Parameters:
    ///   - total: Entries not deleted and not archived.
    ///   - unread: Entries not read, not deleted and not archived.
    public init(total: Int, unread: Int) {
        self.total = total
        self.unread = unread
    }
}
