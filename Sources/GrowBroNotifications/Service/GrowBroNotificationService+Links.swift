public import WaveNotifications

/// Where a link or a pick on a notification leads: GrowBro's allowlist and its actions' links.
extension GrowBroNotificationService {
    /// The user opened a link: routed through GrowBro's allowlist (``DeepLinkRouter/growBro``).
    ///
    /// - Parameter link: The link as given.
    /// - Returns: The route and its parameters.
    /// - Throws: ``DeepLinkRouteRejection``, the first of the router's checks that fails.
    public nonisolated func openLink(_ link: String) throws(DeepLinkRouteRejection) -> DeepLinkMatch {
        try DeepLinkRouter.growBro.route(link)
    }

    /// What the user's pick on a shown notification opens: a click its deep link, Reply the post, View profile
    /// `growbro://profile/<authorId>` (see ``GrowBroActions/link(forAction:on:)``). Open the link with
    /// ``openLink(_:)``.
    ///
    /// - Parameters:
    ///   - actionID: The action's id as the platform reports it; `nil` for a click on the notification.
    ///   - request: The shown notification's request.
    /// - Returns: The link to open, or `nil` when the notification does not offer that action.
    public nonisolated func link(forAction actionID: String?, on request: NotificationRequest) -> String? {
        GrowBroActions.link(forAction: actionID, on: request)
    }
}
