public import Foundation
public import WaveNotifications

/// Something a GrowBro service call did besides notifications: a link the user's response opens.
public enum GrowBroFact: Hashable, Sendable {
    /// The user's response opened a link, routed through GrowBro's allowlist
    /// (``GrowBroNotificationService/openLink(_:)``).
    ///
    /// - Parameters:
    ///   - url: The link as opened.
    ///   - route: The route and its parameters, or the first check that refused it.
    ///   - at: When.
    case linkOpened(url: String, route: Result<DeepLinkMatch, DeepLinkRouteRejection>, at: Date)
}
