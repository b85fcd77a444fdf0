/// What APNs or FCM answered: the status, the header fields and the body's bytes.
public struct ProviderResponse: Hashable, Sendable {
    /// The HTTP status.
    public var status: Int
    /// The header fields (`apns-id`, `retry-after`, …).
    public var headers: [HTTPHeader]
    /// The body's bytes (JSON for every documented error; it may be anything when a proxy answers).
    public var body: [UInt8]

    /// Creates a response.
    ///
    /// - Parameters:
    ///   - status: The HTTP status.
    ///   - headers: The header fields.
    ///   - body: The body.
    public init(status: Int, headers: [HTTPHeader] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// Creates a response with a text body.
    ///
    /// - Parameters:
    ///   - status: The HTTP status.
    ///   - headers: The header fields.
    ///   - body: The body as text.
    public init(status: Int, headers: [HTTPHeader] = [], text body: String) {
        self.init(status: status, headers: headers, body: Array(body.utf8))
    }
}
