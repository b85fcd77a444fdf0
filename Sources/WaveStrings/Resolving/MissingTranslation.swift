/// A key that the wanted language's table lacks, and what was shown instead.
///
/// The resolver reports each once per language, table and key (``LocalizationObserver/translationMissing(_:)``):
/// a text in English where the English table has the key, else the key itself.
public struct MissingTranslation: Sendable, Hashable, CustomStringConvertible {
    /// The missing key, for example `reminder_title`.
    public var key: String
    /// The table the key was looked up in, without `.strings`, for example `Hydracat`.
    public var table: String
    /// The language the text was wanted in (the first language of the resolver's chain).
    public var language: String
    /// The language whose table supplied the text instead, or `nil` when no table has the key and the key is shown.
    public var fallbackLanguage: String?

    /// Creates a report.
    ///
    /// - Parameters:
    ///   - key: The missing key.
    ///   - table: The table's name.
    ///   - language: The language the text was wanted in.
    ///   - fallbackLanguage: The language shown instead, or `nil` when the key itself is shown.
    public init(key: String, table: String, language: String, fallbackLanguage: String?) {
        self.key = key
        self.table = table
        self.language = language
        self.fallbackLanguage = fallbackLanguage
    }

    /// One sentence for a log or a warning, for example "the key 'reminder_title' of table 'Hydracat' is missing
    /// in 'de'; shown in 'en'".
    public var description: String {
        let shown = fallbackLanguage.map { "shown in '\($0)'" } ?? "no table has it, so the key itself is shown"
        let wanted = fallbackLanguage == nil ? "" : " in '\(language)'"
        return "the key '\(key)' of table '\(table)' is missing\(wanted); \(shown)"
    }
}
