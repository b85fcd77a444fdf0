public import WavePushCore
public import WavePushPayloads

/// The credentials a ``PushDispatcher`` sends with, made here: APNs provider tokens signed with the team's key and
/// FCM access tokens traded for a service account's assertion. Either may be absent when the backend pushes to one
/// platform only; a dispatcher then claims that platform's sends only (``platforms``), and a direct call for the
/// other throws ``CredentialError/notConfigured(platform:)``.
public struct SignedProviderCredentials: ProviderCredentials {
    /// The APNs provider tokens, if this backend pushes to iOS.
    public let apns: APNsProviderTokens?
    /// The FCM access tokens, if this backend pushes to Android.
    public let fcm: FCMAccessTokens?

    /// Creates the credentials.
    ///
    /// - Parameters:
    ///   - apns: The APNs provider tokens.
    ///   - fcm: The FCM access tokens.
    public init(apns: APNsProviderTokens?, fcm: FCMAccessTokens?) {
        self.apns = apns
        self.fcm = fcm
    }

    /// The push services whose tokens were given.
    public var platforms: Set<PushPlatform> {
        Set(PushPlatform.allCases.filter { $0 == .apns ? apns != nil : fcm != nil })
    }

    /// The bearer credential for a push service.
    ///
    /// - Parameters:
    ///   - platform: `apns` or `fcm`.
    ///   - renew: Whether the provider refused the last one.
    /// - Returns: The provider token or the access token.
    /// - Throws: ``CredentialError`` when none can be made now.
    public func credential(for platform: PushPlatform, renew: Bool) async throws -> String {
        switch platform {
        case .apns:
            guard let apns else { throw CredentialError.notConfigured(platform: "APNs") }
            return try apns.token(renew: renew)
        case .fcm:
            guard let fcm else { throw CredentialError.notConfigured(platform: "FCM") }
            return try await fcm.token(renew: renew)
        }
    }
}
