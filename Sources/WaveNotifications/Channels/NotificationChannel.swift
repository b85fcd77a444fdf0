/// A channel (Android) or category (iOS): how a kind of notification interrupts, and how the user names it.
///
/// Android shows ``name`` and ``channelDescription`` in the system settings and uses ``importance``; iOS uses
/// ``categoryID`` for the actions and ``interruptionLevel``; the Linux adapter maps ``importance`` to the
/// freedesktop urgency and sends ``id`` as the `category` hint.
public struct NotificationChannel: Hashable, Sendable, Codable, CustomReflectable {
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
        get { storage.value.id }
        set { storage.value.id = newValue }
    }
    /// Android's importance.
    public var importance: Importance {
        get { storage.value.importance }
        set { storage.value.importance = newValue }
    }
    /// The iOS notification category id (actions are registered per category), for example `COMMUNITY_LIKES`.
    public var categoryID: String {
        get { storage.value.categoryID }
        set { storage.value.categoryID = newValue }
    }
    /// The iOS interruption level of the channel's notifications.
    public var interruptionLevel: InterruptionLevel {
        get { storage.value.interruptionLevel }
        set { storage.value.interruptionLevel = newValue }
    }
    /// The channel's name in the user's settings.
    public var name: LocalizedText {
        get { storage.value.name }
        set { storage.value.name = newValue }
    }
    /// The channel's description in the user's settings.
    public var channelDescription: LocalizedText {
        get { storage.value.channelDescription }
        set { storage.value.channelDescription = newValue }
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
        storage = CopyOnWriteBox(
            Fields(
                id: id, importance: importance, categoryID: categoryID, interruptionLevel: interruptionLevel,
                name: name, channelDescription: channelDescription))
    }

    // MARK: - Storage and coding (equality and hashing are the fields', through the box)

    // Every request carries its channel: kept in one shared box, a channel costs a request one reference instead of
    // eight strings and arrays to copy, retain and release.
    private var storage: CopyOnWriteBox<Fields>

    /// The stored fields, in the order they are encoded.
    private struct Fields: Hashable, Sendable, Codable {
        var id: String
        var importance: Importance
        var categoryID: String
        var interruptionLevel: InterruptionLevel
        var name: LocalizedText
        var channelDescription: LocalizedText
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
