/// Which translation table a language preference ended up using.
public struct LanguageResolution: Hashable, Sendable {
    /// What was asked for, and from where.
    public var preference: LanguagePreference
    /// The code of the first table of the fallback chain that exists, for example `pt` for `pt-BR`;
    /// `en` when nothing closer exists.
    public var language: String
    /// The tables consulted for each key, in order, for example `["pt", "en"]`.
    public var chain: [String]
    /// Whether a language was asked for but neither it nor its base language has a table, so English
    /// (or the bare key) is used instead; a command line asked for `--lang xx` warns when this is true.
    public var fellBackToDefault: Bool

    /// Creates a resolution.
    ///
    /// - Parameters:
    ///   - preference: What was asked for.
    ///   - language: The first available table's code.
    ///   - chain: The available tables in lookup order.
    ///   - fellBackToDefault: Whether the request could not be honoured.
    public init(preference: LanguagePreference, language: String, chain: [String], fellBackToDefault: Bool) {
        self.preference = preference
        self.language = language
        self.chain = chain
        self.fellBackToDefault = fellBackToDefault
    }
}
