public import WaveStrings

/// Passes a resolver's diagnostics to a manager's observer, as ``ManagerEvent/translationMissing(_:)`` and
/// ``ManagerEvent/stringsTableUnusable(language:error:)``, so that one observer sees every problem.
///
/// Give it to the resolver that renders the manager's notifications:
/// `LocalizedStringResolver(observer: ManagerLocalizationObserver(forwardingTo: observer))`, and the same
/// `observer` to the manager. The resolver reports each missing key once (per language and table); the report
/// comes from the thread that rendered the text, in the manager's delivery step when the manager delivers, before that
/// delivery's ``ManagerEvent/delivered(_:)``.
public struct ManagerLocalizationObserver: LocalizationObserver {
    private let observer: any NotificationManagerObserver

    /// Creates the bridge.
    ///
    /// - Parameter observer: The manager's observer, which receives the resolver's reports as manager events.
    public init(forwardingTo observer: any NotificationManagerObserver) {
        self.observer = observer
    }

    /// Reports the missing key as ``ManagerEvent/translationMissing(_:)``.
    ///
    /// - Parameter missing: The key, its table, the language wanted and the one shown instead.
    public func translationMissing(_ missing: MissingTranslation) {
        observer.manager(didReport: .translationMissing(missing))
    }

    /// Reports the table as ``ManagerEvent/stringsTableUnusable(language:error:)``.
    ///
    /// - Parameters:
    ///   - language: The table's language code.
    ///   - error: Where and why parsing failed.
    public func tableUnusable(language: String, error: StringsParseError) {
        observer.manager(didReport: .stringsTableUnusable(language: language, error: error))
    }
}
