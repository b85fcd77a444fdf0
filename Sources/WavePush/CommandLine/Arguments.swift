/// A command line's flags (`--flag value`, `--flag=value`, `--switch`) and positional arguments.
struct Arguments {
    var positional: [String] = []
    var values: [String: String] = [:]
    var switches: Set<String> = []

    /// Reads arguments; `valued` flags take a value, `switches` do not.
    init(_ arguments: [String], valued: Set<String>, switches allowed: Set<String>) throws(UsageError) {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("--") else {
                positional.append(argument)
                continue
            }
            var name = String(argument.dropFirst(2))
            var value: String?
            if let equals = name.firstIndex(of: "=") {
                value = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if allowed.contains(name), value == nil {
                switches.insert(name)
            } else if valued.contains(name) {
                if value == nil {
                    guard index < arguments.count else { throw UsageError("--\(name) needs a value") }
                    value = arguments[index]
                    index += 1
                }
                values[name] = value
            } else {
                let known = (valued.union(allowed)).sorted().map { "--\($0)" }.joined(separator: ", ")
                throw UsageError("unknown flag --\(name); expected \(known.isEmpty ? "none" : known)")
            }
        }
    }

    func required(_ name: String) throws(UsageError) -> String {
        guard let value = values[name] else { throw UsageError("--\(name) is required") }
        return value
    }
}
