internal import WaveNotifications
internal import WavePushCore

/// One request handed to the loop thread, with the continuation its caller waits on.
struct CurlJob: Sendable {
    var method: String
    var url: String
    var headers: [HTTPHeader]
    var body: [UInt8]
    /// Whether an answer over HTTP/1 is refused (APNs speaks HTTP/2 only; an OAuth token endpoint may not).
    var requiresHTTP2: Bool
    /// Where the loop hands the outcome to the waiting caller.
    var handoff: ThreadHandoff<Result<ProviderResponse, CurlTransportError>>

    /// Resumes the caller with an outcome, through the handoff's lock.
    func resume(_ outcome: Result<ProviderResponse, CurlTransportError>) {
        handoff.deliver(outcome)
    }
}
