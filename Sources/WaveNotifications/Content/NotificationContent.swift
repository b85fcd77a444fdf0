/// A platform-agnostic notification payload: localization keys and their arguments, never final text.
///
/// Platforms resolve ``titleKey`` and ``bodyKey`` in the user's language at delivery time, inserting
/// ``bodyArgs`` into the positional placeholders (`%1$@`, `%2$@`) of the body.
public struct NotificationContent: Hashable, Sendable, Codable {
    /// The localization key of the title, for example `notification_event_starting`.
    public var titleKey: String
    /// The localization key of the body, for example `notification_1h_before`.
    public var bodyKey: String
    /// The arguments for the body's positional placeholders, in placeholder order.
    public var bodyArgs: [String]
    /// The link opened when the user taps the notification, for example `myapp://event?id=paris`.
    public var deepLink: String

    /// Creates a payload.
    ///
    /// - Parameters:
    ///   - titleKey: The localization key of the title.
    ///   - bodyKey: The localization key of the body.
    ///   - bodyArgs: The body's arguments, in placeholder order.
    ///   - deepLink: The link opened on tap.
    public init(titleKey: String, bodyKey: String, bodyArgs: [String] = [], deepLink: String) {
        self.titleKey = titleKey
        self.bodyKey = bodyKey
        self.bodyArgs = bodyArgs
        self.deepLink = deepLink
    }
}
