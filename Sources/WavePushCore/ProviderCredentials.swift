/// Where provider credentials come from: the APNs provider token (a JWT signed with the team's key) and the FCM
/// OAuth 2 access token. Signing is the backend's, as the key is.
///
/// Implementation requirements: return a cached credential unless `renew` is `true`; with `renew`, make a new
/// one (the provider refused the last as expired or invalid). ``platforms`` names every push service this source is
/// configured for, and only those: a dispatcher claims only their sends and leaves the others' pending for a sender
/// that covers them.
public protocol ProviderCredentials: Sendable {
    /// The push services this source is configured to give a credential for (one whose key is revoked or whose
    /// token endpoint is away still counts: its sends are attempted and retried).
    var platforms: Set<PushPlatform> { get }

    /// The bearer credential for a push service.
    ///
    /// - Parameters:
    ///   - platform: `apns` (a provider token) or `fcm` (an access token).
    ///   - renew: Whether the last one was refused and a new one is needed.
    /// - Returns: The credential, sent as `authorization: bearer <credential>`.
    /// - Throws: When no credential can be made; the send is retried later.
    func credential(for platform: PushPlatform, renew: Bool) async throws -> String
}
