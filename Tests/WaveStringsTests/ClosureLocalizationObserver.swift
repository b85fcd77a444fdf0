import WaveStrings

/// A test observer that forwards each missing-key report to a closure, and each unusable table to another.
struct ClosureLocalizationObserver: LocalizationObserver {
    var onMissing: @Sendable (_ key: String, _ language: String, _ fallbackLanguage: String?) -> Void
    var onUnusable: @Sendable (_ language: String, _ error: StringsParseError) -> Void = { _, _ in }

    init(
        onUnusable: @escaping @Sendable (String, StringsParseError) -> Void = { _, _ in },
        onMissing: @escaping @Sendable (String, String, String?) -> Void
    ) {
        self.onMissing = onMissing
        self.onUnusable = onUnusable
    }

    func translationMissing(key: String, language: String, fallbackLanguage: String?) {
        onMissing(key, language, fallbackLanguage)
    }

    func tableUnusable(language: String, error: StringsParseError) {
        onUnusable(language, error)
    }
}
