public import WavePushCore

/// Why a request through ``CurlPushTransport`` got no answer: curl's own message (a refused connection, a timeout, a
/// certificate that does not verify), or an answer over HTTP/1 where HTTP/2 is required.
///
/// ``isRetryable`` classifies it for the dispatcher: a reset connection or a timeout is retried, a certificate that
/// does not verify or a server without HTTP/2 fails the send at once. The message names the host and port, never the
/// URL's path (an APNs path holds the device token) nor a header.
public struct CurlTransportError: PushTransportFailure, Hashable, Sendable {
    /// curl's result code (`CURLcode`), or 0 for a failure of the transport's own (an answer refused for its HTTP
    /// version, the transport shut down).
    public var code: Int
    /// What went wrong, as curl says it.
    public var message: String
    /// Whether another attempt could get an answer.
    public var isRetryable: Bool

    /// Creates an error, classified by curl's code.
    ///
    /// - Parameters:
    ///   - code: curl's result code (0 for the transport's own failure, retryable).
    ///   - message: The message.
    public init(code: Int, message: String) {
        self.code = code
        self.message = message
        isRetryable = !Self.configurationCodes.contains(code)
    }

    /// A server that answered over HTTP/1 where HTTP/2 is required: no retry will change it.
    ///
    /// - Parameter spoken: The version it spoke (`HTTP/1.1`).
    /// - Returns: The error, not retryable.
    static func withoutHTTP2(spoken: String) -> CurlTransportError {
        var error = CurlTransportError(
            code: 0, message: "the server answered over \(spoken); APNs and FCM are sent over HTTP/2 only")
        error.isRetryable = false
        return error
    }

    /// curl's codes for a failure no retry can mend: 1 unsupported protocol, 3 malformed URL, 4 a feature not built
    /// in, 53 and 54 the TLS engine, 58 the client certificate, 59 the cipher, 60 the server's certificate does not
    /// verify, 64 TLS required and refused, 66 the TLS engine's start, 77 the CA file, 83 the issuer check, 90 the
    /// pinned key, 91 the certificate's status. The rest (a refused or reset connection, a timeout, a DNS failure, a
    /// stream the server closed) may pass.
    private static let configurationCodes: Set<Int> = [1, 3, 4, 53, 54, 58, 59, 60, 64, 66, 77, 83, 90, 91]

    /// `curl error <code>: <message>`.
    public var description: String {
        code == 0 ? message : "curl error \(code): \(message)"
    }
}
