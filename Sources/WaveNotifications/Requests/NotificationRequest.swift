public import Foundation

/// One notification to show at an instant: the general request every app builds and every platform carries out.
///
/// A request is identified by ``identifier``: scheduling the same identifier again replaces the pending one.
/// Its content is localization keys with arguments, resolved by the platform when it is shown. ``metadata`` routes
/// a tap inside the app and is never shown.
public struct NotificationRequest: Hashable, Sendable, Codable, Identifiable {
    // A request is a large value (a dozen strings, arrays and a dictionary). Its fields live in one shared,
    // copy-on-write box, so copying a request — into a queue, a plan, an event for an observer — costs one
    // reference count instead of one per field, and arrays of requests stay small when they grow.
    private var storage: Storage

    /// Unique among pending requests; the same identifier again replaces.
    public var identifier: String {
        get { storage.fields.identifier }
        set { fields.identifier = newValue }
    }
    /// The group it is shown in (iOS `threadIdentifier`, Android group key).
    public var threadID: String {
        get { storage.fields.threadID }
        set { fields.threadID = newValue }
    }
    /// The channel (Android) or category (iOS) it belongs to.
    public var channel: NotificationChannel {
        get { storage.fields.channel }
        set { fields.channel = newValue }
    }
    /// When it should be shown.
    public var fireAt: Date {
        get { storage.fields.fireAt }
        set { fields.fireAt = newValue }
    }
    /// The title.
    public var title: LocalizedText {
        get { storage.fields.title }
        set { fields.title = newValue }
    }
    /// The body.
    public var body: LocalizedText {
        get { storage.fields.body }
        set { fields.body = newValue }
    }
    /// The link opened when the user taps it.
    public var deepLink: String {
        get { storage.fields.deepLink }
        set { fields.deepLink = newValue }
    }
    /// The buttons offered on it, in order.
    public var actions: [NotificationAction] {
        get { storage.fields.actions }
        set { fields.actions = newValue }
    }
    /// How long after ``fireAt`` a shown notification is withdrawn unless the user acted on it; `nil` keeps it.
    public var expiresAfter: Duration? {
        get { storage.fields.expiresAfter }
        set { fields.expiresAfter = newValue }
    }
    /// A newer shown notification with the same collapse id replaces an older one.
    public var collapseID: String? {
        get { storage.fields.collapseID }
        set { fields.collapseID = newValue }
    }
    /// How it may interrupt; the channel's level unless a gate lowered it (provisional permission → passive).
    public var interruptionLevel: NotificationChannel.InterruptionLevel {
        get { storage.fields.interruptionLevel }
        set { fields.interruptionLevel = newValue }
    }
    /// Values for routing a tap inside the app; never shown.
    public var metadata: [String: String] {
        get { storage.fields.metadata.dictionary }
        set { fields.metadata = RequestMetadata(newValue) }
    }

    /// The metadata value for `key`, read without building the ``metadata`` dictionary (a request keeps one or two
    /// entries inline).
    ///
    /// - Parameter key: The metadata key.
    /// - Returns: `metadata[key]`.
    public func metadataValue(forKey key: String) -> String? {
        storage.fields.metadata.value(forKey: key)
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
        storage = Storage(
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

    // MARK: - Storage, equality, hashing and coding (as if the fields were stored here)

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

    /// The copy-on-write box: only ever mutated through ``fields`` after a uniqueness check.
    private final class Storage: @unchecked Sendable {
        var fields: Fields

        init(_ fields: Fields) {
            self.fields = fields
        }
    }

    /// The fields for mutation: copies the box first when another request shares it.
    private var fields: Fields {
        get { storage.fields }
        _modify {
            if !isKnownUniquelyReferenced(&storage) {
                storage = Storage(storage.fields)
            }
            yield &storage.fields
        }
    }

    /// Two requests are equal when every field is.
    public static func == (lhs: NotificationRequest, rhs: NotificationRequest) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    /// Hashes every field.
    ///
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.fields)
    }

    /// Decodes the fields, keyed by their names.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: The decoder's errors.
    public init(from decoder: any Decoder) throws {
        storage = Storage(try Fields(from: decoder))
    }

    /// Encodes the fields, keyed by their names, in declaration order.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: The encoder's errors.
    public func encode(to encoder: any Encoder) throws {
        try storage.fields.encode(to: encoder)
    }
}
