/// Everything wrong with a scenario file: each problem with its JSON path, so all can be fixed in one go.
package struct ScenarioError: Error, Sendable, CustomStringConvertible {
    /// One problem at one place in the file.
    package struct Problem: Sendable, Hashable, CustomStringConvertible {
        /// The JSON path, like `events[2].start`; empty for the whole document.
        package var path: String
        /// What is wrong and what is expected.
        package var message: String

        /// Creates a problem.
        ///
        /// - Parameters:
        ///   - path: The JSON path, like `events[2].start`; empty for the whole document.
        ///   - message: What is wrong and what is expected.
        package init(path: String, message: String) {
            self.path = path
            self.message = message
        }

        package var description: String { path.isEmpty ? message : "\(path): \(message)" }
    }

    /// The most problems listed; the rest are counted.
    package static let maximumListed = 50

    /// The file the problems are in, as named on the command line.
    package var file: String
    /// The problems, in file order.
    package var problems: [Problem]
    /// Warnings found on the way (unknown keys), shown with the problems since a typo often explains one.
    package var warnings: [String] = []
    /// What the file is, as the first line names it: `scenario` (the default) or `configuration`.
    package var document = "scenario"

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - file: The file, as named on the command line.
    ///   - problems: The problems, in file order.
    ///   - document: What the file is: `scenario` or `configuration`.
    package init(file: String, problems: [Problem], document: String = "scenario") {
        self.file = file
        self.problems = problems
        self.document = document
    }

    package var description: String {
        var lines = ["\(file): invalid \(document) (\(problems.count) problem\(problems.count == 1 ? "" : "s")):"]
        for problem in problems.prefix(Self.maximumListed) {
            lines.append("  \(problem)")
        }
        if problems.count > Self.maximumListed {
            lines.append("  … and \(problems.count - Self.maximumListed) more")
        }
        return lines.joined(separator: "\n")
    }
}
