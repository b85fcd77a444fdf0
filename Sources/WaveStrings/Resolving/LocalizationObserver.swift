/// Receives the resolver's diagnostics, each reported once, instead of printing them.
///
/// Implementation requirements: return quickly and do not block; calls may come from any thread, never
/// while the resolver holds its lock, so calling back into the resolver is safe. Implement
/// ``translationMissing(_:)``, which names the table; the older ``translationMissing(key:language:fallbackLanguage:)``
/// is what its default implementation calls, so an observer written against it keeps working.
public protocol LocalizationObserver: Sendable {
    /// A key has no non-empty value in the wanted language's table; reported once per language, table and key.
    ///
    /// A language without any file for the table is not reported: the whole table falls back by design.
    /// - Parameter missing: The key, its table, the language wanted and the one shown instead.
    func translationMissing(_ missing: MissingTranslation)

    /// A key has no non-empty value in `language`; the form without the table, called by the default
    /// ``translationMissing(_:)``.
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

extension LocalizationObserver {
    /// Passes the report on without its table, to ``translationMissing(key:language:fallbackLanguage:)``.
    ///
    /// - Parameter missing: The key, its table, the language wanted and the one shown instead.
    public func translationMissing(_ missing: MissingTranslation) {
        translationMissing(key: missing.key, language: missing.language, fallbackLanguage: missing.fallbackLanguage)
    }

    /// Ignores the report; an observer that implements ``translationMissing(_:)`` needs nothing else.
    ///
    /// - Parameters:
    ///   - key: The missing key.
    ///   - language: The language the text was wanted in.
    ///   - fallbackLanguage: The language shown instead, or `nil`.
    public func translationMissing(key: String, language: String, fallbackLanguage: String?) {}
}
