/// Where a value sits in a JSON document, written as messages name it: `events[2].start`, empty for the root.
///
/// Keys are appended with a dot (none before the first) and array positions as `[n]`, 0-based; keys are
/// written as they are, without quoting, because messages are read by people who wrote the file.
///
/// A path is built lazily: appending a key or an index records the step, and the text is written only when
/// ``description`` is read, so a decoder can hand a path to every value it reads and pay for the text only
/// when it reports a problem. Two paths are equal when their texts are.
public struct JSONPath: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The whole document.
    public static let root = JSONPath("")

    /// The path this one extends, or `nil` for a path made from its text.
    private let parent: Node?
    /// The last step: the whole text when `parent` is `nil`, else a key or an index appended to `parent`.
    private let last: Step

    private enum Step: Sendable {
        case text(String)
        case key(String)
        case index(Int)
    }

    /// A path kept in one allocation, so the paths extending it share it instead of copying it.
    private final class Node: Sendable {
        let path: JSONPath

        init(_ path: JSONPath) {
            self.path = path
        }
    }

    /// Creates a path from its text.
    ///
    /// - Parameter text: The path as messages write it, for example `events[0].id`; empty for the root.
    public init(_ text: String) {
        parent = nil
        last = .text(text)
    }

    private init(parent: Node, last: Step) {
        self.parent = parent
        self.last = last
    }

    /// Creates a path from a literal, for example `"events"`.
    ///
    /// - Parameter value: The path's text.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The path as text, for example `actions[3].at`.
    public var description: String {
        var text = ""
        write(to: &text)
        return text
    }

    /// Whether this is the whole document (its text is empty).
    public var isRoot: Bool {
        switch last {
        case .text(let text): return text.isEmpty
        case .index: return false
        // A key appended to the root is the key alone, so it is empty only when the key is.
        case .key(let key): return key.isEmpty && parent!.path.isRoot
        }
    }

    /// The path of a member of the object at this path.
    ///
    /// - Parameter key: The member's key.
    /// - Returns: `key` at the root, else `path.key`.
    public func appending(key: String) -> JSONPath {
        Prefix(self).appending(key: key)
    }

    /// The path of an element of the array at this path.
    ///
    /// - Parameter index: The element's 0-based position.
    /// - Returns: `path[index]`.
    public func appending(index: Int) -> JSONPath {
        Prefix(self).appending(index: index)
    }

    /// Compares the paths' texts.
    ///
    /// - Parameters:
    ///   - lhs: A path.
    ///   - rhs: Another path.
    /// - Returns: Whether both are written the same.
    public static func == (lhs: JSONPath, rhs: JSONPath) -> Bool {
        lhs.description == rhs.description
    }

    /// Hashes the path's text.
    ///
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(description)
    }

    /// Appends this path's text to `text`, which holds exactly the text of ``parent`` when a step is written.
    private func write(to text: inout String) {
        parent?.path.write(to: &text)
        switch last {
        case .text(let whole):
            text += whole
        case .key(let key):
            if !text.isEmpty { text += "." }
            text += key
        case .index(let index):
            text += "["
            text += String(index)
            text += "]"
        }
    }

    /// A path stored once for the many paths of its members or elements: each ``appending(key:)`` or
    /// ``appending(index:)`` on a prefix shares it rather than storing it again.
    package struct Prefix: Sendable {
        private let node: Node

        /// Stores `path` for extending.
        ///
        /// - Parameter path: The object's or array's path.
        package init(_ path: JSONPath) {
            node = Node(path)
        }

        /// The stored path.
        package var path: JSONPath { node.path }

        /// The path of a member of the object at this path, as ``JSONPath/appending(key:)``.
        ///
        /// - Parameter key: The member's key.
        /// - Returns: `key` at the root, else `path.key`.
        package func appending(key: String) -> JSONPath {
            JSONPath(parent: node, last: .key(key))
        }

        /// The path of an element of the array at this path, as ``JSONPath/appending(index:)``.
        ///
        /// - Parameter index: The element's 0-based position.
        /// - Returns: `path[index]`.
        package func appending(index: Int) -> JSONPath {
            JSONPath(parent: node, last: .index(index))
        }
    }
}
