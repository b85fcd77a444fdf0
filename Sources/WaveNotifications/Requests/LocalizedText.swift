/// A text to show, as a localization key with arguments in a named table: never the final words.
///
/// Platforms resolve ``key`` in ``table`` (for example `Notifications.strings`) in the user's language when the
/// notification is shown, inserting ``arguments`` into the positional placeholders (`%1$@`, `%2$@`, …).
/// Arguments are shown to the user, so they must never carry private data that the text should not reveal.
public struct LocalizedText: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The table the key belongs to, without `.strings`: one table per app, such as `Notifications`.
    public var table: String
    /// The localization key.
    public var key: String
    /// The values of the positional placeholders, in placeholder order.
    public var arguments: [String]

    /// Creates a text.
    ///
    /// - Parameters:
    ///   - table: The table the key belongs to.
    ///   - key: The localization key.
    ///   - arguments: The placeholder values, in placeholder order.
    public init(table: String, key: String, arguments: [String] = []) {
        self.table = table
        self.key = key
        self.arguments = arguments
    }

    public var description: String {
        arguments.isEmpty ? "\(table):\(key)" : "\(table):\(key)(\(arguments.joined(separator: ", ")))"
    }
}
