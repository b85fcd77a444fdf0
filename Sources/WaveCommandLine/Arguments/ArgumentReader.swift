/// Walks command-line arguments in order, splitting `--flag=value` and taking values for flags; for commands whose
/// flags are read one at a time (``Arguments`` reads them all at once over it).
package struct ArgumentReader {
    /// One argument: a flag (with the value written after its `=`, if any) or a positional argument.
    package struct Argument {
        /// The argument as written, without an `=value` part.
        package var name: String
        /// The value written after `=` in `--flag=value`.
        package var inlineValue: String?
        /// Whether it came after `--`, where nothing is a flag.
        package var isAfterTerminator = false

        /// Whether it is a flag: it starts with `-`, is not `-` alone (standard input), and came before `--`.
        package var isFlag: Bool { !isAfterTerminator && name.hasPrefix("-") && name != "-" }
    }

    private var arguments: ArraySlice<String>
    private let subcommand: String?
    private var afterTerminator = false

    /// Creates a reader.
    ///
    /// - Parameters:
    ///   - arguments: The arguments after the subcommand.
    ///   - subcommand: The subcommand, whose help a usage error points to.
    package init(_ arguments: [String], subcommand: String?) {
        self.arguments = arguments[...]
        self.subcommand = subcommand
    }

    /// The next argument; `--` itself is skipped and ends the flags.
    ///
    /// - Returns: The argument, or `nil` at the end.
    package mutating func next() -> Argument? {
        guard let first = arguments.popFirst() else { return nil }
        if !afterTerminator && first == "--" {
            afterTerminator = true
            return next()
        }
        if afterTerminator {
            return Argument(name: first, inlineValue: nil, isAfterTerminator: true)
        }
        if first.hasPrefix("--"), let equals = first.firstIndex(of: "=") {
            return Argument(name: String(first[..<equals]), inlineValue: String(first[first.index(after: equals)...]))
        }
        return Argument(name: first, inlineValue: nil)
    }

    /// A flag's value: the part after its `=`, or the next argument.
    ///
    /// - Parameter argument: The flag.
    /// - Returns: The value.
    /// - Throws: ``UsageError`` when the arguments end first.
    package mutating func value(for argument: Argument) throws(UsageError) -> String {
        if let inline = argument.inlineValue { return inline }
        guard let value = arguments.popFirst() else { throw error("\(argument.name): missing value") }
        return value
    }

    /// A flag's value as one of a set of choices, compared without case.
    ///
    /// - Parameters:
    ///   - argument: The flag.
    ///   - type: The choices.
    /// - Returns: The choice.
    /// - Throws: ``UsageError`` naming the accepted values.
    package mutating func choice<Choice: RawRepresentable & CaseIterable>(
        for argument: Argument, _ type: Choice.Type
    ) throws(UsageError) -> Choice where Choice.RawValue == String {
        let value = try self.value(for: argument)
        guard let choice = Choice(rawValue: value.lowercased()) else {
            let accepted = Choice.allCases.map(\.rawValue).joined(separator: ", ")
            throw error("\(argument.name): '\(value)' is not one of: \(accepted)")
        }
        return choice
    }

    /// A usage error pointing to this subcommand's help.
    ///
    /// - Parameter message: What is wrong.
    /// - Returns: The error.
    package func error(_ message: String) -> UsageError {
        UsageError(message, subcommand: subcommand)
    }
}
