internal import Foundation
internal import WaveJSON
public import WaveNotifications

/// APNs provider tokens: ES256 JSON Web Tokens signed with the team's `.p8` key, made and reused as Apple asks.
///
/// Apple's rules (Establishing a token-based connection to APNs): the header names the key (`kid`), the claims the
/// team (`iss`) and the instant the token was made (`iat`, whole seconds); APNs refuses a token older than one hour
/// (`ExpiredProviderToken`) and a connection that changes its token more than once every 20 minutes
/// (`TooManyProviderTokenUpdates`). So a token is reused for ``refreshInterval`` (50 minutes by default, allowed
/// 20 to 60) and then replaced.
///
/// When APNs refuses a token (`renew: true`):
/// - a token at least 20 minutes old is replaced at once;
/// - a token that itself replaced a refused one less than 20 minutes ago is handed out again: many sends in flight
///   were refused with the token it replaced, and each asks for a new one;
/// - any other token under 20 minutes old is not replaced (APNs would refuse the update):
///   ``CredentialError/renewalTooSoon(secondsLeft:)`` is thrown and the send is retried after its backoff. A fresh
///   token called expired usually means this machine's clock is wrong.
public final class APNsProviderTokens: Sendable {
    /// The shortest reuse Apple allows: a token is never replaced sooner, on a refusal either.
    public static let minimumTokenAge: Duration = .seconds(20 * 60)
    /// The longest: APNs refuses a token made an hour ago.
    public static let maximumTokenAge: Duration = .seconds(60 * 60)

    /// The key's identifier in the developer account (the header's `kid`).
    public let keyID: String
    /// The team's identifier (the claims' `iss`).
    public let teamID: String
    /// How long a token is reused before a new one is made.
    public let refreshInterval: Duration
    private let key: SigningKey
    private let clock: any WaveClock
    private let current = WaveLock<Token?>(nil)

    private struct Token {
        var text: String
        var issuedAt: Date
        var replacedARefusedOne: Bool
    }

    /// Creates the token source from a key already read.
    ///
    /// - Parameters:
    ///   - key: The `.p8` key (ES256).
    ///   - keyID: Its key id, 10 characters in Apple's developer account.
    ///   - teamID: The team id, 10 characters.
    ///   - clock: The clock `iat` and the reuse are measured by.
    ///   - refreshInterval: How long a token is reused; 20 to 60 minutes.
    /// - Throws: ``CredentialError/invalidConfiguration(_:)`` for an ES256-less key, an empty id or an interval out
    ///   of range.
    public init(
        key: SigningKey, keyID: String, teamID: String, clock: any WaveClock,
        refreshInterval: Duration = .seconds(50 * 60)
    ) throws(CredentialError) {
        guard key.algorithm == .es256 else {
            throw .invalidConfiguration("APNs provider tokens need an ES256 (EC P-256) key")
        }
        guard !keyID.isEmpty, !teamID.isEmpty else {
            throw .invalidConfiguration("APNs provider tokens need a key id and a team id")
        }
        guard refreshInterval >= Self.minimumTokenAge, refreshInterval < Self.maximumTokenAge else {
            throw .invalidConfiguration(
                "an APNs provider token must be reused for 20 to under 60 minutes, not \(refreshInterval)")
        }
        self.key = key
        self.keyID = keyID
        self.teamID = teamID
        self.clock = clock
        self.refreshInterval = refreshInterval
    }

    /// Creates the token source from the `.p8` file Apple's developer account gives.
    ///
    /// - Parameters:
    ///   - keyFile: The `.p8` file's path; read once, here.
    ///   - keyID: Its key id.
    ///   - teamID: The team id.
    ///   - clock: The clock `iat` and the reuse are measured by.
    ///   - refreshInterval: How long a token is reused; 20 to 60 minutes.
    /// - Throws: ``CredentialError`` when the file cannot be read or holds no P-256 private key.
    public convenience init(
        keyFile: String, keyID: String, teamID: String, clock: any WaveClock,
        refreshInterval: Duration = .seconds(50 * 60)
    ) throws(CredentialError) {
        var pem = try KeyFile.read(keyFile)
        let key = try SigningKey(pem: &pem, algorithm: .es256, source: keyFile)
        try self.init(key: key, keyID: keyID, teamID: teamID, clock: clock, refreshInterval: refreshInterval)
    }

    /// The provider token to send now.
    ///
    /// - Parameter renew: Whether APNs refused the last one (`ExpiredProviderToken`, `InvalidProviderToken`).
    /// - Returns: The token, sent as `authorization: bearer <token>`.
    /// - Throws: ``CredentialError/renewalTooSoon(secondsLeft:)`` when a refused token may not be replaced yet;
    ///   ``CredentialError/signingFailed`` when libcrypto refuses.
    public func token(renew: Bool) throws(CredentialError) -> String {
        let now = clock.now
        // Decided and signed under one lock: concurrent sends must carry one token, since APNs counts every change
        // of token on a connection, and a signature takes tens of microseconds once every many minutes.
        let outcome: Result<String, CredentialError> = current.withLock { current in
            if let token = current {
                let age = Duration.seconds(now.timeIntervalSince(token.issuedAt))
                if !renew, age < refreshInterval { return .success(token.text) }
                if renew, age < Self.minimumTokenAge {
                    if token.replacedARefusedOne { return .success(token.text) }
                    let left = Self.minimumTokenAge - age
                    return .failure(.renewalTooSoon(secondsLeft: Int(left.components.seconds) + 1))
                }
            }
            let issuedAt = Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
            do throws(CredentialError) {
                let text = try JSONWebToken.signed(header: [("kid", keyID)], key: key) { claims in
                    claims.key("iss")
                    claims.string(teamID)
                    claims.key("iat")
                    claims.number(Int(issuedAt.timeIntervalSince1970))
                }
                current = Token(text: text, issuedAt: issuedAt, replacedARefusedOne: renew)
                return .success(text)
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }
}
