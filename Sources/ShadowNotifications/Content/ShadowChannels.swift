public import WaveNotifications

/// Shadow's channels: one per category (id = the category), default importance, active interruption.
public enum ShadowChannels {
    /// The channel of a category, in iOS category `SHADOW_<CATEGORY>`, named by the category's title key and
    /// described by `shadow.<category>.channel_description`.
    ///
    /// - Parameter category: The category.
    /// - Returns: The channel whose id is the category's raw value.
    public static func channel(for category: ShadowCategory) -> NotificationChannel {
        NotificationChannel(
            id: category.rawValue, importance: .default, categoryID: categoryID(for: category),
            interruptionLevel: .active, name: ShadowTexts.title(for: category),
            channelDescription: LocalizedText(
                table: ShadowTexts.table, key: "shadow.\(category.rawValue).channel_description"))
    }

    /// The iOS category id of a category's notifications: `SHADOW_` and the category in capitals.
    ///
    /// - Parameter category: The category.
    /// - Returns: For example `SHADOW_SUPPLEMENTS`.
    public static func categoryID(for category: ShadowCategory) -> String {
        "SHADOW_" + category.rawValue.uppercased()
    }
}
