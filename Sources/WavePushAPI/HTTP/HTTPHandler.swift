/// What answers an ``HTTPServer``'s requests. Called on the server library's own threads (never Swift's
/// cooperative pool), several at once: a conformer's state is behind locks, and it may block (a store's
/// transaction) since nothing else waits on those threads.
package protocol HTTPHandler: Sendable {
    /// The answer to a whole request.
    ///
    /// - Parameter request: The request, its body complete and within the server's limit.
    /// - Returns: The answer.
    func respond(to request: HTTPRequest) -> HTTPResponse

    /// The answer to a request whose body is larger than the server accepts; nothing of it is handled.
    ///
    /// - Parameter limit: The largest body accepted, in bytes.
    /// - Returns: The answer (413).
    func refuseOversizedBody(limit: Int) -> HTTPResponse

    /// The answer to a request naming a header field twice with different values (two `Content-Length`s: which
    /// body was meant cannot be known; two `Authorization`s: which key it acts under); nothing of it is handled and
    /// its body is not read.
    ///
    /// - Parameter name: The header field.
    /// - Returns: The answer (400).
    func refuseConflictingHeader(_ name: String) -> HTTPResponse
}
