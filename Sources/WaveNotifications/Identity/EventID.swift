/// The rule every event id must follow: 1 to 50 characters from `A–Z a–z 0–9 _ -`.
///
/// Ids become parts of platform request identifiers and deep links, so anything else is rejected
/// rather than escaped.
public enum EventID {
    /// The longest id accepted, in characters.
    public static let maximumLength = 50

    /// Checks that `id` is a valid event id.
    ///
    /// - Parameter id: The candidate id.
    /// - Throws: ``EventIDError`` saying what is wrong and where.
    public static func validate(_ id: String) throws(EventIDError) {
        var count = 0
        for scalar in id.unicodeScalars {
            guard isAllowed(scalar) else {
                throw .invalidCharacter(scalar, offset: count)
            }
            count += 1
            if count > maximumLength {
                throw .tooLong(length: id.unicodeScalars.count)
            }
        }
        if count == 0 {
            throw .empty
        }
    }

    /// Whether `id` is a valid event id.
    ///
    /// - Parameter id: The candidate id.
    /// - Returns: `true` when ``validate(_:)`` would not throw.
    public static func isValid(_ id: String) -> Bool {
        (try? validate(id)) != nil
    }

    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "A"..."Z", "a"..."z", "0"..."9", "_", "-": return true
        default: return false
        }
    }
}

/// Why an event id was rejected.
public enum EventIDError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The id is the empty string.
    case empty
    /// The id has more than ``EventID/maximumLength`` characters.
    case tooLong(length: Int)
    /// The id contains a character outside `A–Z a–z 0–9 _ -`, at the given offset (in Unicode scalars).
    case invalidCharacter(Unicode.Scalar, offset: Int)

    public var description: String {
        switch self {
        case .empty:
            return "event id is empty"
        case .tooLong(let length):
            return "event id has \(length) characters, more than the \(EventID.maximumLength) allowed"
        case .invalidCharacter(let scalar, let offset):
            let shown =
                scalar.properties.isWhitespace || scalar.value < 0x20 || scalar.value == 0x7F
                ? "U+\(String(scalar.value, radix: 16, uppercase: true))" : "'\(scalar)'"
            return "event id has \(shown) at offset \(offset); only A-Z, a-z, 0-9, '_' and '-' are allowed"
        }
    }
}
