/// The API's routes: each path with its one method, and whether it needs a key.
package enum APIRoute: String, Sendable, CaseIterable {
    /// `GET /v1/health`: the process answers (no key).
    case health
    /// `GET /v1/ready`: the store answers (no key).
    case ready
    /// `POST /v1/tokens`: register or refresh an installation's token.
    case tokens
    /// `POST /v1/logout`: remove an installation whose user signed out of it.
    case logout
    /// `POST /v1/preferences`: the channel switches and archive age the app synced for a user.
    case preferences
    /// `POST /v1/events`: a reply, like, system message or refresh to one user.
    case events
    /// `POST /v1/broadcast`: many events (a system message to every user, say) in one transaction.
    case broadcast
    /// `GET /v1/inbox?user=…&size=…&after=…`: one page of a user's inbox, newest first.
    case inbox
    /// `POST /v1/inbox/read`: mark a message read in a user's inbox.
    case read
    /// `POST /v1/inbox/delete`: delete a message from a user's inbox.
    case delete
    /// `POST /v1/inbox/erase`: erase a user's notifications for good (the right to erasure).
    case erase
    /// `GET /v1/badge?user=…`: a user's unread count.
    case badge
    /// `POST /v1/engagement`: a push delivered, opened or dismissed on an installation.
    case engagement
    /// `GET /v1/report?from=…&to=…`: the engagement report and its alerts (a key for all users only).
    case report

    /// The route's path.
    package var path: String {
        switch self {
        case .health: "/v1/health"
        case .ready: "/v1/ready"
        case .tokens: "/v1/tokens"
        case .logout: "/v1/logout"
        case .preferences: "/v1/preferences"
        case .events: "/v1/events"
        case .broadcast: "/v1/broadcast"
        case .inbox: "/v1/inbox"
        case .read: "/v1/inbox/read"
        case .delete: "/v1/inbox/delete"
        case .erase: "/v1/inbox/erase"
        case .badge: "/v1/badge"
        case .engagement: "/v1/engagement"
        case .report: "/v1/report"
        }
    }

    /// The route's one method.
    package var method: String {
        switch self {
        case .health, .ready, .inbox, .badge, .report: "GET"
        case .tokens, .logout, .preferences, .events, .broadcast, .read, .delete, .erase, .engagement: "POST"
        }
    }

    /// Whether a bearer key is required (every route but health and readiness).
    package var needsKey: Bool { self != .health && self != .ready }

    /// The route at a path, if any.
    ///
    /// - Parameter path: The request's path.
    /// - Returns: The route.
    package static func at(_ path: String) -> APIRoute? {
        allCases.first { $0.path == path }
    }
}
