internal import Foundation
internal import WaveJSON
public import WaveNotifications
public import WavePushCore

/// FCM access tokens: a service account's RS256 assertion traded for an OAuth 2 access token at its `token_uri`
/// (RFC 7523, the JWT bearer grant), cached until shortly before it expires.
///
/// The assertion names the account (`iss`), the scope FCM's HTTP v1 API needs (`firebase.messaging`), the endpoint
/// (`aud`), and lives one hour (`iat`, `exp`). The token is reused until ``renewalMargin`` before the `expires_in`
/// the endpoint gave, so no send carries a token about to lapse. Calls made while a trade is under way wait for
/// that trade instead of starting their own.
///
/// When FCM refuses a token (`renew: true`, after a 401), a new one is traded at once, unless the cached one was
/// itself traded after a refusal less than ``refusalWindow`` ago: the other sends in flight were refused with the
/// token it replaced.
public actor FCMAccessTokens {
    /// The scope of FCM's HTTP v1 API.
    public static let scope = "https://www.googleapis.com/auth/firebase.messaging"
    /// How long before its expiry a token is no longer handed out (5 minutes).
    public let renewalMargin: Duration
    /// How long a token traded after a refusal answers further refusals.
    public let refusalWindow: Duration = .seconds(60)

    private let account: ServiceAccount
    private let poster: any HTTPPoster
    private let clock: any WaveClock
    private var cached: AccessToken?
    private var trade: Task<AccessToken, any Error>?

    private struct AccessToken: Sendable {
        var text: String
        var obtainedAt: Date
        var usableUntil: Date
        var tradedAfterRefusal: Bool
    }

    /// Creates the token source.
    ///
    /// - Parameters:
    ///   - account: The service account.
    ///   - poster: The HTTP client the assertion is posted with.
    ///   - clock: The clock the assertion and the cache are timed by.
    ///   - renewalMargin: How long before its expiry a token is replaced (5 minutes by default).
    public init(
        account: ServiceAccount, poster: any HTTPPoster, clock: any WaveClock,
        renewalMargin: Duration = .seconds(300)
    ) {
        self.account = account
        self.poster = poster
        self.clock = clock
        self.renewalMargin = renewalMargin
    }

    /// The access token to send now.
    ///
    /// - Parameter renew: Whether FCM refused the last one (401).
    /// - Returns: The token, sent as `authorization: Bearer <token>`.
    /// - Throws: ``CredentialError/tokenExchangeRefused(status:error:)`` or
    ///   ``CredentialError/tokenExchangeFailed(reason:)`` when no token could be traded.
    public func token(renew: Bool) async throws -> String {
        let now = clock.now
        if let cached {
            if !renew, now < cached.usableUntil { return cached.text }
            if renew, cached.tradedAfterRefusal,
                Duration.seconds(now.timeIntervalSince(cached.obtainedAt)) < refusalWindow
            {
                return cached.text
            }
        }
        if let trade { return try await trade.value.text }
        let account = account
        let poster = poster
        let margin = renewalMargin
        let task = Task {
            try await Self.trade(account: account, poster: poster, now: now, margin: margin, afterRefusal: renew)
        }
        trade = task
        defer { trade = nil }
        let token = try await task.value
        cached = token
        return token.text
    }

    private static func trade(
        account: ServiceAccount, poster: any HTTPPoster, now: Date, margin: Duration, afterRefusal: Bool
    ) async throws -> AccessToken {
        let issuedAt = Int(now.timeIntervalSince1970.rounded(.down))
        let assertion = try JSONWebToken.signed(
            header: [("typ", "JWT"), ("kid", account.privateKeyID)], key: account.key
        ) { claims in
            claims.key("iss")
            claims.string(account.clientEmail)
            claims.key("scope")
            claims.string(scope)
            claims.key("aud")
            claims.string(account.tokenURI)
            claims.key("iat")
            claims.number(issuedAt)
            claims.key("exp")
            claims.number(issuedAt + 3_600)
        }
        // The assertion is base64url and dots only: nothing in it needs form-encoding.
        let body = "grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer&assertion=" + assertion
        let response: ProviderResponse
        do {
            response = try await poster.post(
                url: account.tokenURI, headers: [HTTPHeader("content-type", "application/x-www-form-urlencoded")],
                body: Array(body.utf8))
        } catch {
            throw CredentialError.tokenExchangeFailed(reason: "\(error)")
        }
        let json = try? JSONParser.parse(response.body)
        guard response.status == 200 else {
            // Google's error answer: {"error": "invalid_grant", "error_description": "Invalid JWT Signature."}.
            let error = [json?.member("error"), json?.member("error_description")].compactMap { value -> String? in
                guard case .string(let text) = value else { return nil }
                return String(text.prefix(200))
            }
            throw CredentialError.tokenExchangeRefused(
                status: response.status,
                error: error.isEmpty ? "(no OAuth 2 error in the answer)" : error.joined(separator: ": "))
        }
        guard case .string(let text)? = json?.member("access_token"), !text.isEmpty else {
            throw CredentialError.tokenExchangeRefused(status: 200, error: "no access_token in the answer")
        }
        guard case .number(let written)? = json?.member("expires_in"), let lifetime = Int(written), lifetime > 0 else {
            throw CredentialError.tokenExchangeRefused(status: 200, error: "no positive expires_in in the answer")
        }
        // A lifetime shorter than twice the margin (a test's endpoint) keeps the token for half of it.
        let margin = min(Double(margin.components.seconds), Double(lifetime) / 2)
        return AccessToken(
            text: text, obtainedAt: now, usableUntil: now.addingTimeInterval(Double(lifetime) - margin),
            tradedAfterRefusal: afterRefusal)
    }
}
