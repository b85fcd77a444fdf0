/// A button on a shown notification: an id the app handles and the localization key of its title.
public struct NotificationAction: Hashable, Sendable, Codable {
    /// The id a response carries when the user taps the notification itself rather than one of its actions (the
    /// freedesktop `default` action, iOS's `UNNotificationDefaultActionIdentifier`).
    public static let defaultActionID = "default"

    /// The id the app receives when the user picks the action, for example `snooze` or `log`.
    public var id: String
    /// The button's title.
    public var title: LocalizedText

    /// Creates an action.
    ///
    /// - Parameters:
    ///   - id: The id reported back to the app.
    ///   - title: The button's title.
    public init(id: String, title: LocalizedText) {
        self.id = id
        self.title = title
    }
}
