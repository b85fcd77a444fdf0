internal import WaveCommandLine
internal import WaveStrings

/// Writes the resolver's reports to standard error as warnings: each missing key once (per language and table), with
/// what the notification showed instead, and each strings table that cannot be parsed.
struct TranslationWarnings: LocalizationObserver {
    let errors: OutputChannel

    func translationMissing(_ missing: MissingTranslation) {
        errors.writeLine("wavesim: warning: text: \(missing)")
    }

    func tableUnusable(language: String, error: StringsParseError) {
        errors.writeLine(
            "wavesim: warning: text: the '\(language)' strings table is unusable, its texts fall back: \(error)")
    }
}
