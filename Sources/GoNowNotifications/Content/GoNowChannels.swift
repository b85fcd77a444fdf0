public import WaveNotifications

/// GoNow's channels, one per mode (id = the mode), in the iOS category `activity_window` with its actions.
public enum GoNowChannels {
    /// The iOS category of every GoNow notification.
    public static let categoryID = "activity_window"

    /// The channel of a mode: default importance, active interruption, named by `gonow.channel.<mode>.*` keys.
    ///
    /// - Parameter mode: The mode.
    /// - Returns: The channel whose id is the mode's raw value.
    public static func channel(for mode: GoNowMode) -> NotificationChannel {
        NotificationChannel(
            id: mode.rawValue, importance: .default, categoryID: categoryID, interruptionLevel: .active,
            name: LocalizedText(table: GoNowTexts.table, key: "gonow.channel.\(mode.rawValue).name"),
            channelDescription: LocalizedText(
                table: GoNowTexts.table, key: "gonow.channel.\(mode.rawValue).description")
        )
    }

    /// The actions of the `activity_window` category: "View Details" (opens the Today tab) and "Dismiss".
    public static let actions: [NotificationAction] = [
        NotificationAction(
            id: "view_details", title: LocalizedText(table: GoNowTexts.table, key: "gonow.action.view_details")),
        NotificationAction(id: "dismiss", title: LocalizedText(table: GoNowTexts.table, key: "gonow.action.dismiss")),
    ]
}
