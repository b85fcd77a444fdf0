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
    public var id: String
    /// Android's importance.
    public var importance: Importance
    /// The iOS notification category id (actions are registered per category), for example `COMMUNITY_LIKES`.
    public var categoryID: String
    /// The iOS interruption level of the channel's notifications.
    public var interruptionLevel: InterruptionLevel
    /// The channel's name in the user's settings.
    public var name: LocalizedText
    /// The channel's description in the user's settings.
    public var channelDescription: LocalizedText

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
        self.id = id
        self.importance = importance
        self.categoryID = categoryID
        self.interruptionLevel = interruptionLevel
        self.name = name
        self.channelDescription = channelDescription
    }
}
