/// A private value (a medication name, a dose) that never shows up in a description, a mirror, or an error.
///
/// `description`, `debugDescription` and the mirror all read `<private>`; only ``value`` gives the text. It encodes
/// and decodes as a plain JSON string, so settings files keep their shape.
public struct PrivateText: Hashable, Sendable, Codable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable, ExpressibleByStringLiteral
{
    /// What every description of a private value prints.
    public static let placeholder = "<private>"

    /// The private text itself; never put it in a notification, a link, a log line or an error.
    public var value: String

    /// Wraps a private text.
    ///
    /// - Parameter value: The text to keep private.
    public init(_ value: String) {
        self.value = value
    }

    /// Wraps a literal private text (tests and examples).
    ///
    /// - Parameter value: The text to keep private.
    public init(stringLiteral value: String) {
        self.value = value
    }

    public init(from decoder: any Decoder) throws {
        value = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }

    /// Always ``placeholder``: the value is never described.
    public var description: String { Self.placeholder }

    /// Always ``placeholder``: the value is never described.
    public var debugDescription: String { Self.placeholder }

    /// A mirror with no children, so `dump` and reflection show nothing private.
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
