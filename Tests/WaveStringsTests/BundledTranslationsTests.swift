import Testing
import WaveNotifications
import WaveStrings

/// The 34 shipped tables: every language renders every key, and the lint finds nothing.
struct BundledTranslationsTests {
    /// The languages the issue requires, in its order.
    static let requiredLanguages = [
        "en", "es", "pt", "fr", "de", "it", "nl", "pl", "ro", "ru", "tr", "uk", "ar", "fa", "he", "ur", "am",
        "ha", "ig", "sw", "xh", "yo", "zu", "bn", "hi", "id", "ja", "ko", "ms", "pa", "th", "vi", "zh", "fil",
    ]

    /// The required languages and any other bundled one, so a newly added table is tested too.
    static let languages = Set(requiredLanguages).union(LocalizedStringResolver(environment: [:]).availableLanguages)
        .sorted()

    /// Sample arguments matching what each key's placeholders stand for.
    static func sampleArguments(for key: LocalizationKey) -> [String] {
        switch key {
        case .eventFinished: return ["Solstice Wave"]
        case .waveAtLocation: return ["Solstice Wave", "Paris"]
        default: return key.argumentCount == 1 ? ["Paris"] : []
        }
    }

    @Test func everyRequiredLanguageIsBundled() {
        let available = Set(LocalizedStringResolver(environment: [:]).availableLanguages)
        #expect(available.isSuperset(of: Self.requiredLanguages))
        #expect(Self.requiredLanguages.count == 34)
    }

    @Test(arguments: languages, LocalizationKey.allCases)
    func rendersEveryKeyInEveryLanguage(language: String, key: LocalizationKey) {
        let resolver = LocalizedStringResolver(language: language, environment: [:])
        #expect(resolver.resolution.language == language)
        #expect(!resolver.resolution.fellBackToDefault)

        let arguments = Self.sampleArguments(for: key)
        let text = resolver.string(forKey: key.rawValue, arguments: arguments)
        #expect(!text.isEmpty)
        #expect(text != key.rawValue)
        #expect(!text.contains("%"))
        for argument in arguments {
            #expect(text.contains(argument), "\(language) \(key.rawValue): \(text)")
        }
    }

    @Test(arguments: languages)
    func rendersAPayloadWithoutMissingKeys(language: String) async {
        await confirmation(expectedCount: 0) { missing in
            let resolver = LocalizedStringResolver(
                language: language, environment: [:], observer: ClosureLocalizationObserver { _, _, _ in missing() })
            let content = NotificationContent(
                titleKey: LocalizationKey.waveHitTitle.rawValue, bodyKey: LocalizationKey.waveAtLocation.rawValue,
                bodyArgs: ["Solstice Wave", "Paris"], deepLink: "worldwidewaves://event?id=paris")
            let text = resolver.render(content)
            #expect(text.locale == language)
            #expect(text.title == resolver.string(forKey: LocalizationKey.waveHitTitle.rawValue))
            #expect(text.body.contains("Solstice Wave") && text.body.contains("Paris"))
        }
    }

    @Test func lintOfTheBundledTablesIsClean() throws {
        let report = try TranslationLinter.lint()
        #expect(report.problems == [], "\n\(report.lines.joined(separator: "\n"))")
        #expect(report.exitStatus == 0)
        #expect(report.languages == Self.languages)
        #expect(report.keyCount == LocalizationKey.allCases.count)
    }
}
