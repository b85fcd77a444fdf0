/// Receives the resolver's diagnostics, each reported once, instead of printing them.
///
/// Implementation requirements: return quickly and do not block; calls may come from any thread, never
/// while the resolver holds its lock, so calling back into the resolver is safe.
public protocol LocalizationObserver: Sendable {
    /// A key has no non-empty value in `language`; reported once per language and key.
    ///
    /// - Parameters:
    ///   - key: The missing key.
    ///   - language: The language the text was wanted in (the first table of the chain).
    ///   - fallbackLanguage: The table that supplied the text instead, or `nil` when the key itself is shown.
    func translationMissing(key: String, language: String, fallbackLanguage: String?)

    /// A language's table exists but cannot be used (unreadable, or a syntax error); reported once per language.
    ///
    /// The resolver treats such a table as empty and falls back along the chain.
    /// - Parameters:
    ///   - language: The table's language code.
    ///   - error: Where and why parsing failed.
    func tableUnusable(language: String, error: StringsParseError)
}
