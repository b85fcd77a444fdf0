/// The server's rules that an operator may tune: token age, archive, send lifetime, retries and the alert.
public struct GrowBroServerConfiguration: Hashable, Sendable {
    /// A token not registered or refreshed for this long is purged as stale (270 days by default).
    public var staleTokenAge: Duration
    /// The archive age of a new user's inbox, in days (30 by default; each user may change theirs).
    public var defaultArchiveDays: Int
    /// How long a push may still be delivered after its event: APNs' `apns-expiration`, FCM's `android.ttl`; no
    /// retry is made after it (1 day by default).
    public var sendLifetime: Duration
    /// The most attempts of one send, the first included (8 by default).
    public var maximumAttempts: Int
    /// The first retry's delay before jitter; each further retry doubles it (1 second by default).
    public var backoffBase: Duration
    /// The longest delay between two attempts, before jitter (15 minutes by default).
    public var backoffCap: Duration
    /// The APNs topic: the iOS app's bundle id.
    public var apnsTopic: String
    /// The Firebase project id in FCM's URL.
    public var fcmProjectID: String
    /// Where APNs requests go instead of `https://api.push.apple.com` and its sandbox, as `https://host:port` (a
    /// test's stand-in, a proxy); `nil` for Apple's hosts.
    public var apnsEndpoint: String?
    /// Where FCM requests go instead of `https://fcm.googleapis.com`, as `https://host:port`; `nil` for Google's.
    public var fcmEndpoint: String?
    /// A category's delivery rate is alerted on below this ratio (0.95 by default)…
    public var alertDeliveryRate: Double
    /// …over at least this many sends whose delivery is measurable (100 by default).
    public var alertMinimumSends: Int
    /// How each send's `apns-id` is chosen when it is fanned out (``APNsIDs/random`` by default).
    public var apnsIDs: APNsIDs = .random

    /// How a send's `apns-id` (the UUID Apple reports on the notification by) is chosen; every attempt of a send
    /// carries the same one.
    public enum APNsIDs: Hashable, Sendable {
        /// A random UUID (version 4) made at the fan-out and stored with the send: unique across databases and runs.
        case random
        /// Derived from the send's id (`6B0D0000-0000-4000-8000-<id in 12 hex digits>`): the same on every run of
        /// one scenario, for `wavepush replay`'s byte-identical output. Sends recorded before the column existed
        /// (schema version 3) carry it too.
        case derivedFromSendID
    }

    /// Creates a configuration; every value has GrowBro's default.
    ///
    /// - Parameters:
    ///   - staleTokenAge: Age at which a token is stale.
    ///   - defaultArchiveDays: A new user's archive age in days.
    ///   - sendLifetime: How long a push may be delivered after its event.
    ///   - maximumAttempts: The most attempts of one send.
    ///   - backoffBase: The first retry's delay.
    ///   - backoffCap: The longest delay.
    ///   - apnsTopic: The iOS bundle id.
    ///   - fcmProjectID: The Firebase project id.
    ///   - alertDeliveryRate: The delivery rate below which a category is alerted on.
    ///   - alertMinimumSends: The fewest measurable sends for an alert.
    ///   - apnsEndpoint: Where APNs requests go instead of Apple's hosts.
    ///   - fcmEndpoint: Where FCM requests go instead of Google's host.
    public init(
        staleTokenAge: Duration = .seconds(270 * 86_400), defaultArchiveDays: Int = 30,
        sendLifetime: Duration = .seconds(86_400), maximumAttempts: Int = 8, backoffBase: Duration = .seconds(1),
        backoffCap: Duration = .seconds(900), apnsTopic: String = "app.growbro", fcmProjectID: String = "growbro",
        alertDeliveryRate: Double = 0.95, alertMinimumSends: Int = 100, apnsEndpoint: String? = nil,
        fcmEndpoint: String? = nil
    ) {
        self.staleTokenAge = staleTokenAge
        self.defaultArchiveDays = defaultArchiveDays
        self.sendLifetime = sendLifetime
        self.maximumAttempts = maximumAttempts
        self.backoffBase = backoffBase
        self.backoffCap = backoffCap
        self.apnsTopic = apnsTopic
        self.fcmProjectID = fcmProjectID
        self.alertDeliveryRate = alertDeliveryRate
        self.alertMinimumSends = alertMinimumSends
        self.apnsEndpoint = apnsEndpoint
        self.fcmEndpoint = fcmEndpoint
    }
}
