public import Foundation

/// The notifications shown so far, in the order they were shown: the memory policies consult.
///
/// The identifiers, dedupe keys and cap keys are indexed, so ``wasShown(identifier:)`` and
/// ``wasShown(dedupeKey:)`` take constant time and ``wasShown(capKey:after:before:)`` logarithmic time however long
/// the history grows (a year of hourly check-ins is thousands of records, consulted for every candidate at every
/// reconcile).
public struct NotificationHistory: Hashable, Sendable, Codable {
    /// The shown notifications, oldest first.
    public var records: [ShownNotification] {
        get { storedRecords }
        set {
            storedRecords = newValue
            index = Index(newValue)
            appendedCount = newValue.count
        }
    }

    private var storedRecords: [ShownNotification]
    private var index: Index
    /// How many records were ever appended (or set): grows with every ``append(_:)`` and never shrinks when old
    /// records are forgotten (``removeRecords(shownBefore:)``), so a planner that keyed its last plan on the history
    /// tells a newer history from an older one even after a prune. Not part of equality or the saved form.
    package private(set) var appendedCount: Int

    /// Creates a history.
    ///
    /// - Parameter records: The shown notifications, oldest first.
    public init(_ records: [ShownNotification] = []) {
        storedRecords = records
        index = Index(records)
        appendedCount = records.count
    }

    /// An empty history.
    public static let empty = NotificationHistory()

    /// Adds a shown notification.
    ///
    /// - Parameter record: The notification just shown.
    public mutating func append(_ record: ShownNotification) {
        storedRecords.append(record)
        index.add(record)
        appendedCount += 1
    }

    /// Whether any record was shown before an instant (what ``removeRecords(shownBefore:)`` would remove).
    ///
    /// - Parameter cutoff: The instant.
    /// - Returns: `true` when a record's `shownAt` is earlier than `cutoff`.
    public func hasRecords(shownBefore cutoff: Date) -> Bool {
        storedRecords.contains { $0.shownAt < cutoff }
    }

    /// Forgets the records shown before an instant: a rule that never looks back that far decides the same without
    /// them, and the history stays as long as the rule's horizon however long the app runs (docs/core.md, "Bounded
    /// state").
    ///
    /// - Parameter cutoff: Records with `shownAt` earlier than this are removed; the others keep their order.
    public mutating func removeRecords(shownBefore cutoff: Date) {
        guard hasRecords(shownBefore: cutoff) else { return }
        storedRecords.removeAll { $0.shownAt < cutoff }
        index = Index(storedRecords)
    }

    /// Whether a notification with this dedupe key was shown.
    ///
    /// - Parameter dedupeKey: The subject.
    /// - Returns: `true` when any record carries it.
    public func wasShown(dedupeKey: String) -> Bool {
        index.dedupeKeys.contains(dedupeKey)
    }

    /// Whether a notification with this identifier was shown.
    ///
    /// - Parameter identifier: The request identifier.
    /// - Returns: `true` when any record has it.
    public func wasShown(identifier: String) -> Bool {
        index.identifiers.contains(identifier)
    }

    /// Whether a notification with this cap key was shown strictly between two instants.
    ///
    /// - Parameters:
    ///   - capKey: The cap group.
    ///   - start: The open interval's start: a notification shown exactly then does not count.
    ///   - end: The open interval's end: a notification shown exactly then does not count.
    /// - Returns: `true` when any record with the cap key was shown in (`start`, `end`).
    public func wasShown(capKey: String, after start: Date, before end: Date) -> Bool {
        guard let instants = index.shownAtByCapKey[capKey] else { return false }
        let first = Index.firstPosition(in: instants, after: start)
        return first < instants.count && instants[first] < end
    }

    /// The lookups over the records, rebuilt whenever ``records`` is set and extended by ``append(_:)``.
    private struct Index: Sendable {
        var identifiers: Set<String>
        var dedupeKeys: Set<String>
        /// The instants the records of each cap key were shown at, ascending.
        var shownAtByCapKey: [String: [Date]]

        init(_ records: [ShownNotification]) {
            identifiers = Set(records.map(\.identifier))
            dedupeKeys = Set(records.compactMap(\.dedupeKey))
            var byCapKey: [String: [Date]] = [:]
            for record in records {
                if let key = record.capKey { byCapKey[key, default: []].append(record.shownAt) }
            }
            // Records come in the order shown, so these are sorted already unless a caller wrote them otherwise.
            shownAtByCapKey = byCapKey.mapValues { $0.sorted() }
        }

        mutating func add(_ record: ShownNotification) {
            identifiers.insert(record.identifier)
            if let key = record.dedupeKey { dedupeKeys.insert(key) }
            if let key = record.capKey { Self.insert(record.shownAt, into: &shownAtByCapKey[key, default: []]) }
        }

        /// Inserts after every equal or earlier instant; a record appended as it is shown lands at the end.
        private static func insert(_ instant: Date, into instants: inout [Date]) {
            if let last = instants.last, last > instant {
                instants.insert(instant, at: firstPosition(in: instants, after: instant))
            } else {
                instants.append(instant)
            }
        }

        /// The position of the first instant later than `instant` (`instants.count` when there is none).
        static func firstPosition(in instants: [Date], after instant: Date) -> Int {
            var low = 0
            var high = instants.count
            while low < high {
                let middle = (low + high) / 2
                if instants[middle] > instant { high = middle } else { low = middle + 1 }
            }
            return low
        }
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
