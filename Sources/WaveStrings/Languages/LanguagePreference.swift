/// The language asked for and where the request came from, before any table is consulted.
public struct LanguagePreference: Hashable, Sendable {
    /// Where a preference came from.
    public enum Source: Hashable, Sendable {
        /// An explicit argument: the API or a command line's `--lang`.
        case argument
        /// An environment variable: `LC_ALL`, `LC_MESSAGES` or `LANG`.
        case environment(variable: String)
        /// Nothing was asked for; English is used.
        case none
    }

    /// The environment variables consulted, strongest first, as POSIX orders them for messages.
    public static let environmentVariables = ["LC_ALL", "LC_MESSAGES", "LANG"]

    /// The text as given, for example `fr_CA.UTF-8`; `nil` when nothing was asked for.
    public var requested: String?
    /// The parsed request, for example `fr-CA`; `nil` when nothing (or nothing parseable) was asked for.
    public var tag: LanguageTag?
    /// Where the request came from.
    public var source: Source

    /// Creates a preference.
    ///
    /// - Parameters:
    ///   - requested: The text as given.
    ///   - tag: The parsed request.
    ///   - source: Where it came from.
    public init(requested: String?, tag: LanguageTag?, source: Source) {
        self.requested = requested
        self.tag = tag
        self.source = source
    }

    /// Picks the language to use: `argument` first, then `LC_ALL`, `LC_MESSAGES`, `LANG`.
    ///
    /// An empty value, `C` or `POSIX` (with or without an encoding, as in `C.UTF-8`) means "no preference" and
    /// the next source is consulted; so does an environment value that is not a language code. Any other
    /// explicit argument is used even when it is malformed or no table exists for it, so the caller can see
    /// it fell back (``LanguageResolution/fellBackToDefault``) and warn.
    ///
    /// - Parameters:
    ///   - argument: An explicit language code, or `nil`.
    ///   - environment: The process environment; injectable so tests do not depend on the machine.
    /// - Returns: The first usable preference, or one with source ``Source/none``.
    public static func resolve(argument: String?, environment: [String: String]) -> LanguagePreference {
        if let argument, !isNoPreference(argument) {
            // A malformed explicit code is still a request: it resolves to English and reports the fallback.
            return LanguagePreference(requested: argument, tag: LanguageTag(argument), source: .argument)
        }
        for variable in environmentVariables {
            if let value = environment[variable], let tag = LanguageTag(value) {
                return LanguagePreference(requested: value, tag: tag, source: .environment(variable: variable))
            }
        }
        return LanguagePreference(requested: nil, tag: nil, source: .none)
    }

    /// Whether `code` is empty, `C` or `POSIX`, ignoring an encoding or modifier suffix.
    private static func isNoPreference(_ code: String) -> Bool {
        let name = code.split(whereSeparator: { $0 == "." || $0 == "@" }).first ?? ""
        let trimmed = name.filter { !$0.isWhitespace }.uppercased()
        return trimmed.isEmpty || trimmed == "C" || trimmed == "POSIX"
    }
}
