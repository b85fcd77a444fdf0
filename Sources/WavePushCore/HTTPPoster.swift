/// An HTTP client that can POST: what the credentials need to trade a signed assertion for an FCM access token at a
/// service account's `token_uri`.
///
/// Implementation requirements: send the request as given, over TLS verified against the system's trust store, and
/// return the answer whatever its status; throw only when there is none (a timeout, a refused or reset connection).
public protocol HTTPPoster: Sendable {
    /// POSTs `body` to `url` with `headers` and returns the answer whatever its status; throws only when there is none.
    ///
    /// - Parameters:
    ///   - url: The full URL.
    ///   - headers: The header fields, in order.
    ///   - body: The body's bytes.
    /// - Returns: The answer.
    /// - Throws: When no answer came.
    func post(url: String, headers: [HTTPHeader], body: [UInt8]) async throws -> ProviderResponse
}
