public import Foundation
public import WaveNotifications
public import WavePushPayloads

/// What the app reports when it starts or its token changes: who, which installation, which token, and when.
public struct TokenRegistration: Hashable, Sendable {
    /// The signed-in user.
    public var userID: String
    /// The installation's id.
    public var installationID: String
    /// The push service.
    public var platform: PushPayload.Platform
    /// The token as the platform gave it.
    public var token: String
    /// The APNs environment (required for APNs, must be `nil` for FCM).
    public var environment: APNsEnvironment?
    /// The notification permission on the device.
    public var permission: PermissionStatus
    /// When the app reported it.
    public var at: Date

    /// Creates a registration.
    ///
    /// - Parameters:
    ///   - userID: The signed-in user.
    ///   - installationID: The installation's id.
    ///   - platform: The push service.
    ///   - token: The token.
    ///   - environment: The APNs environment; `nil` for FCM.
    ///   - permission: The device's notification permission; authorized by default.
    ///   - at: When it was reported.
    public init(
        userID: String, installationID: String, platform: PushPayload.Platform, token: String,
        environment: APNsEnvironment? = nil, permission: PermissionStatus = .authorized, at: Date
    ) {
        self.userID = userID
        self.installationID = installationID
        self.platform = platform
        self.token = token
        self.environment = environment
        self.permission = permission
        self.at = at
    }
}
