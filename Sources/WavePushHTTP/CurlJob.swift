internal import GrowBroServer

/// One request handed to the loop thread, with the continuation its caller waits on.
struct CurlJob: Sendable {
    var method: String
    var url: String
    var headers: [HTTPHeader]
    var body: [UInt8]
    /// Whether an answer over HTTP/1 is refused (APNs speaks HTTP/2 only; an OAuth token endpoint may not).
    var requiresHTTP2: Bool
    var continuation: CheckedContinuation<CurlHandoff, Never>

    /// Resumes the caller with an outcome, through the lock of a ``CurlHandoff``.
    func resume(_ outcome: Result<ProviderResponse, CurlTransportError>) {
        continuation.resume(returning: CurlHandoff(outcome))
    }
}
