internal import Foundation
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
    /// The server asked, `host:port` (the port given or the scheme's), when the request got that far.
    public var endpoint: String?

    /// Creates an error, classified by curl's code.
    ///
    /// - Parameters:
    ///   - code: curl's result code (0 for the transport's own failure, retryable).
    ///   - message: The message.
    ///   - endpoint: The server asked, `host:port`, if known.
    public init(code: Int, message: String, endpoint: String? = nil) {
        self.code = code
        self.message = message
        self.endpoint = endpoint
        isRetryable = !Self.configurationCodes.contains(code)
    }

    /// `host:port` of `url`, the port being the scheme's (443 for `https`, 80 for `http`) when the URL names none;
    /// `nil` when `url` has no host. The path, which for APNs holds the device token, is never part of it.
    ///
    /// - Parameter url: The request's URL.
    /// - Returns: The endpoint.
    static func endpoint(of url: String) -> String? {
        guard let components = URLComponents(string: url), let host = components.host, !host.isEmpty else {
            return nil
        }
        let port = components.port ?? (components.scheme?.lowercased() == "http" ? 80 : 443)
        return host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    /// A server that answered over HTTP/1 where HTTP/2 is required: no retry will change it.
    ///
    /// - Parameters:
    ///   - spoken: The version it spoke (`HTTP/1.1`).
    ///   - endpoint: The server, `host:port`.
    /// - Returns: The error, not retryable.
    static func withoutHTTP2(spoken: String, endpoint: String?) -> CurlTransportError {
        var error = CurlTransportError(
            code: 0, message: "the server answered over \(spoken); APNs and FCM are sent over HTTP/2 only",
            endpoint: endpoint)
        error.isRetryable = false
        return error
    }

    /// curl's codes for a failure no retry can mend: 1 unsupported protocol, 3 malformed URL, 4 a feature not built
    /// in, 53 and 54 the TLS engine, 58 the client certificate, 59 the cipher, 60 the server's certificate does not
    /// verify, 64 TLS required and refused, 66 the TLS engine's start, 77 the CA file, 83 the issuer check, 90 the
    /// pinned key, 91 the certificate's status. The rest (a refused or reset connection, a timeout, a DNS failure, a
    /// stream the server closed) may pass.
    private static let configurationCodes: Set<Int> = [1, 3, 4, 53, 54, 58, 59, 60, 64, 66, 77, 83, 90, 91]

    /// `curl error <code> (<host>:<port>): <message>`, or `<host>:<port>: <message>` for the transport's own.
    public var description: String {
        let at = endpoint.map { code == 0 ? "\($0): " : " (\($0))" } ?? ""
        return code == 0 ? "\(at)\(message)" : "curl error \(code)\(at): \(message)"
    }
}
