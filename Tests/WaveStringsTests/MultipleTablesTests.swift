import Foundation
import Testing
import WaveNotifications
import WaveStrings

/// Several tables in one directory: per-table fallback in the resolver, per-table checks and coverage in the lint.
struct MultipleTablesTests {
    static let directory = LintFixtures.directory("MultipleTables")

    @Test(arguments: [
        ("de", "GrowBro", "de"), ("de", "Shadow", "en"), ("de", "GoNow", "en"), ("he", "GoNow", "he"),
        ("he", "Hydracat", "en"), ("pt-BR", "Notifications", "pt"), ("en", "Shadow", "en"), ("de", "Nowhere", "de"),
    ])
    func aTableIsResolvedInTheFirstLanguageOfTheChainThatHasIt(language: String, table: String, expected: String) {
        let resolver = LocalizedStringResolver(language: language, environment: [:])
        #expect(resolver.language(resolvingTable: table) == expected)
    }

    @Test func lintChecksEveryTableInEveryLanguageThatHasIt() throws {
        let report = try TranslationLinter.lint(directory: Self.directory)
        #expect(
            report.lines == [
                "fr.lproj/Shadow.strings: extra table: en.lproj has no Shadow.strings to check its keys against",
                "he.lproj/GoNow.strings:3: swim_good: placeholders %2$@ differ from English's %1$@, %2$@",
            ])
        #expect(report.exitStatus == 1)
        #expect(report.keyCount == LocalizationKey.allCases.count)
    }

    @Test func lintCountsCoveragePerTableWithTheRequiredTableFirst() throws {
        let report = try TranslationLinter.lint(directory: Self.directory)
        #expect(
            report.coverageLines == [
                "Notifications: 3 of 3 languages", "GoNow: 2 of 3 languages, others fall back to en",
            ])
        #expect(report.coverage.last?.languages == ["en", "he"])
    }

    @Test func bundledCoverageListsNotificationsInEveryLanguage() throws {
        let report = try TranslationLinter.lint()
        #expect(
            report.coverage.first
                == TableCoverage(
                    table: "Notifications", languages: report.languages, languageCount: report.languages.count))
    }

    @Test func aTableMissingInALanguageFallsBackToEnglishWithoutAReport() async {
        await confirmation(expectedCount: 0) { reported in
            let resolver = LocalizedStringResolver(
                directory: Self.directory, language: "fr", environment: [:],
                observer: ClosureLocalizationObserver { _, _, _ in reported() })
            #expect(resolver.string(forKey: "swim_title", table: "GoNow") == "Swim window")
            #expect(
                resolver.string(forKey: "swim_good", table: "GoNow", arguments: ["06:30", "08:00"])
                    == "Best time: 06:30-08:00.")
            #expect(resolver.string(forKey: LocalizationKey.waveHitTitle.rawValue) == "La vague est là\u{00A0}!")
        }
    }

    @Test func aKeyMissingFromAnExistingTableIsReported() async {
        await confirmation(expectedCount: 1) { reported in
            let resolver = LocalizedStringResolver(
                directory: Self.directory, language: "he", environment: [:],
                observer: ClosureLocalizationObserver { key, language, fallback in
                    #expect(key == "swim_unknown")
                    #expect(language == "he")
                    #expect(fallback == nil)
                    reported()
                })
            #expect(resolver.string(forKey: "swim_unknown", table: "GoNow") == "swim_unknown")
            #expect(resolver.string(forKey: "swim_unknown", table: "GoNow") == "swim_unknown")
        }
    }

    @Test func rendersInALanguageGivenPerCallWithoutSwitching() {
        let resolver = LocalizedStringResolver(directory: Self.directory, language: "fr", environment: [:])
        #expect(resolver.string(forKey: "swim_title", table: "GoNow", language: "he") == "חלון שחייה")
        #expect(resolver.string(forKey: "swim_title", table: "GoNow", language: "he_IL.UTF-8") == "חלון שחייה")
        #expect(resolver.resolution.language == "fr")
        #expect(resolver.string(forKey: "swim_title", table: "GoNow") == "Swim window")
        // Hebrew is right to left: arguments are isolated by the language of the table that supplied the text.
        let text = LocalizedText(table: "GoNow", key: "swim_good", arguments: ["A", "B"])
        #expect(resolver.string(for: text, language: "he") == "הזמן הטוב: \u{2068}B\u{2069}")
        #expect(resolver.string(for: text, language: "xx") == "Best time: A-B.")
    }

    @Test func listsTheTablesFoundInAnyLanguage() {
        let resolver = LocalizedStringResolver(directory: Self.directory, environment: [:])
        #expect(resolver.availableTables == ["GoNow", "Notifications", "Shadow"])
        #expect(resolver.availableLanguages == ["en", "fr", "he"])
    }
}
