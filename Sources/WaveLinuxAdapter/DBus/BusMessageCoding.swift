internal import CDBus

/// Builds libdbus messages from ``BusValue``s and reads them back: the only code that touches a `DBusMessage`.
///
/// libdbus checks its arguments and, on a bad one (a name that is not a valid bus name, a string that is not
/// UTF-8, an array element of the wrong type), prints a warning and aborts the process by default. So everything is
/// validated here first, and a bad value becomes a ``BusError/invalidMessage(_:)`` thrown to the caller.
///
/// Every function that returns a message returns it with one reference, which the caller releases with
/// `dbus_message_unref`; the ones that take a message borrow it.
enum BusMessageCoding {
    /// A `METHOD_CALL` message with its arguments.
    ///
    /// - Parameter call: The call.
    /// - Returns: The message, owned by the caller.
    /// - Throws: ``BusError/invalidMessage(_:)`` for a bad name, path or value.
    static func message(for call: BusMethodCall) throws(BusError) -> OpaquePointer {
        try check(call.destination, "destination", valid: dbus_validate_bus_name)
        try check(call.path, "object path", valid: dbus_validate_path)
        try check(call.interface, "interface", valid: dbus_validate_interface)
        try check(call.member, "method", valid: dbus_validate_member)
        try validate(call.arguments)
        guard let message = dbus_message_new_method_call(call.destination, call.path, call.interface, call.member)
        else { throw .invalidMessage("out of memory") }
        return try appending(call.arguments, to: message)
    }

    /// A `SIGNAL` message with its values, to everyone whose match rules take it, or to `destination` alone.
    ///
    /// - Parameters:
    ///   - signal: The signal (its ``BusSignal/sender`` is set by the bus, not here).
    ///   - destination: A bus name to send it to alone, or `nil` to broadcast it.
    /// - Returns: The message, owned by the caller.
    /// - Throws: ``BusError/invalidMessage(_:)`` for a bad name, path or value.
    static func message(for signal: BusSignal, destination: String?) throws(BusError) -> OpaquePointer {
        try check(signal.path, "object path", valid: dbus_validate_path)
        try check(signal.interface, "interface", valid: dbus_validate_interface)
        try check(signal.member, "signal name", valid: dbus_validate_member)
        if let destination {
            try check(destination, "destination", valid: dbus_validate_bus_name)
        }
        try validate(signal.arguments)
        guard let message = dbus_message_new_signal(signal.path, signal.interface, signal.member) else {
            throw .invalidMessage("out of memory")
        }
        if let destination, dbus_message_set_destination(message, destination) == 0 {
            dbus_message_unref(message)
            throw .invalidMessage("out of memory")
        }
        return try appending(signal.arguments, to: message)
    }

    /// An `ERROR` reply to a method call that this connection does not serve, so its caller does not wait out
    /// its timeout.
    ///
    /// - Parameter call: The method call received.
    /// - Returns: The reply, owned by the caller, or `nil` when the caller asked for no reply.
    static func refusal(of call: OpaquePointer) -> OpaquePointer? {
        guard dbus_message_get_no_reply(call) == 0 else { return nil }
        return dbus_message_new_error(call, DBUS_ERROR_UNKNOWN_METHOD, "this connection serves no methods")
    }

    /// The values a message carries, in order.
    ///
    /// - Parameter message: A received message (borrowed).
    /// - Returns: Its arguments.
    /// - Throws: ``BusError/unsupportedType(_:)`` for a value ``BusValue`` does not represent.
    static func arguments(of message: OpaquePointer) throws(BusError) -> [BusValue] {
        try withIterator { iterator throws(BusError) in
            guard dbus_message_iter_init(message, iterator) != 0 else { return [] }
            return try readAll(iterator)
        }
    }

    /// A text field of a message (its interface, member, path, sender or error name), if it has one.
    ///
    /// - Parameter field: The libdbus getter, for example `dbus_message_get_member`.
    /// - Returns: The text, or `nil`.
    static func text(_ field: UnsafePointer<CChar>?) -> String? {
        field.map { String(cString: $0) }
    }

    // MARK: - Validation

    private static func check(
        _ name: String, _ what: String, valid: (UnsafePointer<CChar>?, UnsafeMutablePointer<DBusError>?) -> dbus_bool_t
    ) throws(BusError) {
        guard !name.utf8.contains(0), valid(name, nil) != 0 else {
            throw .invalidMessage("\(what) \"\(name)\" is not valid")
        }
    }

    /// Checks what libdbus would otherwise abort on: the signature as a whole, each array's elements against its
    /// element signature, each dictionary key's type, each variant's content, each object path.
    private static func validate(_ arguments: [BusValue]) throws(BusError) {
        let signature = arguments.map(\.signature).joined()
        guard dbus_signature_validate(signature, nil) != 0 else {
            throw .invalidMessage("signature \"\(signature)\" is not valid")
        }
        for argument in arguments {
            try validate(argument)
        }
    }

    private static func validate(_ value: BusValue) throws(BusError) {
        switch value {
        case .byte, .boolean, .int32, .uint32, .int64, .uint64, .double, .string:
            // Swift strings are valid UTF-8; U+0000, which D-Bus forbids, is replaced when appended.
            return
        case .objectPath(let path):
            try check(path, "object path", valid: dbus_validate_path)
        case .array(let elementSignature, let items):
            // The element signature itself was checked as part of the signature around it (the arguments', or a
            // variant's).
            for item in items {
                guard item.signature == elementSignature else {
                    throw .invalidMessage("an element \"\(item.signature)\" in an array of \"\(elementSignature)\"")
                }
                try validate(item)
            }
        case .structure(let members):
            for member in members {
                try validate(member)
            }
        case .dictionaryEntry(let key, let entryValue):
            guard key.signature.count == 1, key.signature != "v" else {
                throw .invalidMessage("a dictionary key must be of a basic type, not \"\(key.signature)\"")
            }
            try validate(key)
            try validate(entryValue)
        case .variant(let content):
            guard dbus_signature_validate_single(content.signature, nil) != 0 else {
                throw .invalidMessage("a variant cannot hold \"\(content.signature)\"")
            }
            try validate(content)
        }
    }

    // MARK: - Writing

    private static func appending(
        _ arguments: [BusValue], to message: OpaquePointer
    ) throws(BusError)
        -> OpaquePointer
    {
        let appended = withIterator { iterator in
            dbus_message_iter_init_append(message, iterator)
            return arguments.allSatisfy { append($0, to: iterator) }
        }
        guard appended else {
            dbus_message_unref(message)
            throw .invalidMessage("libdbus refused a value (out of memory, or a value it does not accept)")
        }
        return message
    }

    private static func append(_ value: BusValue, to iterator: UnsafeMutablePointer<DBusMessageIter>) -> Bool {
        switch value {
        case .byte(var number):
            return dbus_message_iter_append_basic(iterator, TypeCode.byte, &number) != 0
        case .boolean(let flag):
            var number: dbus_bool_t = flag ? 1 : 0
            return dbus_message_iter_append_basic(iterator, TypeCode.boolean, &number) != 0
        case .int32(var number):
            return dbus_message_iter_append_basic(iterator, TypeCode.int32, &number) != 0
        case .uint32(var number):
            return dbus_message_iter_append_basic(iterator, TypeCode.uint32, &number) != 0
        case .int64(var number):
            return dbus_message_iter_append_basic(iterator, TypeCode.int64, &number) != 0
        case .uint64(var number):
            return dbus_message_iter_append_basic(iterator, TypeCode.uint64, &number) != 0
        case .double(var number):
            return dbus_message_iter_append_basic(iterator, TypeCode.double, &number) != 0
        case .string(let text):
            return appendText(text, type: TypeCode.string, to: iterator)
        case .objectPath(let path):
            return appendText(path, type: TypeCode.objectPath, to: iterator)
        case .array(let elementSignature, let items):
            return appendContainer(TypeCode.array, signature: elementSignature, items, to: iterator)
        case .structure(let members):
            return appendContainer(TypeCode.structure, signature: nil, members, to: iterator)
        case .dictionaryEntry(let key, let entryValue):
            return appendContainer(TypeCode.dictionaryEntry, signature: nil, [key, entryValue], to: iterator)
        case .variant(let content):
            return appendContainer(TypeCode.variant, signature: content.signature, [content], to: iterator)
        }
    }

    private static func appendText(
        _ text: String, type: Int32, to iterator: UnsafeMutablePointer<DBusMessageIter>
    ) -> Bool {
        // A C string would end at U+0000; D-Bus forbids it anyway, so it becomes U+FFFD as in any lossy decode.
        let clean =
            text.utf8.contains(0)
            ? String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\u{0}" ? "\u{FFFD}" : $0 })) : text
        return clean.withCString { characters in
            var pointer: UnsafePointer<CChar>? = characters
            return dbus_message_iter_append_basic(iterator, type, &pointer) != 0
        }
    }

    private static func appendContainer(
        _ type: Int32, signature: String?, _ items: [BusValue], to iterator: UnsafeMutablePointer<DBusMessageIter>
    ) -> Bool {
        withIterator { container in
            guard dbus_message_iter_open_container(iterator, type, signature, container) != 0 else { return false }
            guard items.allSatisfy({ append($0, to: container) }) else {
                dbus_message_iter_abandon_container(iterator, container)
                return false
            }
            return dbus_message_iter_close_container(iterator, container) != 0
        }
    }

    // MARK: - Reading

    private static func readAll(_ iterator: UnsafeMutablePointer<DBusMessageIter>) throws(BusError) -> [BusValue] {
        var values: [BusValue] = []
        while dbus_message_iter_get_arg_type(iterator) != TypeCode.invalid {
            values.append(try read(iterator))
            dbus_message_iter_next(iterator)
        }
        return values
    }

    private static func read(_ iterator: UnsafeMutablePointer<DBusMessageIter>) throws(BusError) -> BusValue {
        let type = dbus_message_iter_get_arg_type(iterator)
        switch type {
        case TypeCode.byte: return .byte(basic(iterator, UInt8(0)))
        case TypeCode.boolean: return .boolean(basic(iterator, dbus_bool_t(0)) != 0)
        case TypeCode.int32: return .int32(basic(iterator, Int32(0)))
        case TypeCode.uint32: return .uint32(basic(iterator, UInt32(0)))
        case TypeCode.int64: return .int64(basic(iterator, Int64(0)))
        case TypeCode.uint64: return .uint64(basic(iterator, UInt64(0)))
        case TypeCode.double: return .double(basic(iterator, Double(0)))
        case TypeCode.string, TypeCode.objectPath:
            let pointer = basic(iterator, UnsafePointer<CChar>?.none)
            let text = pointer.map { String(cString: $0) } ?? ""
            return type == TypeCode.string ? .string(text) : .objectPath(text)
        case TypeCode.array:
            // The array's own signature is "a" followed by its element's, which an empty array needs too.
            guard let signature = dbus_message_iter_get_signature(iterator) else {
                throw .invalidMessage("out of memory")
            }
            let elementSignature = String(String(cString: signature).dropFirst())
            dbus_free(signature)
            return .array(elementSignature: elementSignature, try readContents(of: iterator))
        case TypeCode.structure:
            return .structure(try readContents(of: iterator))
        case TypeCode.dictionaryEntry:
            let pair = try readContents(of: iterator)
            guard pair.count == 2 else { throw .invalidMessage("a dictionary entry of \(pair.count) values") }
            return .dictionaryEntry(key: pair[0], value: pair[1])
        case TypeCode.variant:
            let content = try readContents(of: iterator)
            guard content.count == 1 else { throw .invalidMessage("a variant of \(content.count) values") }
            return .variant(content[0])
        default:
            // File descriptors among them: reading one would hand this process a descriptor to close.
            throw .unsupportedType(Character(Unicode.Scalar(UInt8(truncatingIfNeeded: type))))
        }
    }

    private static func readContents(
        of iterator: UnsafeMutablePointer<DBusMessageIter>
    ) throws(BusError)
        -> [BusValue]
    {
        try withIterator { contents throws(BusError) in
            dbus_message_iter_recurse(iterator, contents)
            return try readAll(contents)
        }
    }

    private static func basic<Value>(_ iterator: UnsafeMutablePointer<DBusMessageIter>, _ initial: Value) -> Value {
        var value = initial
        withUnsafeMutablePointer(to: &value) { dbus_message_iter_get_basic(iterator, $0) }
        return value
    }

    /// Runs `body` with an iterator at a fixed address, as libdbus's containers expect between open and close.
    private static func withIterator<Result, Failure: Error>(
        _ body: (UnsafeMutablePointer<DBusMessageIter>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let iterator = UnsafeMutablePointer<DBusMessageIter>.allocate(capacity: 1)
        iterator.initialize(to: DBusMessageIter())
        defer { iterator.deallocate() }
        return try body(iterator)
    }

    /// The D-Bus type codes, as libdbus's `DBUS_TYPE_*` (macros of a cast that Swift does not import).
    enum TypeCode {
        static let invalid: Int32 = 0
        static let byte = code("y")
        static let boolean = code("b")
        static let int32 = code("i")
        static let uint32 = code("u")
        static let int64 = code("x")
        static let uint64 = code("t")
        static let double = code("d")
        static let string = code("s")
        static let objectPath = code("o")
        static let array = code("a")
        static let structure = code("r")
        static let dictionaryEntry = code("e")
        static let variant = code("v")

        private static func code(_ letter: Unicode.Scalar) -> Int32 { Int32(letter.value) }
    }
}
