import Testing
import WaveStrings

/// Language code normalization, aliases and fallback chains.
struct LanguageTagTests {
    @Test(arguments: [
        ("fr_CA.UTF-8", "fr-CA"), ("pt-br", "pt-BR"), ("PT_BR", "pt-BR"), ("zh-Hans", "zh"), ("zh_CN", "zh-CN"),
        ("zh-Hans-CN", "zh-CN"), ("zh_TW", "zh-Hant-TW"), ("zh-Hant", "zh-Hant"), ("tl", "fil"), ("TL_ph", "fil-PH"),
        ("fil", "fil"), ("iw", "he"), ("in", "id"), ("en_US.UTF-8@euro", "en-US"), ("sr-latn-rs", "sr-Latn-RS"),
        ("es-419", "es-419"), ("de-DE-1996", "de-DE"), (" ja ", "ja"),
    ])
    func normalizes(_ input: String, _ expected: String) {
        #expect(LanguageTag(input)?.description == expected)
    }

    @Test(arguments: ["", "C", "POSIX", "C.UTF-8", "posix", "e", "1x", "fr--CA", "fr_CA!"])
    func rejectsNoLanguageAndMalformedCodes(_ input: String) {
        #expect(LanguageTag(input) == nil)
    }

    @Test(arguments: [
        ("zh-Hant-TW", ["zh-Hant-TW", "zh-TW", "zh-Hant", "zh"]), ("pt-BR", ["pt-BR", "pt"]), ("fr", ["fr"]),
        ("zh-Hans", ["zh"]),
    ])
    func fallbackChainsGoFromSpecificToBare(_ input: String, _ chain: [String]) {
        #expect(LanguageTag(input)?.fallbackChain.map(\.description) == chain)
    }

    @Test(arguments: [("ar", true), ("fa", true), ("he", true), ("ur", true), ("fr", false), ("ja", false)])
    func knowsRightToLeftLanguages(_ code: String, _ rightToLeft: Bool) {
        #expect(LanguageTag(code)?.isRightToLeft == rightToLeft)
    }
}
