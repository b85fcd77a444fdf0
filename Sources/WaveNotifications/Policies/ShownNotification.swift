public import Foundation

/// A notification that was shown: what the history-aware policies (no re-notify, daily caps) look back on.
public struct ShownNotification: Hashable, Sendable, Codable {
    /// The request identifier it was shown under.
    public var identifier: String
    /// The subject it announced (a window, an occurrence); `nil` when it has none.
    public var dedupeKey: String?
    /// The cap group it counted in (a mode, a category); `nil` when it has none.
    public var capKey: String?
    /// When it was shown.
    public var shownAt: Date
    /// When the user acted on it; `nil` when they have not.
    public var respondedAt: Date?

    /// Creates a record.
    ///
    /// - Parameters:
    ///   - identifier: The request identifier.
    ///   - dedupeKey: The subject it announced.
    ///   - capKey: The cap group it counted in.
    ///   - shownAt: When it was shown.
    ///   - respondedAt: When the user acted on it.
    public init(
        identifier: String, dedupeKey: String? = nil, capKey: String? = nil, shownAt: Date, respondedAt: Date? = nil
    ) {
        self.identifier = identifier
        self.dedupeKey = dedupeKey
        self.capKey = capKey
        self.shownAt = shownAt
        self.respondedAt = respondedAt
    }
}
