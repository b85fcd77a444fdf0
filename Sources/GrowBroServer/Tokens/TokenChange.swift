public import Foundation

/// One timestamped change to the token registry, as the store logs it.
public struct TokenChange: Hashable, Sendable {
    /// What happened.
    public enum Kind: String, Hashable, Sendable {
        /// A new installation was registered.
        case registered
        /// An installation reported the same token again (and possibly a new permission).
        case refreshed
        /// An installation reported a new token, replacing its old one.
        case rotated
        /// An installation (or its token) moved to another user: the previous user no longer reaches it.
        case moved
        /// The user signed out of the installation.
        case loggedOut = "logged_out"
        /// The token was removed after a provider said it is invalid.
        case purged
        /// The token was removed because it was not refreshed for too long.
        case stale
    }

    /// What happened.
    public var kind: Kind
    /// The installation.
    public var installationID: String
    /// The user the change concerns (for `moved`, the previous user).
    public var userID: String
    /// The token concerned.
    public var token: String
    /// Why, for `purged` (the provider's reason) and `stale`.
    public var reason: String?
    /// When.
    public var at: Date

    /// Creates a change.
    ///
    /// - Parameters:
    ///   - kind: What happened.
    ///   - installationID: The installation.
    ///   - userID: The user concerned.
    ///   - token: The token concerned.
    ///   - reason: Why, if it has a reason.
    ///   - at: When.
    public init(kind: Kind, installationID: String, userID: String, token: String, reason: String? = nil, at: Date) {
        self.kind = kind
        self.installationID = installationID
        self.userID = userID
        self.token = token
        self.reason = reason
        self.at = at
    }
}
