/// A transport's error that says whether another attempt could get an answer: what the dispatcher classifies a
/// failed request by.
///
/// A transport throws one when no answer came. Retryable: a reset or refused connection, a timeout, a DNS failure,
/// a stream the server closed; the send is retried with backoff. Not retryable: a certificate that does not verify,
/// a server that does not speak the protocol required (HTTP/2), a URL the client cannot use; no attempt can succeed
/// until the configuration changes, so the send fails at once and its reason says so. An error that does not
/// conform is retried. Either way its ``description`` is recorded as the send's reason, for the operator.
public protocol PushTransportFailure: Error, CustomStringConvertible {
    /// Whether another attempt could get an answer.
    var isRetryable: Bool { get }
}
