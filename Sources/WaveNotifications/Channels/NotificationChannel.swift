/// A channel (Android) or category (iOS): how a kind of notification interrupts, and how the user names it.
///
/// Android shows ``name`` and ``channelDescription`` in the system settings and uses ``importance``; iOS uses
/// ``categoryID`` for the actions and ``interruptionLevel``; the Linux adapter maps ``importance`` to the
/// freedesktop urgency and sends ``id`` as the `category` hint.
public struct NotificationChannel: Hashable, Sendable, Codable {
    /// How strongly a channel's notifications interrupt, in Android's terms.
    public enum Importance: String, Hashable, Sendable, Codable, CaseIterable {
        /// Shown without sound or heads-up.
        case low
        /// Shown with the default sound.
        case `default`
        /// Shown as a heads-up notification.
        case high
    }

    /// How a notification may break through Focus, in iOS's terms.
    public enum InterruptionLevel: String, Hashable, Sendable, Codable, CaseIterable {
        /// Added to the list quietly, without lighting the screen.
        case passive
        /// The default: sound and banner.
        case active
        /// Breaks through Focus and scheduled summaries.
        case timeSensitive
        /// Always sounds; needs a special entitlement.
        case critical
    }

    /// The stable id, for example `treatment_reminders` or `community.likes`.
    public var id: String {
        get { storage.fields.id }
        set { fields.id = newValue }
    }
    /// Android's importance.
    public var importance: Importance {
        get { storage.fields.importance }
        set { fields.importance = newValue }
    }
    /// The iOS notification category id (actions are registered per category), for example `COMMUNITY_LIKES`.
    public var categoryID: String {
        get { storage.fields.categoryID }
        set { fields.categoryID = newValue }
    }
    /// The iOS interruption level of the channel's notifications.
    public var interruptionLevel: InterruptionLevel {
        get { storage.fields.interruptionLevel }
        set { fields.interruptionLevel = newValue }
    }
    /// The channel's name in the user's settings.
    public var name: LocalizedText {
        get { storage.fields.name }
        set { fields.name = newValue }
    }
    /// The channel's description in the user's settings.
    public var channelDescription: LocalizedText {
        get { storage.fields.channelDescription }
        set { fields.channelDescription = newValue }
    }

    /// Creates a channel.
    ///
    /// - Parameters:
    ///   - id: The stable id.
    ///   - importance: Android's importance.
    ///   - categoryID: The iOS category id.
    ///   - interruptionLevel: The iOS interruption level.
    ///   - name: The channel's name in settings.
    ///   - channelDescription: The channel's description in settings.
    public init(
        id: String, importance: Importance = .default, categoryID: String,
        interruptionLevel: InterruptionLevel = .active, name: LocalizedText, channelDescription: LocalizedText
    ) {
        storage = Storage(
            Fields(
                id: id, importance: importance, categoryID: categoryID, interruptionLevel: interruptionLevel,
                name: name, channelDescription: channelDescription))
    }

    // MARK: - Storage, equality, hashing and coding (as if the fields were stored here)

    // Every request carries its channel: kept in one shared box, a channel costs a request one reference instead of
    // eight strings and arrays to copy, retain and release.
    private var storage: Storage

    /// The stored fields, in the order they are encoded.
    private struct Fields: Hashable, Sendable, Codable {
        var id: String
        var importance: Importance
        var categoryID: String
        var interruptionLevel: InterruptionLevel
        var name: LocalizedText
        var channelDescription: LocalizedText
    }

    /// The copy-on-write box: only ever mutated through ``fields`` after a uniqueness check.
    private final class Storage: @unchecked Sendable {
        var fields: Fields

        init(_ fields: Fields) {
            self.fields = fields
        }
    }

    /// The fields for mutation: copies the box first when another channel shares it.
    private var fields: Fields {
        get { storage.fields }
        _modify {
            if !isKnownUniquelyReferenced(&storage) {
                storage = Storage(storage.fields)
            }
            yield &storage.fields
        }
    }

    /// Two channels are equal when every field is.
    public static func == (lhs: NotificationChannel, rhs: NotificationChannel) -> Bool {
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
