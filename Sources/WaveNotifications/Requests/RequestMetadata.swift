/// A request's metadata as it is stored: up to two entries inline, more in a dictionary.
///
/// Most requests carry one or two entries (an event reminder's `eventID` and `trigger`); storing those inline saves a
/// dictionary allocation per request, about 200 bytes, and its hashing. The inline forms are normalized (entries
/// sorted by key) and a dictionary is used only from three entries on, so two equal metadata always have the same
/// form and the synthesized equality and hashing agree with a dictionary's. Coded as a dictionary.
struct RequestMetadata: Hashable, Sendable, Codable {
    private enum Storage: Hashable, Sendable {
        case empty
        case one(key: String, value: String)
        /// Sorted by key: `firstKey < secondKey`.
        case two(firstKey: String, firstValue: String, secondKey: String, secondValue: String)
        case many([String: String])
    }

    private let storage: Storage

    /// Metadata with the entries of `dictionary`.
    ///
    /// - Parameter dictionary: The entries.
    init(_ dictionary: [String: String]) {
        switch dictionary.count {
        case 0:
            self.init(storage: .empty)
        case 1:
            let (key, value) = dictionary.first!
            self.init(storage: .one(key: key, value: value))
        case 2:
            let entries = dictionary.sorted { $0.key < $1.key }
            self.init(entries[0].key, entries[0].value, entries[1].key, entries[1].value)
        default:
            self.init(storage: .many(dictionary))
        }
    }

    /// Metadata of two entries, without building a dictionary.
    ///
    /// - Parameters:
    ///   - key: One key.
    ///   - value: Its value.
    ///   - otherKey: Another key; when it equals `key`, the result holds one entry with `otherValue`.
    ///   - otherValue: Its value.
    init(_ key: String, _ value: String, _ otherKey: String, _ otherValue: String) {
        let storage: Storage =
            key == otherKey
            ? .one(key: key, value: otherValue)
            : key < otherKey
                ? .two(firstKey: key, firstValue: value, secondKey: otherKey, secondValue: otherValue)
                : .two(firstKey: otherKey, firstValue: otherValue, secondKey: key, secondValue: value)
        self.init(storage: storage)
    }

    private init(storage: Storage) {
        self.storage = storage
    }

    /// The entries as a dictionary.
    var dictionary: [String: String] {
        switch storage {
        case .empty: [:]
        case .one(let key, let value): [key: value]
        case .two(let firstKey, let firstValue, let secondKey, let secondValue):
            [firstKey: firstValue, secondKey: secondValue]
        case .many(let dictionary): dictionary
        }
    }

    /// The value for `key`, without building a dictionary.
    ///
    /// - Parameter key: The key.
    /// - Returns: Its value, or `nil`.
    func value(forKey key: String) -> String? {
        switch storage {
        case .empty: nil
        case .one(let onlyKey, let value): onlyKey == key ? value : nil
        case .two(let firstKey, let firstValue, let secondKey, let secondValue):
            firstKey == key ? firstValue : secondKey == key ? secondValue : nil
        case .many(let dictionary): dictionary[key]
        }
    }

    init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode([String: String].self))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(dictionary)
    }
}
