public import Foundation
internal import Synchronization
public import WaveLocalizations
public import WaveNotifications

/// Resolves localization keys to text in the current language at delivery time, from a directory of
/// `<code>.lproj/Notifications.strings` tables.
///
/// - Language: an explicit code first, then `LC_ALL`, `LC_MESSAGES`, `LANG` (see ``LanguagePreference``),
///   then English. Each key is looked up along the fallback chain, for example `pt-BR` → `pt` → `en`, and
///   shows the key itself when no table has it.
/// - Tables are parsed on first use and cached; each value is pre-parsed into a ``MessageTemplate`` once,
///   so a render is two dictionary hits and a few appends under one uncontended lock.
/// - A missing key or an unusable table is reported once to the ``LocalizationObserver``.
/// - Right-to-left text (`ar`, `fa`, `he`, `ur` …) wraps each argument in U+2068 … U+2069 isolates, chosen
///   by the language of the table the template came from.
public final class LocalizedStringResolver: NotificationTextRenderer {
    /// The file name looked up inside each `<code>.lproj` folder.
    public static let tableFileName = "Notifications.strings"

    /// The text shown for an empty key, so no rendering is ever empty.
    public static let emptyKeyText = "…"

    /// The language codes that have a table in the directory, sorted, for example `["am", "ar", …, "zu"]`.
    public let availableLanguages: [String]

    private let tableURLs: [String: URL]
    private let environment: [String: String]
    private let observer: (any LocalizationObserver)?
    // Every mutable field lives in this Mutex, which is what makes the class Sendable.
    private let state: Mutex<State>

    private struct State {
        var resolution: LanguageResolution
        /// Parsed tables by language code; `.some(nil)` records a table that failed to parse.
        var tables: [String: StringsTable?] = [:]
        /// Templates for the current chain, by key; cleared when the language changes.
        var templates: [String: MessageTemplate] = [:]
        var reportedMissing: Set<String> = []
    }

    private enum Diagnostic {
        case missing(key: String, language: String, fallbackLanguage: String?)
        case unusable(language: String, error: StringsParseError)
    }

    /// Creates a resolver over a directory of `.lproj` folders; no table is parsed until it is needed.
    ///
    /// - Parameters:
    ///   - directory: The folder holding `<code>.lproj/Notifications.strings`; the package's bundled tables by
    ///     default. A missing or unreadable folder gives a resolver that shows keys (never a crash).
    ///   - language: An explicit language code (`--lang`), which beats the environment; `nil` for none.
    ///   - environment: Where `LC_ALL`, `LC_MESSAGES` and `LANG` are read; the process's by default.
    ///   - observer: Receives each missing key and unusable table once.
    public init(
        directory: URL = BundledLocalizations.directory,
        language: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        observer: (any LocalizationObserver)? = nil
    ) {
        let tableURLs = Self.indexTables(in: directory)
        self.tableURLs = tableURLs
        self.availableLanguages = tableURLs.keys.sorted()
        self.environment = environment
        self.observer = observer
        let preference = LanguagePreference.resolve(argument: language, environment: environment)
        self.state = Mutex(State(resolution: Self.resolve(preference, available: tableURLs)))
    }

    /// The language currently used and how it was chosen.
    public var resolution: LanguageResolution {
        state.withLock { $0.resolution }
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
            state.resolution = resolution
            state.templates.removeAll(keepingCapacity: true)
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

    /// Whether a table exists for `language` or a less specific form of it (`pt` for `pt-BR`).
    ///
    /// - Parameter language: A language code, for example the value of `wavesim --lang`.
    /// - Returns: `false` for a malformed code or one that would fall back to English.
    public func supports(_ language: String) -> Bool {
        guard let tag = LanguageTag(language) else { return false }
        return tag.fallbackChain.contains { tableURLs[$0.description] != nil }
    }

    /// Resolves `content`'s title and body in the current language.
    ///
    /// - Parameter content: The payload to render.
    /// - Returns: The title, the body with ``NotificationContent/bodyArgs`` inserted, and the language code of
    ///   the first table of the chain (``LanguageResolution/language``).
    public func render(_ content: NotificationContent) -> RenderedText {
        var diagnostics: [Diagnostic] = []
        let (title, body, language) = state.withLock { state in
            (
                template(for: content.titleKey, in: &state, diagnostics: &diagnostics),
                template(for: content.bodyKey, in: &state, diagnostics: &diagnostics),
                state.resolution.language
            )
        }
        report(diagnostics)
        return RenderedText(title: title.render([]), body: body.render(content.bodyArgs), locale: language)
    }

    /// Resolves one key in the current language.
    ///
    /// - Parameters:
    ///   - key: The localization key.
    ///   - arguments: The values of `%1$@`, `%2$@` …; extra ones are ignored.
    /// - Returns: The text, never empty; the key itself when no table defines it.
    public func string(forKey key: String, arguments: [String] = []) -> String {
        var diagnostics: [Diagnostic] = []
        let resolved = state.withLock { state in template(for: key, in: &state, diagnostics: &diagnostics) }
        report(diagnostics)
        return resolved.render(arguments)
    }

    private func template(
        for key: String, in state: inout State, diagnostics: inout [Diagnostic]
    )
        -> MessageTemplate
    {
        if let cached = state.templates[key] { return cached }
        let emptyReplacement = key.isEmpty ? Self.emptyKeyText : key
        var found: (template: MessageTemplate, language: String)?
        for language in state.resolution.chain {
            guard let value = table(for: language, in: &state, diagnostics: &diagnostics)?.entry(forKey: key)?.value,
                !value.isEmpty
            else { continue }
            let isolates = LanguageTag(language)?.isRightToLeft ?? false
            found = (
                MessageTemplate(compiling: value, isolatesArguments: isolates, emptyReplacement: emptyReplacement),
                language
            )
            break
        }
        let wanted = state.resolution.language
        if found?.language != wanted, state.reportedMissing.insert(wanted + "\u{0}" + key).inserted {
            diagnostics.append(.missing(key: key, language: wanted, fallbackLanguage: found?.language))
        }
        let template = found?.template ?? MessageTemplate(verbatim: key, emptyReplacement: emptyReplacement)
        state.templates[key] = template
        return template
    }

    private func table(
        for language: String, in state: inout State, diagnostics: inout [Diagnostic]
    )
        -> StringsTable?
    {
        if let loaded = state.tables[language] { return loaded }
        guard let url = tableURLs[language] else { return nil }
        let file = url.deletingLastPathComponent().lastPathComponent + "/" + Self.tableFileName
        do {
            let table = try StringsFileParser.parse(contentsOf: url, file: file)
            state.tables[language] = .some(table)
            return table
        } catch {
            state.tables[language] = .some(nil)
            diagnostics.append(.unusable(language: language, error: error))
            return nil
        }
    }

    private func report(_ diagnostics: [Diagnostic]) {
        guard let observer, !diagnostics.isEmpty else { return }
        for diagnostic in diagnostics {
            switch diagnostic {
            case .missing(let key, let language, let fallbackLanguage):
                observer.translationMissing(key: key, language: language, fallbackLanguage: fallbackLanguage)
            case .unusable(let language, let error):
                observer.tableUnusable(language: language, error: error)
            }
        }
    }

    /// Maps each language code to its table file; folders that are not a language (`Base.lproj`) are skipped.
    private static func indexTables(in directory: URL) -> [String: URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var urls: [String: URL] = [:]
        // Sorted, so when two folders name the same language (`zh.lproj`, `zh-Hans.lproj`) the choice is stable.
        for name in names.sorted() where name.hasSuffix(".lproj") && name != "Base.lproj" {
            guard let tag = LanguageTag(String(name.dropLast(".lproj".count))), urls[tag.description] == nil
            else { continue }
            let url = directory.appendingPathComponent(name, isDirectory: true)
                .appendingPathComponent(tableFileName, isDirectory: false)
            if FileManager.default.fileExists(atPath: url.path) { urls[tag.description] = url }
        }
        return urls
    }

    private static func resolve(_ preference: LanguagePreference, available: [String: URL]) -> LanguageResolution {
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
