/// One D-Bus value, as a method call's argument, a reply's or a signal's: the types the desktop sink and its tests
/// use, each carrying what its signature needs.
///
/// The D-Bus type system is richer (16- and 64-bit integers, doubles, file descriptors); the ones here are those a
/// freedesktop notification server sends and takes, plus what the bus's own methods return. A reply holding another
/// type fails to decode (``BusError/unsupportedType(_:)``) rather than being misread.
package indirect enum BusValue: Hashable, Sendable {
    /// `y`, an unsigned byte (the notification's `urgency` hint).
    case byte(UInt8)
    /// `b`, a boolean.
    case boolean(Bool)
    /// `i`, a signed 32-bit integer (the notification's `expire_timeout`).
    case int32(Int32)
    /// `u`, an unsigned 32-bit integer (a notification's id).
    case uint32(UInt32)
    /// `x`, a signed 64-bit integer.
    case int64(Int64)
    /// `t`, an unsigned 64-bit integer.
    case uint64(UInt64)
    /// `d`, a double.
    case double(Double)
    /// `s`, a UTF-8 string. D-Bus strings cannot hold U+0000; it is sent as U+FFFD.
    case string(String)
    /// `o`, an object path such as `/org/freedesktop/Notifications`.
    case objectPath(String)
    /// `a…`, an array whose elements all have `elementSignature` (which an empty array still needs).
    case array(elementSignature: String, [BusValue])
    /// `(…)`, a structure.
    case structure([BusValue])
    /// `{kv}`, one entry of a dictionary: an array of entries, such as the hints' `a{sv}`.
    case dictionaryEntry(key: BusValue, value: BusValue)
    /// `v`, a value that carries its own signature.
    case variant(BusValue)

    /// An `a{sv}` dictionary from string keys to variants, keys in the given order.
    ///
    /// - Parameter entries: The keys and the values, each sent as a variant.
    /// - Returns: The array of dictionary entries.
    package static func variantDictionary(_ entries: [(key: String, value: BusValue)]) -> BusValue {
        .array(
            elementSignature: "{sv}",
            entries.map { .dictionaryEntry(key: .string($0.key), value: .variant($0.value)) })
    }

    /// An `as` array of strings.
    ///
    /// - Parameter items: The strings.
    /// - Returns: The array.
    package static func stringArray(_ items: [String]) -> BusValue {
        .array(elementSignature: "s", items.map(BusValue.string))
    }

    /// The value's D-Bus type signature, for example `s`, `as` or `a{sv}`.
    package var signature: String {
        switch self {
        case .byte: "y"
        case .boolean: "b"
        case .int32: "i"
        case .uint32: "u"
        case .int64: "x"
        case .uint64: "t"
        case .double: "d"
        case .string: "s"
        case .objectPath: "o"
        case .array(let elementSignature, _): "a" + elementSignature
        case .structure(let members): "(" + members.map(\.signature).joined() + ")"
        case .dictionaryEntry(let key, let value): "{" + key.signature + value.signature + "}"
        case .variant: "v"
        }
    }

    /// The string, when this is a string (or an object path).
    package var stringValue: String? {
        switch self {
        case .string(let text), .objectPath(let text): text
        default: nil
        }
    }

    /// The number, when this is an unsigned 32-bit integer.
    package var uint32Value: UInt32? {
        if case .uint32(let number) = self { number } else { nil }
    }

    /// The strings, when this is an array of strings.
    package var stringArrayValue: [String]? {
        guard case .array("s", let items) = self else { return nil }
        return items.compactMap(\.stringValue)
    }
}
