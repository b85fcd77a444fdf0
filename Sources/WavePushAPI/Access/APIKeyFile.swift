package import WaveCommandLine
internal import WaveJSON

/// The key file of `wavepush serve` (docs/growbro-server.md, "The HTTP API"):
/// `{"keys": [{"name": "backend", "key": "…", "users": "all"}, {"name": "support", "key": "…", "users": ["u1"]}]}`.
///
/// A key is 32 to 256 printable ASCII characters without spaces (what fits an `Authorization` header); names and
/// keys are unique. No message about the file ever quotes a key: only its path in the file.
package enum APIKeyFile {
    /// The shortest key accepted, in characters.
    package static let minimumKeyLength = 32

    /// Reads a key file's bytes.
    ///
    /// - Parameters:
    ///   - bytes: The file's bytes.
    ///   - file: The file, as configured.
    /// - Returns: The keys, in file order.
    /// - Throws: ``ScenarioError`` listing every problem, each with its JSON path.
    package static func decode(_ bytes: [UInt8], file: String) throws(ScenarioError) -> [APIKey] {
        try document.decodeDocument(bytes, file: file, document: "key file")
    }

    private static let document = ValueDecoder<[APIKey]>.object(keys: ["keys"], named: "a key file object") {
        object, diagnostics in
        guard let keys = object.decode(.required("keys", .array(of: key)), &diagnostics) else { return nil }
        var names: Set<String> = []
        var secrets: Set<[UInt8]> = []
        for (index, key) in keys.enumerated() {
            let path = object.path.appending(key: "keys").appending(index: index)
            if !names.insert(key.name).inserted {
                diagnostics.problem(path.appending(key: "name"), "duplicate name; each key is named once")
            }
            if !secrets.insert(key.secret).inserted {
                diagnostics.problem(path.appending(key: "key"), "the same key as an earlier one; each key is unique")
            }
        }
        return keys
    }

    private static let key = ValueDecoder<APIKey>.object(keys: ["name", "key", "users"], named: "a key object") {
        object, diagnostics in
        let name = object.decode(.required("name", name), &diagnostics)
        let secret = object.decode(.required("key", secret), &diagnostics)
        let users = object.decode(.required("users", users), &diagnostics)
        guard let name, let secret, let users else { return nil }
        return APIKey(name: name, secret: secret, users: users)
    }

    private static let name = ValueDecoder<String>.string.map { text throws(DecodingMessage) in
        guard (1...64).contains(text.utf8.count),
            text.utf8.allSatisfy({ isWordByte($0) || $0 == UInt8(ascii: ".") })
        else { throw DecodingMessage("'\(text)' is not a name; expected 1 to 64 of A-Z a-z 0-9 _ - .") }
        return text
    }

    /// The secret, never quoted back.
    private static let secret = ValueDecoder<String>.string.map { text throws(DecodingMessage) in
        let bytes = Array(text.utf8)
        guard bytes.count >= minimumKeyLength, bytes.count <= 256 else {
            throw DecodingMessage("a key has \(minimumKeyLength) to 256 characters; this one has \(bytes.count)")
        }
        guard bytes.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw DecodingMessage("a key is printable ASCII without spaces (it travels in an Authorization header)")
        }
        return bytes
    }

    private static let users = ValueDecoder<APIKey.Users> { value, path, diagnostics in
        switch value {
        case .string("all"):
            return .all
        case .array:
            guard
                let ids = ValueDecoder<[String]>.array(of: .string, named: "an array of user ids").decode(
                    value, path, &diagnostics)
            else { return nil }
            guard !ids.isEmpty else {
                diagnostics.problem(path, "an empty list allows no user; list user ids or write \"all\"")
                return nil
            }
            return .only(Set(ids))
        default:
            diagnostics.problem(path, "expected \"all\" or an array of user ids, found \(value.typeDescription)")
            return nil
        }
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: "-")
    }
}
