internal import WaveJSON

extension ValueDecoder {
    /// An array whose elements are each decoded with `element`, with their positions; failed elements are left
    /// out (their problems are recorded), so the rest can still be checked.
    ///
    /// - Parameters:
    ///   - element: How to read one element; its path is `path[index]`.
    ///   - name: What the array is, for `expected an array of events, found an object`.
    ///   - emptyMessage: The problem to record for an empty array, or `nil` when empty is fine.
    ///   - uniqueKey: A key whose value must differ between elements, with how to read it from a decoded
    ///     element; a repeat is a problem at `path[index].key` (`duplicate id 'x', already used by events[0]`)
    ///     and that element is left out.
    static func enumeratedArray<Element>(
        of element: ValueDecoder<Element>, named name: String = "an array", emptyMessage: String? = nil,
        uniqueKey: (key: String, value: @Sendable (Element) -> String)? = nil
    ) -> ValueDecoder<[(offset: Int, element: Element)]> where Value == [(offset: Int, element: Element)] {
        ValueDecoder { value, path, diagnostics in
            guard case .array(let elements) = value else {
                diagnostics.problem(path, "expected \(name), found \(value.typeDescription)")
                return nil
            }
            if elements.isEmpty, let emptyMessage {
                diagnostics.problem(path, emptyMessage)
            }
            var decoded: [(offset: Int, element: Element)] = []
            var firstIndex: [String: Int] = [:]
            for (index, item) in elements.enumerated() {
                let elementPath = path.appending(index: index)
                guard let result = element.decode(item, elementPath, &diagnostics) else { continue }
                if let uniqueKey {
                    let value = uniqueKey.value(result)
                    if let first = firstIndex[value] {
                        diagnostics.problem(
                            elementPath.appending(key: uniqueKey.key),
                            "duplicate \(uniqueKey.key) '\(value)', already used by \(path.appending(index: first))")
                        continue
                    }
                    firstIndex[value] = index
                }
                decoded.append((index, result))
            }
            return decoded
        }
    }

    /// An array whose elements are each decoded with `element`; failed elements are left out.
    ///
    /// - Parameters:
    ///   - element: How to read one element.
    ///   - name: What the array is, for `expected an array of events, found an object`.
    ///   - emptyMessage: The problem to record for an empty array, or `nil` when empty is fine.
    ///   - uniqueKey: A key whose value must differ between elements (see ``enumeratedArray(of:named:emptyMessage:uniqueKey:)``).
    static func array<Element>(
        of element: ValueDecoder<Element>, named name: String = "an array", emptyMessage: String? = nil,
        uniqueKey: (key: String, value: @Sendable (Element) -> String)? = nil
    ) -> ValueDecoder<[Element]> where Value == [Element] {
        let enumerated = ValueDecoder<[(offset: Int, element: Element)]>.enumeratedArray(
            of: element, named: name, emptyMessage: emptyMessage, uniqueKey: uniqueKey)
        return ValueDecoder { value, path, diagnostics in
            enumerated.decode(value, path, &diagnostics)?.map(\.element)
        }
    }

    /// An object with a known set of keys, built by `build` from its fields (see ``ObjectDecoder``).
    ///
    /// - Parameters:
    ///   - keys: Every key the object may have; others are warned about and ignored.
    ///   - name: What the object is, for `expected an action object, found an array`.
    ///   - build: Reads the fields and returns the value, or `nil` when a needed field failed.
    static func object(
        keys: [String], named name: String = "an object",
        build: @escaping @Sendable (ObjectDecoder, inout DecodingDiagnostics) -> Value?
    ) -> ValueDecoder<Value> {
        ValueDecoder { value, path, diagnostics in
            guard let object = ObjectDecoder(value, at: path, keys: keys, named: name, diagnostics: &diagnostics)
            else { return nil }
            return build(object, &diagnostics)
        }
    }
}
