/// An encoded push: the JSON body for the push service and what travels beside it.
public struct PushPayload: Hashable, Sendable {
    /// The push service.
    public enum Platform: String, CaseIterable, Hashable, Sendable {
        /// Apple Push Notification service.
        case apns
        /// Firebase Cloud Messaging, HTTP v1 API.
        case fcm
    }

    /// The service the payload is for.
    public let platform: Platform
    /// The JSON, always valid UTF-8 and at most the encoder's limit in bytes.
    public let json: String
    /// The APNs `apns-collapse-id` request header (not part of ``json``); `nil` for FCM, whose `collapse_key` is
    /// in the JSON.
    public let collapseIDHeader: String?
    /// Whether the body (or, for localized texts, the last body argument) was cut to fit.
    public let isBodyShortened: Bool

    /// The UTF-8 size of ``json``.
    public var bytes: Int { json.utf8.count }

    /// Creates a payload.
    ///
    /// - Parameters:
    ///   - platform: The push service.
    ///   - json: The JSON.
    ///   - collapseIDHeader: The `apns-collapse-id` header, if any.
    ///   - isBodyShortened: Whether the body was cut.
    public init(platform: Platform, json: String, collapseIDHeader: String?, isBodyShortened: Bool) {
        self.platform = platform
        self.json = json
        self.collapseIDHeader = collapseIDHeader
        self.isBodyShortened = isBodyShortened
    }
}
