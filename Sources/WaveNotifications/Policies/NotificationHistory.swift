/// The notifications shown so far, in the order they were shown: the memory policies consult.
///
/// The identifiers and dedupe keys are indexed, so ``wasShown(identifier:)`` and ``wasShown(dedupeKey:)`` take
/// constant time however long the history grows (a year of hourly check-ins is thousands of records, consulted
/// for every candidate at every reconcile).
public struct NotificationHistory: Hashable, Sendable, Codable {
    /// The shown notifications, oldest first.
    public var records: [ShownNotification] {
        get { storedRecords }
        set {
            storedRecords = newValue
            (identifiers, dedupeKeys) = Self.index(newValue)
        }
    }

    private var storedRecords: [ShownNotification]
    private var identifiers: Set<String>
    private var dedupeKeys: Set<String>

    /// Creates a history.
    ///
    /// - Parameter records: The shown notifications, oldest first.
    public init(_ records: [ShownNotification] = []) {
        storedRecords = records
        (identifiers, dedupeKeys) = Self.index(records)
    }

    /// An empty history.
    public static let empty = NotificationHistory()

    /// Adds a shown notification.
    ///
    /// - Parameter record: The notification just shown.
    public mutating func append(_ record: ShownNotification) {
        storedRecords.append(record)
        identifiers.insert(record.identifier)
        if let key = record.dedupeKey { dedupeKeys.insert(key) }
    }

    /// Whether a notification with this dedupe key was shown.
    ///
    /// - Parameter dedupeKey: The subject.
    /// - Returns: `true` when any record carries it.
    public func wasShown(dedupeKey: String) -> Bool {
        dedupeKeys.contains(dedupeKey)
    }

    /// Whether a notification with this identifier was shown.
    ///
    /// - Parameter identifier: The request identifier.
    /// - Returns: `true` when any record has it.
    public func wasShown(identifier: String) -> Bool {
        identifiers.contains(identifier)
    }

    private static func index(_ records: [ShownNotification]) -> (Set<String>, Set<String>) {
        (Set(records.map(\.identifier)), Set(records.compactMap(\.dedupeKey)))
    }

    // MARK: - Hashable and Codable: the records alone (the indexes follow from them)

    /// Two histories are equal when their records are, in order.
    public static func == (lhs: NotificationHistory, rhs: NotificationHistory) -> Bool {
        lhs.storedRecords == rhs.storedRecords
    }

    /// Hashes the records.
    ///
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(storedRecords)
    }

    private enum CodingKeys: String, CodingKey {
        case records
    }

    /// Decodes `{"records": [...]}`.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: The decoder's errors.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(try container.decode([ShownNotification].self, forKey: .records))
    }

    /// Encodes `{"records": [...]}`.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: The encoder's errors.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(storedRecords, forKey: .records)
    }
}
