internal import WaveJSON

/// A JSON object being read against the keys its format allows.
///
/// Creating one records, in file order, a warning for each unknown key (a problem when
/// ``DecodingDiagnostics/unknownKeysAreProblems``), with the nearest allowed key as a hint
/// (`did you mean 'favorite'?`), and a problem for each repeated key; fields are then read in the order
/// the format asks for them, so messages come out in a stable order.
struct ObjectDecoder {
    /// Where the object is.
    let path: JSONPath
    private var members: [String: JSONValue] = [:]

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
        self.path = path
        for (key, member) in pairs {
            let memberPath = path.appending(key: key)
            guard keys.contains(key) else {
                let hint = KeySuggestion.closest(to: key, in: keys).map { " (did you mean '\($0)'?)" } ?? ""
                if diagnostics.unknownKeysAreProblems {
                    diagnostics.problem(memberPath, "unknown key\(hint)")
                } else {
                    diagnostics.warning(memberPath, "unknown key, ignored\(hint)")
                }
                continue
            }
            guard members[key] == nil else {
                diagnostics.problem(memberPath, "duplicate key; each key may appear once")
                continue
            }
            members[key] = member
        }
    }

    /// Whether the object has `key` (an allowed one, first occurrence).
    func contains(_ key: String) -> Bool {
        members[key] != nil
    }

    /// Reads one field: its value when present and valid, its default when absent, else `nil` with a problem
    /// recorded (absent and required, or invalid).
    func decode<Value: Sendable>(_ field: Field<Value>, _ diagnostics: inout DecodingDiagnostics) -> Value? {
        let fieldPath = path.appending(key: field.key)
        guard let value = members[field.key] else {
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
