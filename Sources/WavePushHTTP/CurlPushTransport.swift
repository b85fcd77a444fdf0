internal import WaveNotifications
public import WavePushCore

/// An HTTP/2 client on libcurl for APNs and FCM: every request multiplexed as a stream on one TLS connection per
/// host, kept open and reused, with hundreds of requests in flight at once.
///
/// One thread drives curl's multi interface; ``send(_:)`` and ``post(url:headers:body:)`` hand their request to it
/// and wait without blocking a Swift concurrency thread. TLS is verified against the system's trust store, or
/// against ``Options/caFile`` only when one is given (a test's own authority). It does not retry: ``PushDispatcher``
/// decides. The thread ends once the transport is released and its last transfer is done.
public final class CurlPushTransport: PushTransport, HTTPPoster {
    /// How the transport connects and how long it waits.
    public struct Options: Hashable, Sendable {
        /// A PEM file of the certificate authorities to trust instead of the system's (tests only); `nil` for the
        /// system's trust store.
        public var caFile: String?
        /// The longest a request may take, connecting included (30 seconds by default).
        public var timeout: Duration
        /// The longest a connection may take to be set up (10 seconds by default).
        public var connectTimeout: Duration
        /// The most streams curl opens on one connection (1,000 by default; the server's own limit also applies).
        public var maximumStreams: Int

        /// Creates options; each has its default.
        ///
        /// - Parameters:
        ///   - caFile: The certificate authorities to trust instead of the system's.
        ///   - timeout: The longest a request may take.
        ///   - connectTimeout: The longest a connection may take to set up.
        ///   - maximumStreams: The most streams on one connection.
        public init(
            caFile: String? = nil, timeout: Duration = .seconds(30), connectTimeout: Duration = .seconds(10),
            maximumStreams: Int = 1_000
        ) {
            self.caFile = caFile
            self.timeout = timeout
            self.connectTimeout = connectTimeout
            self.maximumStreams = maximumStreams
        }
    }

    /// The options in force.
    public let options: Options
    private let loop: CurlMultiLoop

    /// Creates a transport and starts its thread.
    ///
    /// - Parameter options: How it connects.
    /// - Throws: ``CurlTransportError`` when curl cannot set up its multi handle.
    public init(options: Options = Options()) throws {
        self.options = options
        loop = try CurlMultiLoop(options: options)
    }

    deinit {
        loop.stop()
    }

    /// Sends one provider request over HTTP/2.
    ///
    /// - Parameter request: The request.
    /// - Returns: The provider's answer, whatever its status; header names lowercased.
    /// - Throws: ``CurlTransportError`` when no answer came, or when the server answered over HTTP/1.
    public func send(_ request: ProviderRequest) async throws -> ProviderResponse {
        try await perform(
            method: request.method, url: request.url, headers: request.headers, body: Array(request.body.utf8),
            requiresHTTP2: true)
    }

    /// POSTs `body` to `url` with `headers` and returns the answer whatever its status; throws only when there is none.
    ///
    /// HTTP/2 is offered and HTTP/1.1 accepted: an OAuth 2 token endpoint may speak either.
    ///
    /// - Parameters:
    ///   - url: The full URL.
    ///   - headers: The header fields, in order.
    ///   - body: The body's bytes.
    /// - Returns: The answer; header names lowercased.
    /// - Throws: ``CurlTransportError`` when no answer came.
    public func post(url: String, headers: [HTTPHeader], body: [UInt8]) async throws -> ProviderResponse {
        try await perform(method: "POST", url: url, headers: headers, body: body, requiresHTTP2: false)
    }

    private func perform(
        method: String, url: String, headers: [HTTPHeader], body: [UInt8], requiresHTTP2: Bool
    ) async throws -> ProviderResponse {
        let outcome = await ThreadHandoff<Result<ProviderResponse, CurlTransportError>>.wait { handoff in
            loop.submit(
                CurlJob(
                    method: method, url: url, headers: headers, body: body, requiresHTTP2: requiresHTTP2,
                    handoff: handoff))
        }
        return try outcome.get()
    }
}
