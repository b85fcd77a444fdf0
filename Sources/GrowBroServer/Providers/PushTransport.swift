/// The backend's HTTP client: sends one provider request and returns the provider's answer. `CurlPushTransport`
/// (product `WavePushHTTP`, HTTP/2 on libcurl) is one; a backend may bring its own.
///
/// Calls may overlap: ``PushDispatcher`` has up to its `maximumInFlight` requests in flight at once.
///
/// Implementation requirements:
/// - Send the request as given (method, URL, every header, the body); APNs needs HTTP/2.
/// - Return every answer the provider gave, whatever its status; throw only when there is no answer (a timeout,
///   a reset connection, a DNS failure, a certificate that does not verify, a server without HTTP/2).
/// - Throw a ``PushTransportFailure`` saying whether another attempt could get an answer: a retryable one is retried
///   with backoff, like a 503; one that is not fails the send at once. Any other error is retried. The error's
///   description is recorded as the send's reason: keep it free of the device token and the payload.
/// - Do not retry by itself: ``PushDispatcher`` decides retries, backoff and purges.
public protocol PushTransport: Sendable {
    /// Sends one request.
    ///
    /// - Parameter request: The request.
    /// - Returns: The provider's answer.
    /// - Throws: When no answer came, preferably a ``PushTransportFailure``; its description is recorded as the
    ///   reason.
    func send(_ request: ProviderRequest) async throws -> ProviderResponse
}

/// Where provider credentials come from: the APNs provider token (a JWT signed with the team's key) and the FCM
/// OAuth 2 access token. Signing is the backend's, as the key is.
///
/// Implementation requirements: return a cached credential unless `renew` is `true`; with `renew`, make a new
/// one (the provider refused the last as expired or invalid).
public protocol ProviderCredentials: Sendable {
    /// The bearer credential for a push service.
    ///
    /// - Parameters:
    ///   - platform: `apns` (a provider token) or `fcm` (an access token).
    ///   - renew: Whether the last one was refused and a new one is needed.
    /// - Returns: The credential, sent as `authorization: bearer <credential>`.
    /// - Throws: When no credential can be made; the send is retried later.
    func credential(for platform: PushPlatform, renew: Bool) async throws -> String
}
