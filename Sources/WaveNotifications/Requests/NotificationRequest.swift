public import Foundation

/// One notification to show at an instant: the general request every app builds and every platform carries out.
///
/// A request is identified by ``identifier``: scheduling the same identifier again replaces the pending one.
/// Its content is localization keys with arguments, resolved by the platform when it is shown. ``metadata`` routes
/// a tap inside the app and is never shown.
public struct NotificationRequest: Hashable, Sendable, Codable, Identifiable, CustomReflectable {
    // A request is a large value (a dozen strings, arrays and a dictionary). Its fields live in one shared,
    // copy-on-write box, so copying a request — into a queue, a plan, an event for an observer — costs one
    // reference count instead of one per field, and arrays of requests stay small when they grow.
    private var storage: CopyOnWriteBox<Fields>

    /// Unique among pending requests; the same identifier again replaces.
    public var identifier: String {
        get { storage.value.identifier }
        set { storage.value.identifier = newValue }
    }
    /// The group it is shown in (iOS `threadIdentifier`, Android group key).
    public var threadID: String {
        get { storage.value.threadID }
        set { storage.value.threadID = newValue }
    }
    /// The channel (Android) or category (iOS) it belongs to.
    public var channel: NotificationChannel {
        get { storage.value.channel }
        set { storage.value.channel = newValue }
    }
    /// When it should be shown.
    public var fireAt: Date {
        get { storage.value.fireAt }
        set { storage.value.fireAt = newValue }
    }
    /// The title.
    public var title: LocalizedText {
        get { storage.value.title }
        set { storage.value.title = newValue }
    }
    /// The body.
    public var body: LocalizedText {
        get { storage.value.body }
        set { storage.value.body = newValue }
    }
    /// The link opened when the user taps it.
    public var deepLink: String {
        get { storage.value.deepLink }
        set { storage.value.deepLink = newValue }
    }
    /// The buttons offered on it, in order.
    public var actions: [NotificationAction] {
        get { storage.value.actions }
        set { storage.value.actions = newValue }
    }
    /// How long after ``fireAt`` a shown notification is withdrawn unless the user acted on it; `nil` keeps it.
    public var expiresAfter: Duration? {
        get { storage.value.expiresAfter }
        set { storage.value.expiresAfter = newValue }
    }
    /// A newer shown notification with the same collapse id replaces an older one.
    public var collapseID: String? {
        get { storage.value.collapseID }
        set { storage.value.collapseID = newValue }
    }
    /// How it may interrupt; the channel's level unless a gate lowered it (provisional permission → passive).
    public var interruptionLevel: NotificationChannel.InterruptionLevel {
        get { storage.value.interruptionLevel }
        set { storage.value.interruptionLevel = newValue }
    }
    /// Values for routing a tap inside the app; never shown.
    public var metadata: [String: String] {
        get { storage.value.metadata.dictionary }
        set { storage.value.metadata = RequestMetadata(newValue) }
    }

    /// The metadata value for `key`, read without building the ``metadata`` dictionary (a request keeps one or two
    /// entries inline).
    ///
    /// - Parameter key: The metadata key.
    /// - Returns: `metadata[key]`.
    public func metadataValue(forKey key: String) -> String? {
        storage.value.metadata.value(forKey: key)
    }

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
        self.init(
            identifier: identifier, threadID: threadID, channel: channel, fireAt: fireAt, title: title, body: body,
            deepLink: deepLink, actions: actions, expiresAfter: expiresAfter, collapseID: collapseID,
            interruptionLevel: interruptionLevel, storedMetadata: RequestMetadata(metadata))
    }

    /// Creates a request with metadata already in its stored form (the bridge's two entries, without a dictionary).
    init(
        identifier: String, threadID: String?, channel: NotificationChannel, fireAt: Date, title: LocalizedText,
        body: LocalizedText, deepLink: String, actions: [NotificationAction] = [], expiresAfter: Duration? = nil,
        collapseID: String? = nil, interruptionLevel: NotificationChannel.InterruptionLevel?,
        storedMetadata metadata: RequestMetadata
    ) {
        storage = CopyOnWriteBox(
            Fields(
                identifier: identifier, threadID: threadID ?? identifier, channel: channel, fireAt: fireAt,
                title: title, body: body, deepLink: deepLink, actions: actions, expiresAfter: expiresAfter,
                collapseID: collapseID, interruptionLevel: interruptionLevel ?? channel.interruptionLevel,
                metadata: metadata))
    }

    /// The numeric id of an identifier: FNV-1a 32 over its UTF-8 bytes, masked to a positive `Int32`.
    ///
    /// - Parameter identifier: The request identifier.
    /// - Returns: `FNV-1a-32(identifier) & 0x7FFFFFFF`; equal identifiers always give equal ids.
    public static func numericID(for identifier: String) -> Int32 {
        Int32(bitPattern: FNV1a.hash32(identifier) & 0x7FFF_FFFF)
    }

    // MARK: - Storage and coding (equality and hashing are the fields', through the box)

    /// The stored fields, in the order they are encoded.
    private struct Fields: Hashable, Sendable, Codable {
        var identifier: String
        var threadID: String
        var channel: NotificationChannel
        var fireAt: Date
        var title: LocalizedText
        var body: LocalizedText
        var deepLink: String
        var actions: [NotificationAction]
        var expiresAfter: Duration?
        var collapseID: String?
        var interruptionLevel: NotificationChannel.InterruptionLevel
        var metadata: RequestMetadata
    }

    /// The fields, as if they were stored here, for printing and debuggers (not the box that holds them).
    public var customMirror: Mirror {
        Mirror(self, children: Mirror(reflecting: storage.value).children, displayStyle: .struct)
    }

    /// Decodes the fields, keyed by their names.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: The decoder's errors.
    public init(from decoder: any Decoder) throws {
        storage = try CopyOnWriteBox(from: decoder)
    }

    /// Encodes the fields, keyed by their names, in declaration order.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: The encoder's errors.
    public func encode(to encoder: any Encoder) throws {
        try storage.encode(to: encoder)
    }
}
