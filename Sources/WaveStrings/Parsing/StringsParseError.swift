/// Why a `.strings` file could not be parsed, and where.
public struct StringsParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The name the file was parsed under.
    public var file: String
    /// The 1-based line of the problem.
    public var line: Int
    /// The 1-based column of the problem, counted in Unicode scalars.
    public var column: Int
    /// What the parser expected or found, for example `expected ';' after the value`.
    public var message: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - file: The file name.
    ///   - line: The 1-based line.
    ///   - column: The 1-based column.
    ///   - message: What was expected.
    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: message`, the form compilers and editors understand.
    public var description: String {
        "\(file):\(line):\(column): \(message)"
    }
}
