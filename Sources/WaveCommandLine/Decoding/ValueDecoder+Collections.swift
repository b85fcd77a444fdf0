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
    package static func enumeratedArray<Element>(
        of element: ValueDecoder<Element>, named name: String = "an array", emptyMessage: String? = nil,
        uniqueKey: (key: String, value: @Sendable (Element) -> String)? = nil
    ) -> ValueDecoder<[(offset: Int, element: Element)]> where Value == [(offset: Int, element: Element)] {
        ValueDecoder { value, path, diagnostics in
            var decoded: [(offset: Int, element: Element)] = []
            let isArray = ValueDecoderArrays.forEach(
                in: value, at: path, of: element, named: name, emptyMessage: emptyMessage, uniqueKey: uniqueKey,
                &diagnostics
            ) { count in
                decoded.reserveCapacity(count)
            } accept: { index, element in
                decoded.append((index, element))
            }
            return isArray ? decoded : nil
        }
    }

    /// An array whose elements are each decoded with `element`; failed elements are left out.
    ///
    /// - Parameters:
    ///   - element: How to read one element.
    ///   - name: What the array is, for `expected an array of events, found an object`.
    ///   - emptyMessage: The problem to record for an empty array, or `nil` when empty is fine.
    ///   - uniqueKey: A key whose value must differ between elements (see ``enumeratedArray(of:named:emptyMessage:uniqueKey:)``).
    package static func array<Element>(
        of element: ValueDecoder<Element>, named name: String = "an array", emptyMessage: String? = nil,
        uniqueKey: (key: String, value: @Sendable (Element) -> String)? = nil
    ) -> ValueDecoder<[Element]> where Value == [Element] {
        ValueDecoder { value, path, diagnostics in
            var decoded: [Element] = []
            let isArray = ValueDecoderArrays.forEach(
                in: value, at: path, of: element, named: name, emptyMessage: emptyMessage, uniqueKey: uniqueKey,
                &diagnostics
            ) { count in
                decoded.reserveCapacity(count)
            } accept: { _, element in
                decoded.append(element)
            }
            return isArray ? decoded : nil
        }
    }

    /// An object with a known set of keys, built by `build` from its fields (see ``ObjectDecoder``).
    ///
    /// - Parameters:
    ///   - keys: Every key the object may have; others are warned about and ignored.
    ///   - name: What the object is, for `expected an action object, found an array`.
    ///   - build: Reads the fields and returns the value, or `nil` when a needed field failed.
    package static func object(
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

/// The loop both array decoders share.
private enum ValueDecoderArrays {
    /// Decodes each element of the array `value` and hands the ones that pass to `accept` with their positions.
    ///
    /// - Parameters:
    ///   - value: The value that should be an array.
    ///   - path: Where it is.
    ///   - element: How to read one element; its path is `path[index]`.
    ///   - name: What the array is, for the type-mismatch message.
    ///   - emptyMessage: The problem to record for an empty array, or `nil` when empty is fine.
    ///   - uniqueKey: A key whose value must differ between elements.
    ///   - diagnostics: Where problems go.
    ///   - prepare: Called once with the number of elements before any is accepted.
    ///   - accept: Called with each element that decoded and is not a repeat, in order.
    /// - Returns: `false` (with the problem recorded) when `value` is not an array.
    package static func forEach<Element>(
        in value: JSONValue, at path: JSONPath, of element: ValueDecoder<Element>, named name: String,
        emptyMessage: String?, uniqueKey: (key: String, value: @Sendable (Element) -> String)?,
        _ diagnostics: inout DecodingDiagnostics, prepare: (Int) -> Void, accept: (Int, Element) -> Void
    ) -> Bool {
        guard case .array(let elements) = value else {
            diagnostics.problem(path, "expected \(name), found \(value.typeDescription)")
            return false
        }
        if elements.isEmpty, let emptyMessage {
            diagnostics.problem(path, emptyMessage)
        }
        prepare(elements.count)
        let prefix = JSONPath.Prefix(path)
        var firstIndex: [String: Int] = [:]
        if uniqueKey != nil { firstIndex.reserveCapacity(elements.count) }
        for (index, item) in elements.enumerated() {
            let elementPath = prefix.appending(index: index)
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
            accept(index, result)
        }
        return true
    }
}
