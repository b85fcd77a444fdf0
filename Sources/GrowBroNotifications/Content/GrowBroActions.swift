public import WaveNotifications

/// The actions of GrowBro's `community.interactions` channel (iOS category `COMMUNITY_INTERACTIONS`), and what each
/// opens when the user picks it on a shown notification.
///
/// A reply offers **Reply** (`reply`: on iOS a text-input action; where there is no text input, as on the desktop,
/// it opens the post) and, when the push has its author's id, **View profile** (`view_profile`: opens
/// `growbro://profile/<authorId>`). Titles are the `growbro.action.reply` and `growbro.action.view_profile` keys of
/// the `GrowBro` table. The author's id travels in the request's metadata under ``authorIDMetadataKey``.
public enum GrowBroActions {
    /// The metadata key of a push's author id on its request.
    public static let authorIDMetadataKey = "authorId"

    /// Reply: "Reply", a text-input action on iOS.
    public static let reply = NotificationAction(
        id: "reply", title: GrowBroTexts.text("growbro.action.reply"), isTextInput: true)

    /// View profile: "View profile", opening the author's profile.
    public static let viewProfile = NotificationAction(
        id: "view_profile", title: GrowBroTexts.text("growbro.action.view_profile"))

    /// The actions a push's notification offers: Reply and, when the push has an author id, View profile for a
    /// reply; none for likes and system messages (their channels register no actions).
    ///
    /// - Parameter push: The push.
    /// - Returns: The actions, in the order they are shown.
    public static func actions(for push: GrowBroPush) -> [NotificationAction] {
        guard push.channel == .interactions else { return [] }
        return push.authorID == nil ? [reply] : [reply, viewProfile]
    }

    /// The deep link an action opens on a shown notification: a click (`nil` or ``NotificationAction/defaultActionID``) opens its deep
    /// link, Reply opens the post (the reply itself is the app's, from the text the platform hands over), View
    /// profile opens `growbro://profile/<authorId>`.
    ///
    /// Route the link with ``GrowBroNotificationService/openLink(_:)`` as any other link.
    ///
    /// - Parameters:
    ///   - actionID: The action's id as the platform reports it; `nil` for a click on the notification.
    ///   - request: The shown notification's request.
    /// - Returns: The link to open, or `nil` when the action is not one the notification offers (or View profile
    ///   on a notification without an author id).
    public static func link(forAction actionID: String?, on request: NotificationRequest) -> String? {
        switch actionID {
        case nil, NotificationAction.defaultActionID?:
            return request.deepLink
        case reply.id? where request.actions.contains { $0.id == reply.id }:
            return request.deepLink
        case viewProfile.id? where request.actions.contains { $0.id == viewProfile.id }:
            return request.metadataValue(forKey: authorIDMetadataKey).map(GrowBroLinks.profile)
        default:
            return nil
        }
    }
}
