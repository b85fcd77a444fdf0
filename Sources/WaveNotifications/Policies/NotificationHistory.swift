/// The notifications shown so far, in the order they were shown: the memory policies consult.
public struct NotificationHistory: Hashable, Sendable, Codable {
    /// The shown notifications, oldest first.
    public var records: [ShownNotification]

    /// Creates a history.
    ///
    /// - Parameter records: The shown notifications, oldest first.
    public init(_ records: [ShownNotification] = []) {
        self.records = records
    }

    /// An empty history.
    public static let empty = NotificationHistory()

    /// Adds a shown notification.
    ///
    /// - Parameter record: The notification just shown.
    public mutating func append(_ record: ShownNotification) {
        records.append(record)
    }

    /// Whether a notification with this dedupe key was shown.
    ///
    /// - Parameter dedupeKey: The subject.
    /// - Returns: `true` when any record carries it.
    public func wasShown(dedupeKey: String) -> Bool {
        records.contains { $0.dedupeKey == dedupeKey }
    }

    /// Whether a notification with this identifier was shown.
    ///
    /// - Parameter identifier: The request identifier.
    /// - Returns: `true` when any record carries it.
    public func wasShown(identifier: String) -> Bool {
        records.contains { $0.identifier == identifier }
    }
}
