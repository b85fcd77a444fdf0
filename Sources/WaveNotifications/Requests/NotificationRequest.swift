public import Foundation

/// One notification to show at an instant: the general request every app builds and every platform carries out.
///
/// A request is identified by ``identifier``: scheduling the same identifier again replaces the pending one.
/// Its content is localization keys with arguments, resolved by the platform when it is shown. ``metadata`` routes
/// a tap inside the app and is never shown.
public struct NotificationRequest: Hashable, Sendable, Codable, Identifiable {
    /// Unique among pending requests; the same identifier again replaces.
    public var identifier: String
    /// The group it is shown in (iOS `threadIdentifier`, Android group key).
    public var threadID: String
    /// The channel (Android) or category (iOS) it belongs to.
    public var channel: NotificationChannel
    /// When it should be shown.
    public var fireAt: Date
    /// The title.
    public var title: LocalizedText
    /// The body.
    public var body: LocalizedText
    /// The link opened when the user taps it.
    public var deepLink: String
    /// The buttons offered on it, in order.
    public var actions: [NotificationAction]
    /// How long after ``fireAt`` a shown notification is withdrawn unless the user acted on it; `nil` keeps it.
    public var expiresAfter: Duration?
    /// A newer shown notification with the same collapse id replaces an older one.
    public var collapseID: String?
    /// How it may interrupt; the channel's level unless a gate lowered it (provisional permission → passive).
    public var interruptionLevel: NotificationChannel.InterruptionLevel
    /// Values for routing a tap inside the app; never shown.
    public var metadata: [String: String]

    /// The stable numeric id platforms that need an integer use (Android): see ``NotificationRequest/numericID(for:)``.
    public var numericID: Int32 { Self.numericID(for: identifier) }

    /// `Identifiable` conformance: the ``identifier``.
    public var id: String { identifier }

    /// Creates a request.
    ///
    /// - Parameters:
    ///   - identifier: Unique among pending requests.
    ///   - threadID: The group it is shown in; the identifier's own group when omitted.
    ///   - channel: Its channel.
    ///   - fireAt: When it should be shown.
    ///   - title: The title.
    ///   - body: The body.
    ///   - deepLink: The link opened on tap.
    ///   - actions: The buttons offered on it.
    ///   - expiresAfter: How long after `fireAt` a shown one is withdrawn.
    ///   - collapseID: Replaces a shown notification with the same collapse id.
    ///   - interruptionLevel: How it may interrupt; the channel's level when omitted.
    ///   - metadata: Values for routing a tap; never shown.
    public init(
        identifier: String, threadID: String? = nil, channel: NotificationChannel, fireAt: Date,
        title: LocalizedText, body: LocalizedText, deepLink: String, actions: [NotificationAction] = [],
        expiresAfter: Duration? = nil, collapseID: String? = nil,
        interruptionLevel: NotificationChannel.InterruptionLevel? = nil, metadata: [String: String] = [:]
    ) {
        self.identifier = identifier
        self.threadID = threadID ?? identifier
        self.channel = channel
        self.fireAt = fireAt
        self.title = title
        self.body = body
        self.deepLink = deepLink
        self.actions = actions
        self.expiresAfter = expiresAfter
        self.collapseID = collapseID
        self.interruptionLevel = interruptionLevel ?? channel.interruptionLevel
        self.metadata = metadata
    }

    /// The numeric id of an identifier: FNV-1a 32 over its UTF-8 bytes, masked to a positive `Int32`.
    ///
    /// - Parameter identifier: The request identifier.
    /// - Returns: `FNV-1a-32(identifier) & 0x7FFFFFFF`; equal identifiers always give equal ids.
    public static func numericID(for identifier: String) -> Int32 {
        Int32(bitPattern: FNV1a.hash32(identifier) & 0x7FFF_FFFF)
    }
}
