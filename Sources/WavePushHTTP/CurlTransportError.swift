/// Why a request through ``CurlPushTransport`` got no answer: curl's own message (a refused connection, a timeout, a
/// certificate that does not verify), or an answer over HTTP/1 where HTTP/2 is required.
///
/// The message names the host and port, never the URL's path (an APNs path holds the device token) nor a header.
public struct CurlTransportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// curl's result code (`CURLcode`), or 0 for an answer refused for its HTTP version.
    public var code: Int
    /// What went wrong, as curl says it.
    public var message: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - code: curl's result code.
    ///   - message: The message.
    public init(code: Int, message: String) {
        self.code = code
        self.message = message
    }

    /// `curl error <code>: <message>`.
    public var description: String {
        code == 0 ? message : "curl error \(code): \(message)"
    }
}
