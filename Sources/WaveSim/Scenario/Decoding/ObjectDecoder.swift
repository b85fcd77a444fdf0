internal import WaveJSON

/// A JSON object being read against the keys its format allows.
///
/// Creating one records, in file order, a warning for each unknown key (a problem when
/// ``DecodingDiagnostics/unknownKeysAreProblems``), with the nearest allowed key as a hint
/// (`did you mean 'favorite'?`), and a problem for each repeated key; fields are then read in the order
/// the format asks for them, so messages come out in a stable order.
///
/// Reading costs no allocation per member: the members stay in the parsed array (a field is the first member
/// with its key, which is the one kept when a key repeats), and a member's path is written out only when a
/// message names it.
struct ObjectDecoder {
    /// Where the object is, stored once for the paths of its members.
    private let prefix: JSONPath.Prefix
    /// The members in file order, unknown and repeated keys included.
    private let members: [(key: String, value: JSONValue)]
    /// Every key the object may have.
    private let keys: [String]

    /// Where the object is.
    var path: JSONPath { prefix.path }

    /// Opens `value` as an object, or records `expected <name>, found …` and returns `nil`.
    ///
    /// - Parameters:
    ///   - value: The value that should be an object.
    ///   - path: Where it is.
    ///   - keys: Every key the object may have.
    ///   - name: What the object is, for the type-mismatch message.
    ///   - diagnostics: Where warnings and problems go.
    init?(
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
        // The allowed keys already seen, by position in `keys`: bits for the first 64, an array past them.
        var seen: UInt64 = 0
        var seenPast64: [Bool] = []
        for (key, _) in pairs {
            guard let slot = keys.firstIndex(of: key) else {
                let hint = KeySuggestion.closest(to: key, in: keys).map { " (did you mean '\($0)'?)" } ?? ""
                if diagnostics.unknownKeysAreProblems {
                    diagnostics.problem(prefix.appending(key: key), "unknown key\(hint)")
                } else {
                    diagnostics.warning(prefix.appending(key: key), "unknown key, ignored\(hint)")
                }
                continue
            }
            let repeated: Bool
            if slot < 64 {
                repeated = seen & (1 << UInt64(slot)) != 0
                seen |= 1 << UInt64(slot)
            } else {
                if seenPast64.isEmpty { seenPast64 = Array(repeating: false, count: keys.count - 64) }
                repeated = seenPast64[slot - 64]
                seenPast64[slot - 64] = true
            }
            if repeated {
                diagnostics.problem(prefix.appending(key: key), "duplicate key; each key may appear once")
            }
        }
    }

    /// The value of the first member named `key`, when `key` is allowed.
    private func member(_ key: String) -> JSONValue? {
        // An index loop, so no member is copied (and retained) just to compare its key.
        var index = 0
        while index < members.count {
            if members[index].key == key {
                return keys.contains(key) ? members[index].value : nil
            }
            index += 1
        }
        return nil
    }

    /// Whether the object has `key` (an allowed one, first occurrence).
    func contains(_ key: String) -> Bool {
        member(key) != nil
    }

    /// Reads one field: its value when present and valid, its default when absent, else `nil` with a problem
    /// recorded (absent and required, or invalid).
    func decode<Value: Sendable>(_ field: Field<Value>, _ diagnostics: inout DecodingDiagnostics) -> Value? {
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
