public import Foundation
public import WaveNotifications
public import WavePushPayloads

/// One install of the app on one device, signed in to one user, with its current push token.
///
/// A reinstall or a data clear is a new installation (a new id); a token rotation keeps the id and replaces the
/// token. An installation belongs to one user at a time.
public struct Installation: Hashable, Sendable {
    /// The installation's id, chosen by the app (stable until reinstall or data clear).
    public var id: String
    /// The user signed in on it.
    public var userID: String
    /// The push service its token belongs to.
    public var platform: PushPayload.Platform
    /// The current token: lowercase hex for APNs, FCM's registration token as issued.
    public var token: String
    /// The APNs environment of the token; `nil` for FCM.
    public var environment: APNsEnvironment?
    /// The notification permission the app last reported.
    public var permission: PermissionStatus
    /// When the installation was first registered (for this user).
    public var registeredAt: Date
    /// When the token was last registered or refreshed.
    public var refreshedAt: Date

    /// Creates an installation.
    ///
    /// - Parameters:
    ///   - id: The installation's id.
    ///   - userID: The user signed in on it.
    ///   - platform: The push service.
    ///   - token: The token.
    ///   - environment: The APNs environment, `nil` for FCM.
    ///   - permission: The reported permission.
    ///   - registeredAt: When it was first registered.
    ///   - refreshedAt: When its token was last refreshed.
    public init(
        id: String, userID: String, platform: PushPayload.Platform, token: String, environment: APNsEnvironment?,
        permission: PermissionStatus, registeredAt: Date, refreshedAt: Date
    ) {
        self.id = id
        self.userID = userID
        self.platform = platform
        self.token = token
        self.environment = environment
        self.permission = permission
        self.registeredAt = registeredAt
        self.refreshedAt = refreshedAt
    }
}
