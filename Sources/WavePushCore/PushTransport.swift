/// The backend's HTTP client: sends one provider request and returns the provider's answer. `CurlPushTransport`
/// (product `WavePushHTTP`, HTTP/2 on libcurl) is one; a backend may bring its own.
///
/// Calls may overlap: GrowBroServer's `PushDispatcher` has up to its `maximumInFlight` requests in flight at once.
///
/// Implementation requirements:
/// - Send the request as given (method, URL, every header, the body); APNs needs HTTP/2.
/// - Return every answer the provider gave, whatever its status; throw only when there is no answer (a timeout,
///   a reset connection, a DNS failure, a certificate that does not verify, a server without HTTP/2).
/// - Throw a ``PushTransportFailure`` saying whether another attempt could get an answer: a retryable one is retried
///   with backoff, like a 503; one that is not fails the send at once. Any other error is retried. The error's
///   description is recorded as the send's reason: keep it free of the device token and the payload.
/// - Do not retry by itself: the server's `PushDispatcher` decides retries, backoff and purges.
public protocol PushTransport: Sendable {
    /// Sends one request.
    ///
    /// - Parameter request: The request.
    /// - Returns: The provider's answer.
    /// - Throws: When no answer came, preferably a ``PushTransportFailure``; its description is recorded as the
    ///   reason.
    func send(_ request: ProviderRequest) async throws -> ProviderResponse
}
