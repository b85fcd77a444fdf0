import Foundation
import Testing
import WaveNotifications
import WaveStrings

/// The resolver: language choice, fallback chain, literal substitution, bidi isolation, reporting.
struct LocalizedStringResolverTests {
    static let consumerTables = LintFixtures.directory("ConsumerTables")

    static func content(_ bodyKey: LocalizationKey, _ arguments: [String]) -> NotificationContent {
        NotificationContent(
            titleKey: LocalizationKey.eventStartingTitle.rawValue, bodyKey: bodyKey.rawValue, bodyArgs: arguments,
            deepLink: "worldwidewaves://event?id=paris")
    }

    // MARK: Fallback chain

    @Test func fallsBackFromRegionToLanguageToEnglishToTheKey() {
        let resolver = LocalizedStringResolver(directory: Self.consumerTables, language: "pt_BR", environment: [:])
        #expect(resolver.resolution.chain == ["pt-BR", "pt", "en"])
        #expect(resolver.resolution.language == "pt-BR")
        #expect(resolver.string(forKey: "greeting", arguments: ["Ana"]) == "Oi Ana")
        #expect(resolver.string(forKey: "only_pt") == "Só em português")
        #expect(resolver.string(forKey: "only_en") == "English only")
        #expect(resolver.string(forKey: "nowhere") == "nowhere")
    }

    @Test func reportsEachFallbackWithTheTableThatSuppliedTheText() async {
        await confirmation(expectedCount: 3) { reported in
            let resolver = LocalizedStringResolver(
                directory: Self.consumerTables, language: "pt-BR", environment: [:],
                observer: ClosureLocalizationObserver { key, language, fallback in
                    let expected: [String: String?] = ["only_pt": "pt", "only_en": "en", "nowhere": nil]
                    #expect(language == "pt-BR")
                    #expect(expected[key] == .some(fallback))
                    reported()
                })
            for key in ["greeting", "only_pt", "only_en", "nowhere", "only_pt", "nowhere"] {
                _ = resolver.string(forKey: key)
            }
        }
    }

    @Test func aMissingKeyIsReportedOncePerLanguageAndKey() async {
        let unknown = NotificationContent(
            titleKey: LocalizationKey.waveHitTitle.rawValue, bodyKey: "notification_unknown", deepLink: "")
        await confirmation(expectedCount: 1) { reported in
            let resolver = LocalizedStringResolver(
                language: "fr", environment: [:],
                observer: ClosureLocalizationObserver { key, language, fallback in
                    #expect(key == "notification_unknown")
                    #expect(language == "fr")
                    #expect(fallback == nil)
                    reported()
                })
            for _ in 0..<5 {
                #expect(resolver.render(unknown).body == "notification_unknown")
            }
            // Switching away and back must not report the same language and key again.
            resolver.setLanguage("fr-CA")
            #expect(resolver.render(unknown).body == "notification_unknown")
        }
    }

    @Test func anUnparseableTableIsReportedOnceAndSkipped() async {
        await confirmation(expectedCount: 1) { unusable in
            let resolver = LocalizedStringResolver(
                directory: Self.consumerTables, language: "de", environment: [:],
                observer: ClosureLocalizationObserver(
                    onUnusable: { language, error in
                        #expect(language == "de")
                        #expect(
                            error.description == "de.lproj/Notifications.strings:1:26: expected ';' after the value")
                        unusable()
                    },
                    onMissing: { _, _, _ in }))
            #expect(resolver.string(forKey: "greeting", arguments: ["Ana"]) == "Hello Ana")
            #expect(resolver.string(forKey: "only_en") == "English only")
        }
    }

    // MARK: Choosing the language

    @Test func readsTheLanguageFromTheInjectedEnvironment() {
        let resolver = LocalizedStringResolver(environment: ["LC_MESSAGES": "fr_CA.UTF-8", "LANG": "de_DE.UTF-8"])
        #expect(resolver.resolution.preference.tag?.description == "fr-CA")
        #expect(resolver.resolution.language == "fr")
        #expect(resolver.resolution.chain == ["fr", "en"])
        #expect(!resolver.resolution.fellBackToDefault)
        #expect(
            resolver.render(Self.content(.oneHourBefore, ["Paris"])).body == "La vague à Paris commence dans 1 heure")
    }

    @Test func usesEnglishWhenNothingIsAsked() {
        let resolver = LocalizedStringResolver(environment: ["LC_ALL": "C", "LANG": "POSIX"])
        #expect(resolver.resolution.language == "en")
        #expect(resolver.resolution.preference.source == .none)
        #expect(!resolver.resolution.fellBackToDefault)
    }

    @Test(arguments: ["xx", "xx-YY", "!!"])
    func anUnknownLanguageFallsBackToEnglishVisibly(_ code: String) {
        let resolver = LocalizedStringResolver(language: code, environment: ["LANG": "fr_FR.UTF-8"])
        #expect(resolver.resolution.language == "en")
        #expect(resolver.resolution.fellBackToDefault)
        #expect(resolver.string(forKey: LocalizationKey.waveHitTitle.rawValue) == "The wave is here!")
    }

    @Test(arguments: [
        ("pt-BR", "pt"), ("PT_br", "pt"), ("zh-Hans", "zh"), ("zh-CN", "zh"), ("zh_TW", "zh"), ("tl", "fil"),
        ("fil-PH", "fil"), ("en-GB", "en"), ("fr_CA.UTF-8", "fr"), ("iw", "he"),
    ])
    func mapsRegionalAndLegacyCodesToBundledTables(_ code: String, _ language: String) {
        let resolution = LocalizedStringResolver(environment: [:]).resolution(for: code)
        #expect(resolution.language == language)
        #expect(!resolution.fellBackToDefault)
    }

    @Test(arguments: [("fr", true), ("pt-BR", true), ("zh_TW", true), ("tl", true), ("xx", false), ("!!", false)])
    func tellsWhetherALanguageHasATable(_ code: String, _ supported: Bool) {
        #expect(LocalizedStringResolver(environment: [:]).supports(code) == supported)
    }

    @Test func changingTheLanguageAppliesToTheNextRender() {
        let resolver = LocalizedStringResolver(environment: ["LANG": "de_DE.UTF-8"])
        let pending = Self.content(.eventFinished, ["Solstice Wave"])
        #expect(resolver.render(pending).locale == "de")

        let french = resolver.setLanguage("fr")
        #expect(french.language == "fr")
        #expect(resolver.render(pending).body == "C’est fini pour Solstice Wave. Merci d’avoir fait la vague\u{00A0}!")
        #expect(resolver.render(pending).locale == "fr")

        #expect(resolver.setLanguage("xx").fellBackToDefault)
        #expect(resolver.render(pending).body == "Solstice Wave is over. Thanks for waving!")

        resolver.setLanguage(nil)
        #expect(resolver.resolution.language == "de")
        #expect(resolver.render(pending).locale == "de")
    }

    // MARK: Substitution

    @Test func insertsArgumentsLiterallyInOnePass() {
        let resolver = LocalizedStringResolver(directory: Self.consumerTables, environment: [:])
        let arguments = ["%2$@ %n", "%1$@ %@ %% %s"]
        #expect(resolver.string(forKey: "pair", arguments: arguments) == "%2$@ %n meets %1$@ %@ %% %s")
        #expect(resolver.string(forKey: "greeting", arguments: ["100%"]) == "Hello 100%")
    }

    @Test func renderingADoublePercentGivesOnePercent() {
        let resolver = LocalizedStringResolver(directory: Self.consumerTables, environment: [:])
        #expect(resolver.string(forKey: "percent", arguments: ["Ana"]) == "100% sure about Ana")
    }

    @Test func leavesPlaceholdersWithoutArgumentsVisibleAndIgnoresExtraArguments() {
        let resolver = LocalizedStringResolver(directory: Self.consumerTables, environment: [:])
        #expect(resolver.string(forKey: "beyond", arguments: ["A"]) == "A and %3$@")
        #expect(resolver.string(forKey: "beyond", arguments: []) == "%1$@ and %3$@")
        #expect(resolver.string(forKey: "greeting", arguments: ["Ana", "Bob", "Cy"]) == "Hello Ana")
        #expect(resolver.string(forKey: "other_directives", arguments: ["A"]) == "%d items, %s, %1$d")
    }

    @Test(arguments: ["ar", "fa", "he", "ur"])
    func isolatesArgumentsInRightToLeftLanguages(_ language: String) {
        let resolver = LocalizedStringResolver(language: language, environment: [:])
        let body = resolver.render(Self.content(.waveAtLocation, ["Solstice Wave", "Paris"])).body
        #expect(body.contains("\u{2068}Solstice Wave\u{2069}"))
        #expect(body.contains("\u{2068}Paris\u{2069}"))
        #expect(body.unicodeScalars.filter { $0 == "\u{2068}" }.count == 2)
        #expect(body.unicodeScalars.filter { $0 == "\u{2069}" }.count == 2)
    }

    @Test func doesNotIsolateArgumentsInLeftToRightLanguages() {
        let resolver = LocalizedStringResolver(language: "fr", environment: [:])
        let body = resolver.render(Self.content(.waveAtLocation, ["Solstice Wave", "Paris"])).body
        #expect(body == "Solstice Wave vient de vous atteindre à Paris. Faites la vague\u{00A0}!")
    }

    @Test func isolatesByTheLanguageOfTheTableThatSuppliedTheText() {
        let resolver = LocalizedStringResolver(directory: Self.consumerTables, language: "ar", environment: [:])
        #expect(resolver.string(forKey: "pair", arguments: ["A", "B"]) == "\u{2068}B\u{2069} يلتقي \u{2068}A\u{2069}")
        // `greeting` is Arabic, `percent` falls back to English, which needs no isolates.
        #expect(resolver.string(forKey: "greeting", arguments: ["A"]) == "مرحبا \u{2068}A\u{2069}")
        #expect(resolver.string(forKey: "percent", arguments: ["A"]) == "100% sure about A")
    }

    // MARK: Directories and robustness

    @Test func loadsAConsumerDirectoryMappingFolderNamesToCodes() {
        let resolver = LocalizedStringResolver(directory: Self.consumerTables, language: "zh-CN", environment: [:])
        #expect(resolver.availableLanguages == ["ar", "de", "en", "fil", "pt", "pt-BR", "zh"])
        #expect(resolver.string(forKey: "greeting", arguments: ["A"]) == "你好 A")
        resolver.setLanguage("tl")
        #expect(resolver.string(forKey: "greeting", arguments: ["A"]) == "Kumusta A")
    }

    @Test func aMissingDirectoryShowsKeysInsteadOfCrashing() {
        let resolver = LocalizedStringResolver(
            directory: URL(fileURLWithPath: "/nonexistent/l10n"), language: "fr", environment: [:])
        #expect(resolver.availableLanguages.isEmpty)
        #expect(resolver.resolution.fellBackToDefault)
        let text = resolver.render(Self.content(.oneHourBefore, ["Paris"]))
        #expect(text.title == "notification_event_starting")
        #expect(text.body == "notification_1h_before")
    }

    @Test func neverRendersAnEmptyString() {
        let resolver = LocalizedStringResolver(directory: Self.consumerTables, environment: [:])
        #expect(resolver.string(forKey: "") == LocalizedStringResolver.emptyKeyText)
        #expect(resolver.render(NotificationContent(titleKey: "", bodyKey: "", deepLink: "")).title == "…")
    }

    @Test func rendersConcurrentlyWhileTheLanguageChanges() async {
        let resolver = LocalizedStringResolver(environment: [:])
        let content = Self.content(.oneMinuteBefore, ["Paris"])
        let expected: Set<String> = [
            "The wave in Paris starts in 1 minute. Stand up!",
            "La vague à Paris commence dans 1 minute. Levez-vous\u{00A0}!",
        ]
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                for index in 0..<200 { resolver.setLanguage(index.isMultiple(of: 2) ? "fr" : "en") }
                return true
            }
            for _ in 0..<4 {
                group.addTask { (0..<500).allSatisfy { _ in expected.contains(resolver.render(content).body) } }
            }
            for await allExpected in group { #expect(allExpected) }
        }
    }
}
