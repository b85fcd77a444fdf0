/// How many of the linted languages have their own file for one table; the others fall back to English.
public struct TableCoverage: Hashable, Sendable, CustomStringConvertible {
    /// The table's name, without `.strings`, for example `GoNow`.
    public var table: String
    /// The languages with a file for the table, English included, sorted.
    public var languages: [String]
    /// The number of languages linted.
    public var languageCount: Int

    /// Creates a coverage line.
    ///
    /// - Parameters:
    ///   - table: The table's name.
    ///   - languages: The languages with a file for it.
    ///   - languageCount: The number of languages linted.
    public init(table: String, languages: [String], languageCount: Int) {
        self.table = table
        self.languages = languages
        self.languageCount = languageCount
    }

    /// `GoNow: 2 of 34 languages, others fall back to en`, or `Notifications: 34 of 34 languages` when complete.
    public var description: String {
        let line = "\(table): \(languages.count) of \(languageCount) languages"
        return languages.count < languageCount ? line + ", others fall back to en" : line
    }
}
