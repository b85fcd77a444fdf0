/// A parsed JSON value that keeps object keys in file order (duplicates included) and numbers as written,
/// so a decoder can report unknown keys, duplicates and out-of-range numbers precisely.
public enum JSONValue: Equatable, Sendable {
    /// An object's members in file order, duplicate keys included.
    case object([(key: String, value: JSONValue)])
    /// An array's elements in order.
    case array([JSONValue])
    /// A string, escapes decoded.
    case string(String)
    /// A number exactly as written in the file.
    case number(String)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null

    /// Compares structurally; object members must match in order, duplicates included.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case (.array(let a), .array(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.bool(let a), .bool(let b)): return a == b
        case (.null, .null): return true
        default: return false
        }
    }

    /// The JSON type name, for messages such as "expected a string, found a number".
    public var typeDescription: String {
        switch self {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        }
    }

    /// The first member named `key` of an object, as a decoder peeks at a tag (`"type"`) before the rest.
    ///
    /// - Parameter key: The member's key.
    /// - Returns: The value of its first occurrence; `nil` when absent or when this is not an object.
    public func member(_ key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }
}
