/// A subcommand's flags read all at once, for commands whose flags need no order: `--flag value`,
/// `--flag=value`, `--switch`, and positional arguments (after `--`, everything is positional).
package struct Arguments {
    /// The positional arguments, in order.
    package private(set) var positional: [String] = []
    /// Each valued flag's value, by name without the dashes (the last one given wins).
    package private(set) var values: [String: String] = [:]
    /// The switches given, by name without the dashes.
    package private(set) var switches: Set<String> = []
    private let subcommand: String?

    /// Reads arguments.
    ///
    /// - Parameters:
    ///   - arguments: The arguments after the subcommand.
    ///   - valued: The flags that take a value, without the dashes.
    ///   - allowed: The flags that take none.
    ///   - subcommand: The subcommand, whose help a usage error points to.
    /// - Throws: ``UsageError`` for an unknown flag, a flag without its value, or a value given to a switch.
    package init(
        _ arguments: [String], valued: Set<String>, switches allowed: Set<String>, subcommand: String? = nil
    ) throws(UsageError) {
        self.subcommand = subcommand
        var reader = ArgumentReader(arguments, subcommand: subcommand)
        while let argument = reader.next() {
            guard argument.isFlag else {
                positional.append(argument.name)
                continue
            }
            let name = String(argument.name.dropFirst(2))
            if allowed.contains(name) {
                guard argument.inlineValue == nil else { throw reader.error("\(argument.name) takes no value") }
                switches.insert(name)
            } else if valued.contains(name) {
                values[name] = try reader.value(for: argument)
            } else {
                let known = valued.union(allowed).sorted().map { "--\($0)" }.joined(separator: ", ")
                throw reader.error("unknown option '\(argument.name)'; expected \(known.isEmpty ? "none" : known)")
            }
        }
    }

    /// A valued flag's value.
    ///
    /// - Parameter name: The flag, without the dashes.
    /// - Returns: Its value.
    /// - Throws: ``UsageError`` when it was not given.
    package func required(_ name: String) throws(UsageError) -> String {
        guard let value = values[name] else { throw UsageError("--\(name) is required", subcommand: subcommand) }
        return value
    }
}
