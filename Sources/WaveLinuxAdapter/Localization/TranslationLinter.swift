public import Foundation
internal import WaveLocalizations
internal import WaveNotifications

/// Checks a directory of `<code>.lproj/Notifications.strings` tables against English, the reference.
///
/// Rules, one problem line each (`file:line: key: problem`):
/// - every file parses (a syntax error gives its line and column);
/// - every language defines exactly English's keys (missing and extra keys);
/// - each value's placeholders equal English's as a multiset of position and type (`%1$@`);
/// - no `%s` (any C-string conversion), no unnumbered directive (`%@`, `%d`), no stray `%` (write `%%`);
/// - no empty (or whitespace-only) value;
/// - no key defined twice in one file (the parser keeps the first);
/// - no value identical to English, when it has letters once placeholders are removed (untranslated);
/// - a non-Latin-script language (see ``WritingScript``) writes MORE THAN HALF of each value's letters,
///   placeholders removed, in its script; values without letters are not judged;
/// - English itself defines every ``LocalizationKey`` with exactly `%1$@` … `%n$@` for its argument count.
///
/// One fault gives one line: a value with a `%s`, unnumbered or stray `%` skips the placeholder
/// comparison, an extra or empty value skips the other checks, and an untranslated value skips the script
/// check.
public enum TranslationLinter {
    /// The file name looked up inside each `<code>.lproj` folder.
    public static let tableFileName = "Notifications.strings"

    private static let englishFolder = "en.lproj"

    /// Lints a directory of translation tables.
    ///
    /// - Parameter directory: The folder holding `<code>.lproj` folders; the bundled tables when `nil`.
    /// - Returns: The problems found, sorted, with ``LintReport/exitStatus`` 0 (clean) or 1 (problems).
    /// - Throws: ``LintUsageError`` when the directory is missing, unreadable or has no `en.lproj` (exit 64).
    public static func lint(directory: URL? = nil) throws(LintUsageError) -> LintReport {
        let directory = directory ?? BundledLocalizations.directory
        let folders = try languageFolders(in: directory)
        var problems: [LintProblem] = []
        var tables: [String: StringsTable] = [:]
        for folder in folders {
            let file = "\(folder)/\(tableFileName)"
            let url = directory.appendingPathComponent(folder, isDirectory: true)
                .appendingPathComponent(tableFileName, isDirectory: false)
            guard FileManager.default.fileExists(atPath: url.path) else {
                problems.append(LintProblem(file: file, message: "missing file: every .lproj folder needs one"))
                continue
            }
            do {
                tables[folder] = try StringsFileParser.parse(contentsOf: url, file: file)
            } catch {
                problems.append(LintProblem(file: file, line: error.line, column: error.column, message: error.message))
            }
        }

        let reference = tables[englishFolder]
        if let reference { problems += checkEnglishAgainstCode(reference) }
        for folder in folders {
            guard let table = tables[folder] else { continue }
            let language = String(folder.dropLast(".lproj".count))
            problems += check(table, language: language, reference: folder == englishFolder ? nil : reference)
        }

        var unique: [LintProblem] = []
        for problem in problems.sorted() where unique.last != problem { unique.append(problem) }
        return LintReport(
            problems: unique,
            languages: folders.map { String($0.dropLast(".lproj".count)) },
            keyCount: reference?.keys.count ?? LocalizationKey.allCases.count
        )
    }

    /// Lints `directory` and writes the result, for a command line: the one call behind `wavesim lint`.
    ///
    /// - Parameters:
    ///   - directory: The folder to lint; the bundled tables when `nil`.
    ///   - output: Receives one line per problem (standard output).
    ///   - errorOutput: Receives the summary, or the usage error (standard error).
    /// - Returns: The exit status: 0 clean, 1 problems found, 64 bad usage.
    public static func run(
        directory: URL? = nil, output: (String) -> Void, errorOutput: (String) -> Void
    ) -> Int32 {
        do {
            let report = try lint(directory: directory)
            report.lines.forEach(output)
            errorOutput("lint: \(report.summary)")
            return report.exitStatus
        } catch {
            errorOutput("lint: \(error)")
            return LintUsageError.exitStatus
        }
    }

    /// The `.lproj` folders of `directory`, sorted, `Base.lproj` excluded.
    private static func languageFolders(in directory: URL) throws(LintUsageError) -> [String] {
        let path = directory.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .directoryNotFound(path: path)
        }
        guard isDirectory.boolValue else { throw .notADirectory(path: path) }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw .unreadable(path: path, reason: error.localizedDescription)
        }
        let folders = names.filter { $0.hasSuffix(".lproj") && $0 != "Base.lproj" }.sorted()
        guard folders.contains(englishFolder) else { throw .missingEnglish(path: path) }
        return folders
    }

    /// English must define every key the code uses, with exactly the placeholders the code fills.
    private static func checkEnglishAgainstCode(_ english: StringsTable) -> [LintProblem] {
        var problems: [LintProblem] = []
        for key in LocalizationKey.allCases {
            guard let entry = english.entry(forKey: key.rawValue) else {
                problems.append(
                    LintProblem(
                        file: english.file, key: key.rawValue,
                        message: "missing from English, but the code uses it (LocalizationKey)"))
                continue
            }
            let scan = PlaceholderScan(entry.value)
            guard scan.isWellFormed, !isBlank(entry.value) else { continue }
            let expected = (0..<key.argumentCount).map { "%\($0 + 1)$@" }
            if scan.placeholders != expected {
                let count = key.argumentCount == 1 ? "1 argument" : "\(key.argumentCount) arguments"
                problems.append(
                    LintProblem(
                        file: english.file, line: entry.line, key: key.rawValue,
                        message: "placeholders \(list(scan.placeholders)) differ from the code's \(count) "
                            + "(\(list(expected)))"))
            }
        }
        return problems
    }

    /// Checks one table on its own and, when `reference` is given, against English.
    private static func check(_ table: StringsTable, language: String, reference: StringsTable?) -> [LintProblem] {
        var problems: [LintProblem] = []
        func problem(_ entry: StringsEntry, _ message: String) {
            problems.append(LintProblem(file: table.file, line: entry.line, key: entry.key, message: message))
        }

        for duplicate in table.duplicates {
            let first = table.entry(forKey: duplicate.key)?.line ?? duplicate.line
            problem(duplicate, "defined twice: line \(first) defines it first, and that value is used")
        }
        let script = WritingScript.expected(forLanguage: language)
        for key in table.keys {
            guard let entry = table.entry(forKey: key) else { continue }
            let english = reference?.entry(forKey: key)
            if reference != nil, english == nil {
                problem(entry, "extra key: English does not define it")
                continue
            }
            if isBlank(entry.value) {
                problem(entry, "empty value")
                continue
            }
            let scan = PlaceholderScan(entry.value)
            scan.formatProblems.forEach { problem(entry, $0) }
            if let english, scan.isWellFormed {
                let englishScan = PlaceholderScan(english.value)
                if englishScan.isWellFormed, scan.placeholders != englishScan.placeholders {
                    problem(
                        entry,
                        "placeholders \(list(scan.placeholders)) differ from English's \(list(englishScan.placeholders))"
                    )
                }
            }
            if let english, english.value == entry.value, scan.hasLetters {
                problem(entry, "untranslated: the value is the same as English's")
                continue
            }
            if let script {
                let (inScript, letters) = script.letterCounts(in: scan.text)
                if letters > 0, inScript * 2 <= letters {
                    problem(
                        entry,
                        "not mostly in \(script.rawValue) script: \(inScript) of \(letters) letters are "
                            + "(more than half must be)")
                }
            }
        }
        if let reference {
            for key in reference.keys where table.entry(forKey: key) == nil {
                let line = reference.entry(forKey: key)?.line ?? 0
                problems.append(
                    LintProblem(
                        file: table.file, key: key,
                        message: "missing: English defines it at \(reference.file):\(line)"))
            }
        }
        return problems
    }

    private static func isBlank(_ value: String) -> Bool {
        value.allSatisfy(\.isWhitespace)
    }

    private static func list(_ placeholders: [String]) -> String {
        placeholders.isEmpty ? "(none)" : placeholders.joined(separator: ", ")
    }
}

/// What the lint needs to know about one value's `%` directives.
private struct PlaceholderScan {
    /// The positional directives, canonical (`%1$@`) and sorted, as a multiset.
    var placeholders: [String] = []
    /// One message per `%s`, unnumbered directive, position 0 or stray `%`.
    var formatProblems: [String] = []
    /// The value without any directive or `%%`, for counting letters.
    var text = ""

    init(_ value: String) {
        var positional: [(position: Int, text: String)] = []
        for token in FormatScanner.tokens(in: value) {
            switch token {
            case .literal(let literal):
                text += literal
            case .percentSign:
                break
            case .strayPercent:
                formatProblems.append("stray '%': write '%%' for a percent sign")
            case .specifier(let specifier):
                if specifier.isCString {
                    formatProblems.append("'\(specifier.text)' is not allowed: use a positional placeholder like %1$@")
                } else if let position = specifier.position {
                    if position == 0 {
                        formatProblems.append("invalid placeholder '\(specifier.text)': positions start at 1")
                    } else {
                        let canonical =
                            specifier.hasModifiers ? specifier.text : "%\(position)$\(specifier.conversion)"
                        positional.append((position, canonical))
                    }
                } else {
                    formatProblems.append(
                        "unnumbered placeholder '\(specifier.text)': use a positional one like %1$@")
                }
            }
        }
        placeholders = positional.sorted { ($0.position, $0.text) < ($1.position, $1.text) }.map(\.text)
    }

    var isWellFormed: Bool { formatProblems.isEmpty }

    var hasLetters: Bool { text.unicodeScalars.contains { $0.properties.isAlphabetic } }
}
