public import WavePushPayloads

/// One HTTP request to APNs or FCM, in the provider's wire format, for the backend's HTTP client to send.
///
/// APNs: `POST https://api.push.apple.com/3/device/<token>` (HTTP/2) with `authorization: bearer <JWT>`,
/// `apns-topic`, `apns-push-type` (`alert`, or `background` for a silent push), `apns-priority`, `apns-expiration`,
/// `apns-id`, and `apns-collapse-id` for likes. FCM HTTP v1: `POST https://fcm.googleapis.com/v1/projects/<project>/messages:send` with
/// `authorization: Bearer <access token>` and `content-type: application/json; charset=utf-8`, the `token` and
/// `android.ttl` in the body.
public struct ProviderRequest: Hashable, Sendable {
    /// The outbox's id of the send this request attempts.
    public var sendID: Int64
    /// The message id.
    public var messageID: String
    /// The installation sent to.
    public var installationID: String
    /// The push service.
    public var platform: PushPayload.Platform
    /// The device token the request targets.
    public var token: String
    /// The attempt, from 1.
    public var attempt: Int
    /// Always `POST`.
    public var method: String
    /// The full URL.
    public var url: String
    /// The header fields, in order.
    public var headers: [HTTPHeader]
    /// The JSON body.
    public var body: String

    /// Creates a request.
    ///
    /// - Parameters:
    ///   - sendID: The send's id.
    ///   - messageID: The message id.
    ///   - installationID: The installation.
    ///   - platform: The push service.
    ///   - token: The device token.
    ///   - attempt: The attempt, from 1.
    ///   - method: The HTTP method.
    ///   - url: The URL.
    ///   - headers: The header fields.
    ///   - body: The JSON body.
    public init(
        sendID: Int64, messageID: String, installationID: String, platform: PushPayload.Platform, token: String,
        attempt: Int, method: String = "POST", url: String, headers: [HTTPHeader], body: String
    ) {
        self.sendID = sendID
        self.messageID = messageID
        self.installationID = installationID
        self.platform = platform
        self.token = token
        self.attempt = attempt
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}
