/// A normalized language code such as `fr`, `pt-BR` or `zh-Hant-TW`, parsed from BCP 47 or POSIX forms.
///
/// Parsing is case-insensitive and accepts `_` or `-` between parts; a POSIX encoding or modifier
/// (`.UTF-8`, `@euro`) is dropped, so `fr_CA.UTF-8` becomes `fr-CA`. `C` and `POSIX` are no language.
/// Legacy codes are mapped to today's: `tl` → `fil`, `iw` → `he`, `in` → `id`, `ji` → `yi`. Simplified
/// Chinese is plain `zh` (`zh-Hans` → `zh`, `zh-Hans-CN` → `zh-CN`); a Traditional Chinese region gains its
/// script (`zh-TW` → `zh-Hant-TW`) so it can find a `zh-Hant` table before falling back to `zh`.
public struct LanguageTag: Hashable, Sendable, CustomStringConvertible {
    /// The language subtag, lowercase (`pt`).
    public let language: String
    /// The script subtag, title case (`Hant`), if any.
    public let script: String?
    /// The region subtag, uppercase (`BR`) or three digits (`419`), if any.
    public let region: String?

    /// English, the language every chain ends with.
    public static let english = LanguageTag(language: "en", script: nil, region: nil)

    private static let aliases: [String: String] = ["tl": "fil", "iw": "he", "in": "id", "ji": "yi"]
    private static let traditionalChineseRegions: Set<String> = ["TW", "HK", "MO"]
    private static let rightToLeftLanguages: Set<String> = [
        "ar", "fa", "he", "ur", "ps", "yi", "sd", "ug", "ckb", "dv",
    ]

    /// Parses a language code.
    ///
    /// - Parameter text: A code such as `pt-br`, `fr_CA.UTF-8`, `zh-Hans` or `tl`.
    /// - Returns: The normalized tag, or `nil` for an empty string, `C`, `POSIX` or a malformed code.
    public init?(_ text: String) {
        var code = Substring(text.trimmingPrefixAndSuffixWhitespace())
        if let cut = code.firstIndex(where: { $0 == "." || $0 == "@" }) { code = code[..<cut] }
        let upper = code.uppercased()
        guard !code.isEmpty, upper != "C", upper != "POSIX" else { return nil }
        let parts = code.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "-" || $0 == "_" })
        guard let first = parts.first, (2...8).contains(first.count), first.allSatisfy(\.isASCIILetter) else {
            return nil
        }
        let language = first.lowercased()
        var script: String?
        var region: String?
        for part in parts.dropFirst() {
            if part.count == 4, part.allSatisfy(\.isASCIILetter), script == nil, region == nil {
                script = part.prefix(1).uppercased() + part.dropFirst().lowercased()
            } else if part.count == 2, part.allSatisfy(\.isASCIILetter), region == nil {
                region = part.uppercased()
            } else if part.count == 3, part.allSatisfy(\.isASCIIDigit), region == nil {
                region = String(part)
            } else if part.isEmpty || !part.allSatisfy({ $0.isASCIILetter || $0.isASCIIDigit }) {
                return nil
            }
            // Variants and extensions (`de-DE-1996`, `-u-ca-…`) do not pick a table; they are dropped.
        }
        self.init(canonicalLanguage: language, script: script, region: region)
    }

    /// Creates a tag from parts that are already well formed, applying the aliases above.
    private init(canonicalLanguage language: String, script: String?, region: String?) {
        let language = Self.aliases[language] ?? language
        var script = script
        if language == "zh" {
            if script == "Hans" {
                script = nil
            } else if script == nil, let region, Self.traditionalChineseRegions.contains(region) {
                script = "Hant"
            }
        }
        self.init(language: language, script: script, region: region)
    }

    private init(language: String, script: String?, region: String?) {
        self.language = language
        self.script = script
        self.region = region
    }

    /// The code, `language[-Script][-REGION]`, for example `pt-BR`.
    public var description: String {
        [language, script, region].compactMap { $0 }.joined(separator: "-")
    }

    /// This tag, then ever less specific ones, ending with the bare language: `zh-Hant-TW`, `zh-TW`, `zh-Hant`, `zh`.
    ///
    /// English is not appended; the resolver adds it as the last resort.
    public var fallbackChain: [LanguageTag] {
        var chain = [self]
        if let script, let region {
            chain.append(LanguageTag(language: language, script: nil, region: region))
            chain.append(LanguageTag(language: language, script: script, region: nil))
        }
        let bare = LanguageTag(language: language, script: nil, region: nil)
        if bare != self { chain.append(bare) }
        return chain
    }

    /// Whether text in this language runs right to left, so inserted arguments need bidi isolates.
    public var isRightToLeft: Bool {
        Self.rightToLeftLanguages.contains(language) || script == "Arab" || script == "Hebr"
    }
}

extension Character {
    fileprivate var isASCIILetter: Bool { isASCII && isLetter }
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

extension String {
    fileprivate func trimmingPrefixAndSuffixWhitespace() -> Substring {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map { index(after: $0) } ?? start
        return self[start..<end]
    }
}
