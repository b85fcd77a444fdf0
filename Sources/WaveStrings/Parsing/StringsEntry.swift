/// One `"key" = "value";` pair of a `.strings` file, with where its key starts.
public struct StringsEntry: Hashable, Sendable {
    /// The key, escapes decoded.
    public var key: String
    /// The value, escapes decoded.
    public var value: String
    /// The 1-based line of the key's first character.
    public var line: Int
    /// The 1-based column (in Unicode scalars) of the key's first character.
    public var column: Int

    /// Creates an entry.
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - value: The value.
    ///   - line: The 1-based line of the key.
    ///   - column: The 1-based column of the key.
    public init(key: String, value: String, line: Int, column: Int) {
        self.key = key
        self.value = value
        self.line = line
        self.column = column
    }
}
