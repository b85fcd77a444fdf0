/// The outcome of linting a directory of translation tables.
public struct LintReport: Hashable, Sendable {
    /// The exit status for a lint that ran and found nothing.
    public static let cleanExitStatus: Int32 = 0
    /// The exit status for a lint that ran and found problems.
    public static let problemsExitStatus: Int32 = 1

    /// Every problem, sorted by file, line, column, key and message.
    public var problems: [LintProblem]
    /// The language codes linted (one per `.lproj` folder), sorted.
    public var languages: [String]
    /// The number of keys English defines in the `Notifications` table.
    public var keyCount: Int
    /// One entry per table English has, `Notifications` first, then by name.
    public var coverage: [TableCoverage]

    /// Creates a report; the problems are sorted.
    ///
    /// - Parameters:
    ///   - problems: The problems found, in any order.
    ///   - languages: The languages linted.
    ///   - keyCount: The number of English keys in the `Notifications` table.
    ///   - coverage: The languages each table has, one entry per table.
    public init(problems: [LintProblem], languages: [String], keyCount: Int, coverage: [TableCoverage] = []) {
        self.problems = problems.sorted()
        self.languages = languages
        self.keyCount = keyCount
        self.coverage = coverage
    }

    /// The number of languages linted.
    public var languageCount: Int { languages.count }

    /// Whether no problem was found.
    public var isClean: Bool { problems.isEmpty }

    /// The process exit status: 0 when clean, 1 when there are problems.
    public var exitStatus: Int32 { isClean ? Self.cleanExitStatus : Self.problemsExitStatus }

    /// One line per problem, in order.
    public var lines: [String] { problems.map(\.description) }

    /// One line per table, for example `GoNow: 2 of 34 languages, others fall back to en`.
    public var coverageLines: [String] { coverage.map(\.description) }

    /// A one-line summary such as `34 languages, 15 keys: no problems`.
    public var summary: String {
        let found =
            switch problems.count {
            case 0: "no problems"
            case 1: "1 problem"
            default: "\(problems.count) problems"
            }
        return "\(languages.count) languages, \(keyCount) keys: \(found)"
    }
}
