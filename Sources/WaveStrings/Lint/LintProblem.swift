/// One problem the translation lint found, printed as `file:line: key: problem`.
public struct LintProblem: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The file, relative to the linted directory, for example `fr.lproj/Notifications.strings`.
    public var file: String
    /// The 1-based line, or `nil` when the problem has no place in the file (a missing key, a missing file).
    public var line: Int?
    /// The 1-based column; only syntax errors have one.
    public var column: Int?
    /// The key concerned, or `nil` for a problem with the whole file.
    public var key: String?
    /// What is wrong, for example `placeholders %2$@ differ from English's %1$@`.
    public var message: String

    /// Creates a problem.
    ///
    /// - Parameters:
    ///   - file: The file, relative to the linted directory.
    ///   - line: The 1-based line, if the problem has one.
    ///   - column: The 1-based column, if the problem has one.
    ///   - key: The key concerned, if any.
    ///   - message: What is wrong.
    public init(file: String, line: Int? = nil, column: Int? = nil, key: String? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.key = key
        self.message = message
    }

    /// `file:line: key: message`; the line, column and key parts are left out when absent
    /// (`fr.lproj/Notifications.strings: notification_1h_before: missing …`).
    public var description: String {
        var location = file
        if let line { location += ":\(line)" }
        if let column { location += ":\(column)" }
        if let key { return "\(location): \(key): \(message)" }
        return "\(location): \(message)"
    }

    /// Orders by file, then line (problems without a line first), column, key and message.
    public static func < (lhs: LintProblem, rhs: LintProblem) -> Bool {
        if lhs.file != rhs.file { return lhs.file < rhs.file }
        if lhs.line != rhs.line { return (lhs.line ?? 0) < (rhs.line ?? 0) }
        if lhs.column != rhs.column { return (lhs.column ?? 0) < (rhs.column ?? 0) }
        if lhs.key != rhs.key { return (lhs.key ?? "") < (rhs.key ?? "") }
        return lhs.message < rhs.message
    }
}
