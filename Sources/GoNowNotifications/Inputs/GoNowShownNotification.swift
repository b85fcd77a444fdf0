public import Foundation
public import WaveNotifications

/// A GoNow notification that was shown: what the no-re-notify rule compares against.
public struct GoNowShownNotification: Hashable, Sendable {
    /// The request's identifier.
    public var identifier: String
    /// Mode and window start: a candidate with the same key is `already_notified`.
    public var dedupeKey: String
    /// The mode: a candidate of the same mode is `already_notified` when this was shown in (fireAt − 30 min, fireAt).
    public var capKey: String
    /// When it was shown.
    public var shownAt: Date

    /// Creates a history entry.
    ///
    /// - Parameters:
    ///   - identifier: The request's identifier.
    ///   - dedupeKey: Mode and window start (see ``GoNowCandidate/dedupeKey``).
    ///   - capKey: The mode's raw value.
    ///   - shownAt: When it was shown.
    public init(identifier: String, dedupeKey: String, capKey: String, shownAt: Date) {
        self.identifier = identifier
        self.dedupeKey = dedupeKey
        self.capKey = capKey
        self.shownAt = shownAt
    }

    /// Creates the entry of a shown request built by ``GoNowPlanner``, reading its keys from the request's metadata.
    ///
    /// A request without GoNow metadata uses its identifier as the dedupe key and the identifier's mode prefix
    /// (or the identifier) as the cap key.
    ///
    /// - Parameters:
    ///   - request: The request as it was shown.
    ///   - shownAt: When it was shown.
    public init(request: NotificationRequest, shownAt: Date) {
        let mode =
            request.metadataValue(forKey: GoNowMetadataKey.mode) ?? GoNowMode.prefixing(request.identifier)?.rawValue
        self.init(
            identifier: request.identifier,
            dedupeKey: request.metadataValue(forKey: GoNowMetadataKey.dedupeKey) ?? request.identifier,
            capKey: request.metadataValue(forKey: GoNowMetadataKey.capKey) ?? mode ?? request.identifier,
            shownAt: shownAt)
    }

    /// The entry as the core's history record, for ``WaveNotifications/NoRenotify``.
    public var shownNotification: ShownNotification {
        ShownNotification(identifier: identifier, dedupeKey: dedupeKey, capKey: capKey, shownAt: shownAt)
    }
}
