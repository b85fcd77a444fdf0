public import WaveNotifications

/// GrowBro's four channels (Android) and categories (iOS), and the matrix of how each interrupts.
///
/// The raw value is the Android channel id and the settings key; ``channel`` gives the full core channel:
/// interactions (default importance, `COMMUNITY_INTERACTIONS`, active), likes (low, `COMMUNITY_LIKES`, active),
/// reminders (high, `CULTIVATION_REMINDERS`, time-sensitive), updates (default, `SYSTEM_UPDATES`, active).
/// Interactions register the Reply and View profile ``actions``.
public enum GrowBroChannel: String, Hashable, Sendable, Codable, CaseIterable {
    /// Replies to the user's posts.
    case interactions = "community.interactions"
    /// Likes on the user's posts.
    case likes = "community.likes"
    /// Task reminders and the overdue digest.
    case reminders = "cultivation.reminders"
    /// System messages from GrowBro.
    case updates = "system.updates"

    /// Android's importance of the channel.
    public var importance: NotificationChannel.Importance {
        switch self {
        case .interactions, .updates: return .default
        case .likes: return .low
        case .reminders: return .high
        }
    }

    /// The iOS notification category id.
    public var categoryID: String {
        switch self {
        case .interactions: return "COMMUNITY_INTERACTIONS"
        case .likes: return "COMMUNITY_LIKES"
        case .reminders: return "CULTIVATION_REMINDERS"
        case .updates: return "SYSTEM_UPDATES"
        }
    }

    /// The iOS interruption level: time-sensitive for reminders, active for the others.
    public var interruptionLevel: NotificationChannel.InterruptionLevel {
        self == .reminders ? .timeSensitive : .active
    }

    /// The actions registered with the channel's iOS category (and offered as Android action buttons): Reply and View
    /// profile for interactions, none for the others. A notification offers those that apply to it
    /// (``GrowBroActions/actions(for:)``).
    public var actions: [NotificationAction] {
        self == .interactions ? [GrowBroActions.reply, GrowBroActions.viewProfile] : []
    }

    /// The core channel, named by the `growbro.channel.<id>.name` and `.description` keys of the `GrowBro` table.
    public var channel: NotificationChannel {
        NotificationChannel(
            id: rawValue, importance: importance, categoryID: categoryID, interruptionLevel: interruptionLevel,
            name: GrowBroTexts.text("growbro.channel.\(rawValue).name"),
            channelDescription: GrowBroTexts.text("growbro.channel.\(rawValue).description")
        )
    }

    /// The GrowBro channel of a core channel id.
    ///
    /// - Parameter id: A channel id such as `community.likes`.
    /// - Returns: The channel, or `nil` when the id is not one of GrowBro's.
    public init?(channelID id: String) {
        self.init(rawValue: id)
    }
}
