public import Foundation
public import WaveNotifications
public import WaveStringTables

/// Resolves localization keys of several tables to text, in the current language or one given per call, from a
/// directory of `<code>.lproj/<Table>.strings` files (`Notifications` for WorldWideWaves, one table per app).
///
/// - Language: an explicit code first, then `LC_ALL`, `LC_MESSAGES`, `LANG` (see ``LanguagePreference``),
///   then English. Each key is looked up along the fallback chain, for example `pt-BR` → `pt` → `en`, in the
///   key's own table: a language without that table's file, or whose file lacks the key, falls back to the
///   next one, so each table and each key falls back to English on its own. The key itself is shown when no
///   table has it.
/// - Tables are parsed on first use and cached; each value is pre-parsed into a ``MessageTemplate`` once,
///   so a render is a few dictionary hits and appends under one uncontended lock.
/// - A missing key or an unusable table is reported once to the ``LocalizationObserver``. A language that has
///   no file at all for a table is expected (an app translated into fewer languages), and is not reported.
/// - Right-to-left text (`ar`, `fa`, `he`, `ur` …) wraps each argument in U+2068 … U+2069 isolates, chosen
///   by the language of the table the template came from.
public final class LocalizedStringResolver: Sendable {
    /// The table of WorldWideWaves' notifications, used when a call names no table.
    public static let defaultTable = "Notifications"

    /// The file name of ``defaultTable`` inside each `<code>.lproj` folder.
    public static let tableFileName = "Notifications.strings"

    /// The text shown for an empty key, so no rendering is ever empty.
    public static let emptyKeyText = "…"

    /// The most languages other than the current one whose templates are kept (``string(forKey:table:arguments:language:)``).
    private static let cachedLanguageLimit = 64

    /// The language codes that have at least one table in the directory, sorted, for example `["am", …, "zu"]`.
    public let availableLanguages: [String]

    /// The table names found in any language, sorted, for example `["GoNow", "Notifications"]`.
    public let availableTables: [String]

    /// Table files by language code, then by table name.
    private let tableURLs: [String: [String: URL]]
    private let environment: [String: String]
    private let observer: (any LocalizationObserver)?
    // Every mutable field lives in this WaveLock, which is what makes the class Sendable.
    private let state: WaveLock<State>

    private struct State {
        var current: LanguageCache
        /// Languages asked for per call, by the code as given.
        var others: [String: LanguageCache] = [:]
        var loaded = LoadedTables()
    }

    /// What every language shares: the parsed files and the diagnostics already reported.
    private struct LoadedTables {
        /// Parsed tables by `<language>/<table>`; `.some(nil)` records a table that failed to parse.
        var tables: [String: StringsTable?] = [:]
        var reportedMissing: Set<String> = []
    }

    /// One resolution and the templates compiled for its chain, by table and then key.
    private struct LanguageCache {
        var resolution: LanguageResolution
        var templates: [String: [String: MessageTemplate]] = [:]
    }

    private enum Diagnostic {
        case missing(MissingTranslation)
        case unusable(language: String, error: StringsParseError)
    }

    /// Creates a resolver over a directory of `.lproj` folders; no table is parsed until it is needed.
    ///
    /// - Parameters:
    ///   - directory: The folder holding `<code>.lproj/<Table>.strings`; the package's bundled tables by
    ///     default. A missing or unreadable folder gives a resolver that shows keys (never a crash).
    ///   - language: An explicit language code (`--lang`), which beats the environment; `nil` for none.
    ///   - environment: Where `LC_ALL`, `LC_MESSAGES` and `LANG` are read; the process's by default.
    ///   - observer: Receives each missing key and unusable table once.
    public init(
        directory: URL = BundledStringTables.directory,
        language: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        observer: (any LocalizationObserver)? = nil
    ) {
        let tableURLs = Self.indexTables(in: directory)
        self.tableURLs = tableURLs
        self.availableLanguages = tableURLs.keys.sorted()
        self.availableTables = Set(tableURLs.values.flatMap(\.keys)).sorted()
        self.environment = environment
        self.observer = observer
        let preference = LanguagePreference.resolve(argument: language, environment: environment)
        self.state = WaveLock(State(current: LanguageCache(resolution: Self.resolve(preference, available: tableURLs))))
    }

    /// The language currently used and how it was chosen.
    public var resolution: LanguageResolution {
        state.withLock { $0.current.resolution }
    }

    /// Switches language; notifications rendered afterwards, including pending ones, use it.
    ///
    /// - Parameter language: A language code, or `nil` to go back to the environment's choice.
    /// - Returns: The new resolution; check ``LanguageResolution/fellBackToDefault`` to warn about an
    ///   unknown code.
    @discardableResult
    public func setLanguage(_ language: String?) -> LanguageResolution {
        let resolution = self.resolution(for: language)
        state.withLock { state in
            state.current = LanguageCache(resolution: resolution)
        }
        return resolution
    }

    /// What ``setLanguage(_:)`` would pick for `language`, without switching.
    ///
    /// - Parameter language: A language code, or `nil` for the environment's choice.
    /// - Returns: The resolution for that request.
    public func resolution(for language: String?) -> LanguageResolution {
        Self.resolve(LanguagePreference.resolve(argument: language, environment: environment), available: tableURLs)
    }

    /// The language a table's texts are resolved in now: the first language of the current chain that has the table.
    ///
    /// A table that a language lacks falls back as a whole (GoNow's texts under `--lang de` are English), so this
    /// is what a rendered text's `locale` should say; a key missing from a file that exists still falls back alone.
    ///
    /// - Parameter table: The table's name, without `.strings`, for example `Shadow`.
    /// - Returns: That language's code; the current language when no language of the chain has the table.
    public func language(resolvingTable table: String) -> String {
        let resolution = self.resolution
        return resolution.chain.first { tableURLs[$0]?[table] != nil } ?? resolution.language
    }

    /// Whether some table exists for `language` or a less specific form of it (`pt` for `pt-BR`).
    ///
    /// - Parameter language: A language code, for example the value of a command line's `--lang`.
    /// - Returns: `false` for a malformed code or one that would fall back to English.
    public func supports(_ language: String) -> Bool {
        guard let tag = LanguageTag(language) else { return false }
        return tag.fallbackChain.contains { tableURLs[$0.description] != nil }
    }

    /// Resolves `content`'s title and body, keys of ``defaultTable``, in the current language.
    ///
    /// - Parameter content: The payload to render.
    /// - Returns: The title, the body with ``NotificationContent/bodyArgs`` inserted, and the language code of
    ///   the first table of the chain (``LanguageResolution/language``).
    public func render(_ content: NotificationContent) -> RenderedText {
        render(
            title: LocalizedText(table: Self.defaultTable, key: content.titleKey),
            body: LocalizedText(table: Self.defaultTable, key: content.bodyKey, arguments: content.bodyArgs))
    }

    /// Renders a title and a body, each from its own table, in the current language (one consistent language
    /// even while another task switches it).
    ///
    /// - Parameters:
    ///   - title: The title's table, key and arguments.
    ///   - body: The body's table, key and arguments.
    /// - Returns: Both texts and the language they were resolved in.
    public func render(title: LocalizedText, body: LocalizedText) -> RenderedText {
        var diagnostics: [Diagnostic] = []
        let (titleTemplate, bodyTemplate, language) = state.withLock { state in
            (
                template(
                    for: title.key, table: title.table, in: &state.current, loaded: &state.loaded,
                    diagnostics: &diagnostics),
                template(
                    for: body.key, table: body.table, in: &state.current, loaded: &state.loaded,
                    diagnostics: &diagnostics),
                state.current.resolution.language
            )
        }
        report(diagnostics)
        return RenderedText(
            title: titleTemplate.render(title.arguments), body: bodyTemplate.render(body.arguments), locale: language)
    }

    /// Resolves one key of ``defaultTable`` in the current language.
    ///
    /// - Parameters:
    ///   - key: The localization key.
    ///   - arguments: The values of `%1$@`, `%2$@` …; extra ones are ignored.
    /// - Returns: The text, never empty; the key itself when no table defines it.
    public func string(forKey key: String, arguments: [String] = []) -> String {
        string(forKey: key, table: Self.defaultTable, arguments: arguments)
    }

    /// Resolves one key of a named table, in the current language or in `language`.
    ///
    /// A `language` given here applies to this call only (a server rendering for many users); its resolution
    /// follows the same rules as ``setLanguage(_:)``, an unknown code falling back to English.
    ///
    /// - Parameters:
    ///   - key: The localization key.
    ///   - table: The table's name, without `.strings`, for example `GoNow`.
    ///   - arguments: The values of `%1$@`, `%2$@` …; extra ones are ignored.
    ///   - language: A language code for this call, or `nil` for the current language.
    /// - Returns: The text, never empty; the key itself when no table defines it.
    public func string(
        forKey key: String, table: String, arguments: [String] = [], language: String? = nil
    ) -> String {
        var diagnostics: [Diagnostic] = []
        let resolved = state.withLock { state in
            guard let language else {
                return template(
                    for: key, table: table, in: &state.current, loaded: &state.loaded, diagnostics: &diagnostics)
            }
            var cache =
                state.others.removeValue(forKey: language) ?? LanguageCache(resolution: resolution(for: language))
            let template = template(
                for: key, table: table, in: &cache, loaded: &state.loaded, diagnostics: &diagnostics)
            if state.others.count >= Self.cachedLanguageLimit {
                state.others.removeAll(keepingCapacity: true)
            }
            state.others[language] = cache
            return template
        }
        report(diagnostics)
        return resolved.render(arguments)
    }

    /// Resolves a ``LocalizedText`` (table, key and arguments), in the current language or in `language`.
    ///
    /// - Parameters:
    ///   - text: The table, key and placeholder values.
    ///   - language: A language code for this call, or `nil` for the current language.
    /// - Returns: The text, never empty; the key itself when no table defines it.
    public func string(for text: LocalizedText, language: String? = nil) -> String {
        string(forKey: text.key, table: text.table, arguments: text.arguments, language: language)
    }

    private func template(
        for key: String, table: String, in cache: inout LanguageCache, loaded: inout LoadedTables,
        diagnostics: inout [Diagnostic]
    ) -> MessageTemplate {
        if let cached = cache.templates[table]?[key] { return cached }
        let emptyReplacement = key.isEmpty ? Self.emptyKeyText : key
        var found: (template: MessageTemplate, language: String)?
        for language in cache.resolution.chain {
            guard
                let value = self.table(table, language: language, in: &loaded, diagnostics: &diagnostics)?
                    .entry(forKey: key)?.value,
                !value.isEmpty
            else { continue }
            let isolates = LanguageTag(language)?.isRightToLeft ?? false
            found = (
                MessageTemplate(compiling: value, isolatesArguments: isolates, emptyReplacement: emptyReplacement),
                language
            )
            break
        }
        let wanted = cache.resolution.language
        // A language without this table's file falls back by design; only a key found nowhere, or missing from a
        // file that exists, is worth reporting.
        let wantedHasTable = tableURLs[wanted]?[table] != nil
        if found?.language != wanted, found == nil || wantedHasTable,
            loaded.reportedMissing.insert(wanted + "\u{0}" + table + "\u{0}" + key).inserted
        {
            diagnostics.append(
                .missing(
                    MissingTranslation(key: key, table: table, language: wanted, fallbackLanguage: found?.language)))
        }
        let template = found?.template ?? MessageTemplate(verbatim: key, emptyReplacement: emptyReplacement)
        cache.templates[table, default: [:]][key] = template
        return template
    }

    private func table(
        _ table: String, language: String, in loaded: inout LoadedTables, diagnostics: inout [Diagnostic]
    ) -> StringsTable? {
        let cacheKey = language + "/" + table
        if let cached = loaded.tables[cacheKey] { return cached }
        guard let url = tableURLs[language]?[table] else { return nil }
        let file = url.deletingLastPathComponent().lastPathComponent + "/" + url.lastPathComponent
        do {
            let parsed = try StringsFileParser.parse(contentsOf: url, file: file)
            loaded.tables[cacheKey] = .some(parsed)
            return parsed
        } catch {
            loaded.tables[cacheKey] = .some(nil)
            diagnostics.append(.unusable(language: language, error: error))
            return nil
        }
    }

    private func report(_ diagnostics: [Diagnostic]) {
        guard let observer, !diagnostics.isEmpty else { return }
        for diagnostic in diagnostics {
            switch diagnostic {
            case .missing(let missing):
                observer.translationMissing(missing)
            case .unusable(let language, let error):
                observer.tableUnusable(language: language, error: error)
            }
        }
    }

    /// Maps each language code to its table files by table name; folders that are not a language
    /// (`Base.lproj`) are skipped, and so are languages without any `.strings` file.
    private static func indexTables(in directory: URL) -> [String: [String: URL]] {
        var urls: [String: [String: URL]] = [:]
        // Sorted, so when two folders name the same language (`zh.lproj`, `zh-Hans.lproj`) the choice is stable.
        for folder in StringTableDirectory.languageFolders(in: directory) {
            guard let tag = LanguageTag(folder.language) else { continue }
            for table in folder.tables where urls[tag.description]?[table] == nil {
                urls[tag.description, default: [:]][table] = folder.url(ofTable: table)
            }
        }
        return urls
    }

    private static func resolve(
        _ preference: LanguagePreference, available: [String: [String: URL]]
    ) -> LanguageResolution {
        let requested = preference.tag?.fallbackChain.map(\.description) ?? []
        var chain: [String] = []
        for code in requested + [LanguageTag.english.description]
        where available[code] != nil && !chain.contains(code) {
            chain.append(code)
        }
        let honoured = requested.contains { available[$0] != nil }
        return LanguageResolution(
            preference: preference,
            language: chain.first ?? preference.tag?.description ?? LanguageTag.english.description,
            chain: chain,
            fellBackToDefault: preference.source != .none && !honoured
        )
    }
}
