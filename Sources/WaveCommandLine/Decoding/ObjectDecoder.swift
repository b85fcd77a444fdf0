package import WaveJSON

/// A JSON object being read against the keys its format allows.
///
/// Creating one records, in file order, a warning for each unknown key (a problem when
/// ``DecodingDiagnostics/unknownKeysAreProblems``), with the nearest allowed key as a hint
/// (`did you mean 'favorite'?`), and a problem for each repeated key; fields are then read in the order
/// the format asks for them, so messages come out in a stable order.
///
/// Reading allocates nothing per member: the members stay in the parsed array, a table inside the value keeps,
/// for each allowed key, where its first occurrence is, and a member's path is written out only when a
/// message names it.
package struct ObjectDecoder {
    /// Where the object is, stored once for the paths of its members.
    private let prefix: JSONPath.Prefix
    /// The members in file order, unknown and repeated keys included.
    private let members: [(key: String, value: JSONValue)]
    /// Every key the object may have.
    private let keys: [String]
    /// For each allowed key, by position in `keys`: the position in `members` of the key's first occurrence, or
    /// -1 when it is absent. (An array, not `InlineArray`: that needs macOS 26 / iOS 26, above the package's
    /// deployment targets.)
    private var firstMember: [Int]

    /// Where the object is.
    package var path: JSONPath { prefix.path }

    /// Opens `value` as an object, or records `expected <name>, found …` and returns `nil`.
    ///
    /// - Parameters:
    ///   - value: The value that should be an object.
    ///   - path: Where it is.
    ///   - keys: Every key the object may have.
    ///   - name: What the object is, for the type-mismatch message.
    ///   - diagnostics: Where warnings and problems go.
    package init?(
        _ value: JSONValue, at path: JSONPath, keys: [String], named name: String = "an object",
        diagnostics: inout DecodingDiagnostics
    ) {
        guard case .object(let pairs) = value else {
            diagnostics.problem(path, "expected \(name), found \(value.typeDescription)")
            return nil
        }
        prefix = JSONPath.Prefix(path)
        members = pairs
        self.keys = keys
        firstMember = Array(repeating: -1, count: keys.count)
        for (index, (key, _)) in pairs.enumerated() {
            guard let slot = keys.firstIndex(of: key) else {
                let hint = KeySuggestion.closest(to: key, in: keys).map { " (did you mean '\($0)'?)" } ?? ""
                if diagnostics.unknownKeysAreProblems {
                    diagnostics.problem(prefix.appending(key: key), "unknown key\(hint)")
                } else {
                    diagnostics.warning(prefix.appending(key: key), "unknown key, ignored\(hint)")
                }
                continue
            }
            guard memberIndex(slot) == nil else {
                diagnostics.problem(prefix.appending(key: key), "duplicate key; each key may appear once")
                continue
            }
            firstMember[slot] = index
        }
    }

    /// The position in `members` of the first occurrence of `keys[slot]`.
    private func memberIndex(_ slot: Int) -> Int? {
        firstMember[slot] < 0 ? nil : firstMember[slot]
    }

    /// The value of the first member named `key`, when `key` is allowed.
    private func member(_ key: String) -> JSONValue? {
        guard let slot = keys.firstIndex(of: key), let index = memberIndex(slot) else { return nil }
        return members[index].value
    }

    /// Whether the object has `key` (an allowed one, first occurrence).
    package func contains(_ key: String) -> Bool {
        member(key) != nil
    }

    /// Reads one field: its value when present and valid, its default when absent, else `nil` with a problem
    /// recorded (absent and required, or invalid).
    package func decode<Value: Sendable>(_ field: Field<Value>, _ diagnostics: inout DecodingDiagnostics) -> Value? {
        let fieldPath = prefix.appending(key: field.key)
        guard let value = member(field.key) else {
            switch field.absence {
            case .required(let message):
                diagnostics.problem(fieldPath, message)
                return nil
            case .optional:
                return nil
            case .defaulted(let defaultValue):
                return defaultValue
            }
        }
        return field.decoder.decode(value, fieldPath, &diagnostics)
    }
}
