import Foundation
import Testing
import WaveStrings

/// One deliberately broken fixture directory and the exact lines the lint must print for it.
struct BrokenFixture: CustomTestStringConvertible, Sendable {
    var name: String
    var expectedLines: [String]

    var testDescription: String { name }
}

/// The lint: one broken fixture per rule, the line format, ordering and exit statuses.
struct TranslationLinterTests {
    static let fr = "fr.lproj/Notifications.strings"

    static let brokenFixtures = [
        BrokenFixture(name: "SyntaxError", expectedLines: ["\(fr):14:67: expected ';' after the value"]),
        BrokenFixture(
            name: "MissingKey",
            expectedLines: [
                "\(fr): notification_1h_before: missing: English defines it at en.lproj/Notifications.strings:14"
            ]),
        BrokenFixture(
            name: "ExtraKey", expectedLines: ["\(fr):47: notification_extra: extra key: English does not define it"]),
        BrokenFixture(
            name: "PlaceholderMismatch",
            expectedLines: ["\(fr):14: notification_1h_before: placeholders %2$@ differ from English's %1$@"]),
        BrokenFixture(
            name: "CStringPlaceholder",
            expectedLines: [
                "\(fr):14: notification_1h_before: '%s' is not allowed: use a positional placeholder like %1$@"
            ]),
        BrokenFixture(
            name: "UnnumberedPlaceholder",
            expectedLines: [
                "\(fr):14: notification_1h_before: unnumbered placeholder '%@': use a positional one like %1$@"
            ]),
        BrokenFixture(
            name: "StrayPercent",
            expectedLines: ["\(fr):38: notification_channel_name: stray '%': write '%%' for a percent sign"]),
        BrokenFixture(name: "EmptyValue", expectedLines: ["\(fr):38: notification_channel_name: empty value"]),
        BrokenFixture(
            name: "DuplicateKey",
            expectedLines: [
                "\(fr):47: notification_channel_name: defined twice: line 38 defines it first, and that value is used"
            ]),
        BrokenFixture(
            name: "Untranslated",
            expectedLines: ["\(fr):38: notification_channel_name: untranslated: the value is the same as English's"]),
        BrokenFixture(
            name: "WrongScript",
            expectedLines: [
                "ru.lproj/Notifications.strings:38: notification_channel_name: not mostly in Cyrillic script: "
                    + "0 of 13 letters are (more than half must be)"
            ]),
        BrokenFixture(
            name: "EnglishArgumentCount",
            expectedLines: [
                "en.lproj/Notifications.strings:14: notification_1h_before: placeholders %1$@, %2$@ differ from the "
                    + "code's 1 argument (%1$@)",
                "\(fr):14: notification_1h_before: placeholders %1$@ differ from English's %1$@, %2$@",
            ]),
    ]

    @Test(arguments: brokenFixtures)
    func eachRuleIsCaughtWithItsMessageAndLine(fixture: BrokenFixture) throws {
        let report = try TranslationLinter.lint(directory: LintFixtures.directory(fixture.name))
        #expect(report.lines == fixture.expectedLines)
        #expect(report.exitStatus == 1)
        #expect(!report.isClean)
    }

    @Test func runPrintsOneLinePerProblemAndExitsOne() {
        var lines: [String] = []
        var errors: [String] = []
        let status = TranslationLinter.run(
            directory: LintFixtures.directory("PlaceholderMismatch"),
            output: { lines.append($0) }, errorOutput: { errors.append($0) })
        #expect(status == 1)
        #expect(lines == ["\(Self.fr):14: notification_1h_before: placeholders %2$@ differ from English's %1$@"])
        #expect(errors == ["lint: 2 languages, 15 keys: 1 problem"])
    }

    @Test func runOnTheBundledTablesExitsZeroAndPrintsNoProblem() {
        var lines: [String] = []
        var errors: [String] = []
        let status = TranslationLinter.run(output: { lines.append($0) }, errorOutput: { errors.append($0) })
        #expect(status == 0)
        #expect(lines.isEmpty)
        #expect(errors == ["lint: \(BundledTranslationsTests.languages.count) languages, 15 keys: no problems"])
    }

    @Test func aDirectoryWithoutEnglishIsBadUsage() {
        let directory = LintFixtures.directory("NoEnglish")
        #expect(throws: LintUsageError.missingEnglish(path: directory.path)) {
            try TranslationLinter.lint(directory: directory)
        }
        var errors: [String] = []
        let status = TranslationLinter.run(directory: directory, output: { _ in }, errorOutput: { errors.append($0) })
        #expect(status == 64)
        #expect(errors.count == 1 && errors[0].contains("no en.lproj folder"))
    }

    @Test func aMissingDirectoryIsBadUsage() {
        let directory = LintFixtures.directory("DoesNotExist")
        #expect(throws: LintUsageError.directoryNotFound(path: directory.path)) {
            try TranslationLinter.lint(directory: directory)
        }
        #expect(TranslationLinter.run(directory: directory, output: { _ in }, errorOutput: { _ in }) == 64)
    }

    @Test func aFileInsteadOfADirectoryIsBadUsage() {
        let file = LintFixtures.directory("NoEnglish").appendingPathComponent("fr.lproj/Notifications.strings")
        #expect(throws: LintUsageError.notADirectory(path: file.path)) {
            try TranslationLinter.lint(directory: file)
        }
    }

    @Test func problemsAreSortedByFileThenLineWithLinelessOnesFirst() {
        let problems = [
            LintProblem(file: "fr.lproj/Notifications.strings", line: 20, key: "b", message: "x"),
            LintProblem(file: "de.lproj/Notifications.strings", line: 5, key: "a", message: "x"),
            LintProblem(file: "fr.lproj/Notifications.strings", key: "c", message: "missing"),
            LintProblem(file: "fr.lproj/Notifications.strings", line: 3, key: "d", message: "x"),
        ]
        let report = LintReport(problems: problems, languages: ["de", "fr"], keyCount: 4)
        #expect(
            report.lines == [
                "de.lproj/Notifications.strings:5: a: x",
                "fr.lproj/Notifications.strings: c: missing",
                "fr.lproj/Notifications.strings:3: d: x",
                "fr.lproj/Notifications.strings:20: b: x",
            ])
    }
}
