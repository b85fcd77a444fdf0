/// A button on a shown notification: an id the app handles and the localization key of its title.
public struct NotificationAction: Hashable, Sendable, Codable {
    /// The id a response carries when the user taps the notification itself rather than one of its actions (the
    /// freedesktop `default` action, iOS's `UNNotificationDefaultActionIdentifier`).
    public static let defaultActionID = "default"

    /// The id the app receives when the user picks the action, for example `snooze` or `log`.
    public var id: String
    /// The button's title.
    public var title: LocalizedText
    /// Whether the action asks the user for text (iOS's text-input action, for a reply); a platform without text
    /// input offers it as a plain button. `false` by default.
    public var isTextInput: Bool

    /// Creates an action.
    ///
    /// - Parameters:
    ///   - id: The id reported back to the app.
    ///   - title: The button's title.
    ///   - isTextInput: Whether the action asks for text (iOS); `false` by default.
    public init(id: String, title: LocalizedText, isTextInput: Bool = false) {
        self.id = id
        self.title = title
        self.isTextInput = isTextInput
    }

    private enum CodingKeys: String, CodingKey {
        case id
        case title
        case isTextInput
    }

    /// Decodes `id`, `title` and `isTextInput` (absent in actions encoded before it existed: `false`).
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: The decoder's errors.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        title = try container.decode(LocalizedText.self, forKey: .title)
        isTextInput = try container.decodeIfPresent(Bool.self, forKey: .isTextInput) ?? false
    }

    /// Encodes `id`, `title` and, only when `true`, `isTextInput`, so a plain action encodes as it always did.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: The encoder's errors.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(title, forKey: .title)
        if isTextInput { try container.encode(isTextInput, forKey: .isTextInput) }
    }
}
