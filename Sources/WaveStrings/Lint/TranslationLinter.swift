public import Foundation
internal import WaveNotifications
internal import WaveStringTables

/// Checks a directory of `<code>.lproj/<Table>.strings` tables against English, the reference.
///
/// Every table English has (`Notifications`, then one per app) is checked in every language that has a file
/// for it; a language without the file falls back to English at run time, which is coverage (see
/// ``LintReport/coverage``), not a problem. `Notifications.strings` alone is required in every folder.
///
/// Rules, one problem line each (`file:line: key: problem`):
/// - every file parses (a syntax error gives its line and column);
/// - every language defines exactly English's keys of the same table (missing and extra keys);
/// - each value's placeholders equal English's as a multiset of position and type (`%1$@`);
/// - no `%s` (any C-string conversion), no unnumbered directive (`%@`, `%d`), no stray `%` (write `%%`);
/// - no empty (or whitespace-only) value;
/// - no key defined twice in one file (the parser keeps the first);
/// - no value identical to English, when it has letters once placeholders are removed (untranslated);
/// - a non-Latin-script language (see ``WritingScript``) writes MORE THAN HALF of each value's letters,
///   placeholders removed, in its script; values without letters are not judged;
/// - no table that English lacks (its keys would have no reference);
/// - English itself defines every ``LocalizationKey`` in `Notifications` with exactly `%1$@` … `%n$@` for
///   its argument count.
///
/// One fault gives one line: a value with a `%s`, unnumbered or stray `%` skips the placeholder
/// comparison, an extra or empty value skips the other checks, and an untranslated value skips the script
/// check.
public enum TranslationLinter {
    /// The file name of the table every `<code>.lproj` folder must have.
    public static let tableFileName = "Notifications.strings"

    /// The table every folder must have, and whose keys the core's ``LocalizationKey`` lists.
    private static let requiredTable = "Notifications"

    private static let englishFolder = "en.lproj"

    /// Lints a directory of translation tables.
    ///
    /// - Parameter directory: The folder holding `<code>.lproj` folders; the bundled tables when `nil`.
    /// - Returns: The problems found, sorted, with ``LintReport/exitStatus`` 0 (clean) or 1 (problems), and
    ///   the coverage of each table.
    /// - Throws: ``LintUsageError`` when the directory is missing, unreadable or has no `en.lproj` (exit 64).
    public static func lint(directory: URL? = nil) throws(LintUsageError) -> LintReport {
        let directory = directory ?? BundledStringTables.directory
        let folders = try StringTableDirectory.lintableFolders(in: directory)
        let english = folders.first { $0.name == englishFolder }
        let referenceTables = Set(english?.tables ?? []).union([requiredTable])
        var problems: [LintProblem] = []
        // Parsed files by table, then by folder name.
        var tables: [String: [String: StringsTable]] = [:]
        for folder in folders {
            for table in referenceTables.union(folder.tables).sorted() {
                let file = folder.file(ofTable: table)
                guard folder.tables.contains(table) else {
                    if table == requiredTable {
                        problems.append(LintProblem(file: file, message: "missing file: every .lproj folder needs one"))
                    }
                    continue
                }
                guard referenceTables.contains(table) else {
                    problems.append(
                        LintProblem(
                            file: file,
                            message: "extra table: \(englishFolder) has no \(table).strings to check its keys against"))
                    continue
                }
                do {
                    tables[table, default: [:]][folder.name] = try StringsFileParser.parse(
                        contentsOf: folder.url(ofTable: table), file: file)
                } catch {
                    problems.append(
                        LintProblem(file: file, line: error.line, column: error.column, message: error.message))
                }
            }
        }

        for table in referenceTables.sorted() {
            let parsed = tables[table] ?? [:]
            let reference = parsed[englishFolder]
            if table == requiredTable, let reference { problems += checkEnglishAgainstCode(reference) }
            for folder in folders {
                guard let strings = parsed[folder.name] else { continue }
                problems += check(
                    strings, language: folder.language, reference: folder.name == englishFolder ? nil : reference)
            }
        }

        var unique: [LintProblem] = []
        for problem in problems.sorted() where unique.last != problem { unique.append(problem) }
        let coverage = (english?.tables ?? []).sorted {
            ($0 == requiredTable ? 0 : 1, $0) < ($1 == requiredTable ? 0 : 1, $1)
        }
        .map { table in
            TableCoverage(
                table: table, languages: folders.filter { $0.tables.contains(table) }.map(\.language),
                languageCount: folders.count)
        }
        return LintReport(
            problems: unique,
            languages: folders.map(\.language),
            keyCount: tables[requiredTable]?[englishFolder]?.keys.count ?? LocalizationKey.allCases.count,
            coverage: coverage
        )
    }

    /// Lints `directory` and writes the result, for a command line.
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
