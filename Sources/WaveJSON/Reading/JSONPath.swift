/// Where a value sits in a JSON document, written as messages name it: `events[2].start`, empty for the root.
///
/// Keys are appended with a dot (none before the first) and array positions as `[n]`, 0-based; keys are
/// written as they are, without quoting, because messages are read by people who wrote the file.
public struct JSONPath: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The whole document.
    public static let root = JSONPath("")

    /// The path as text, for example `actions[3].at`.
    public let description: String

    /// Creates a path from its text.
    ///
    /// - Parameter text: The path as messages write it, for example `events[0].id`; empty for the root.
    public init(_ text: String) {
        description = text
    }

    /// Creates a path from a literal, for example `"events"`.
    ///
    /// - Parameter value: The path's text.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// Whether this is the whole document.
    public var isRoot: Bool { description.isEmpty }

    /// The path of a member of the object at this path.
    ///
    /// - Parameter key: The member's key.
    /// - Returns: `key` at the root, else `path.key`.
    public func appending(key: String) -> JSONPath {
        JSONPath(isRoot ? key : "\(description).\(key)")
    }

    /// The path of an element of the array at this path.
    ///
    /// - Parameter index: The element's 0-based position.
    /// - Returns: `path[index]`.
    public func appending(index: Int) -> JSONPath {
        JSONPath("\(description)[\(index)]")
    }
}
