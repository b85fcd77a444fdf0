internal import Foundation
internal import WaveCommandLine

/// Reads an output line's fields by name and type for ``AppTextTimeline``, remembering which were read so that
/// every other field can still be printed, as `key value` pairs.
///
/// A field of another type than asked for stays unread: the timeline then prints it as a pair rather than lose it.
struct AppTextFieldReader {
    private let fields: [(String, AppOutputLine.Value)]
    /// `at` is always taken: it is the line's prefix.
    private var read: Set<String> = ["at"]

    /// Creates a reader over a line's fields.
    ///
    /// - Parameter fields: The fields, in output order.
    init(_ fields: [(String, AppOutputLine.Value)]) {
        self.fields = fields
    }

    /// The fields not read yet, in output order.
    var rest: [(String, AppOutputLine.Value)] {
        fields.filter { !read.contains($0.0) }
    }

    /// Marks fields as read without using them (what the text leaves to the JSON Lines).
    ///
    /// - Parameter keys: The fields' names.
    mutating func skip(_ keys: String...) {
        read.formUnion(keys)
    }

    /// The value of a field, whatever its type, marking it read.
    ///
    /// - Parameter key: The field's name.
    /// - Returns: Its value, or `nil` when the line has no such field.
    mutating func value(_ key: String) -> AppOutputLine.Value? {
        guard let value = peek(key) else { return nil }
        read.insert(key)
        return value
    }

    /// A string field, marking it read.
    ///
    /// - Parameter key: The field's name.
    /// - Returns: Its text, or `nil` when it is missing or not a string.
    mutating func string(_ key: String) -> String? {
        guard case .string(let text) = peek(key) else { return nil }
        read.insert(key)
        return text
    }

    /// An integer field, marking it read.
    ///
    /// - Parameter key: The field's name.
    /// - Returns: Its number, or `nil` when it is missing or not an integer.
    mutating func integer(_ key: String) -> Int? {
        guard case .integer(let number) = peek(key) else { return nil }
        read.insert(key)
        return number
    }

    /// A Boolean field, marking it read.
    ///
    /// - Parameter key: The field's name.
    /// - Returns: Its value, or `nil` when it is missing or not a Boolean.
    mutating func bool(_ key: String) -> Bool? {
        guard case .bool(let flag) = peek(key) else { return nil }
        read.insert(key)
        return flag
    }

    /// An instant field, marking it read.
    ///
    /// - Parameter key: The field's name.
    /// - Returns: The instant, or `nil` when it is missing or not an instant.
    mutating func instant(_ key: String) -> Date? {
        guard case .instant(let at) = peek(key) else { return nil }
        read.insert(key)
        return at
    }

    private func peek(_ key: String) -> AppOutputLine.Value? {
        fields.first { $0.0 == key }?.1
    }
}
