/// Why a provider credential could not be made. No description ever holds a key, a token or an assertion: only
/// where a key came from, what was wrong with it, and what a provider answered.
public enum CredentialError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A key or service-account file could not be read (missing, unreadable).
    case unreadableFile(path: String, reason: String)
    /// Bytes that should hold a private key hold none this algorithm can use.
    case unreadableKey(source: String, reason: String)
    /// A service-account file lacks a field or has a wrong one.
    case invalidServiceAccount(path: String, field: String, problem: String)
    /// A configuration value is out of its range.
    case invalidConfiguration(String)
    /// libcrypto refused to sign.
    case signingFailed
    /// APNs refused a provider token made less than 20 minutes ago; a new one now would be answered
    /// `TooManyProviderTokenUpdates`, so the send waits for the next attempt.
    case renewalTooSoon(secondsLeft: Int)
    /// The OAuth 2 token endpoint answered, but not with an access token.
    case tokenExchangeRefused(status: Int, error: String)
    /// The OAuth 2 token endpoint did not answer.
    case tokenExchangeFailed(reason: String)
    /// No credential source is configured for this push service.
    case notConfigured(platform: String)

    /// What went wrong, for logs and the dispatcher's `reason`.
    public var description: String {
        switch self {
        case .unreadableFile(let path, let reason): return "cannot read \(path): \(reason)"
        case .unreadableKey(let source, let reason): return "the key in \(source) is unusable: \(reason)"
        case .invalidServiceAccount(let path, let field, let problem):
            return "service account \(path): \(field) \(problem)"
        case .invalidConfiguration(let text): return text
        case .signingFailed: return "libcrypto could not sign the token"
        case .renewalTooSoon(let seconds):
            return "APNs refused a provider token under 20 minutes old; a new one is allowed in \(seconds) s"
        case .tokenExchangeRefused(let status, let error):
            return "the OAuth 2 token endpoint answered \(status) \(error)"
        case .tokenExchangeFailed(let reason): return "the OAuth 2 token endpoint did not answer: \(reason)"
        case .notConfigured(let platform): return "no \(platform) credentials are configured"
        }
    }
}
