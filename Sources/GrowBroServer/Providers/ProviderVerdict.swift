public import Foundation

/// What a provider's answer (or its absence, ``noAnswer(_:)``) means for one send.
public enum ProviderVerdict: Hashable, Sendable {
    /// Accepted for delivery; APNs' `apns-id` or FCM's message `name`, when given.
    case accepted(providerID: String?)
    /// The token is invalid for good: purge it (`BadDeviceToken`, `UNREGISTERED`, …).
    case purgeToken(reason: DispatchReason)
    /// APNs 410 `Unregistered`: purge unless the token was refreshed after `since` (APNs' `timestamp`).
    case unregistered(reason: DispatchReason, since: Date?)
    /// The provider refused the credential as expired: make a new one and retry once.
    case renewCredential(reason: DispatchReason)
    /// Try again later, not before `after` when the provider said so (`Retry-After`).
    case retry(reason: DispatchReason, after: Duration?)
    /// The request cannot succeed as it is (a bad payload, a wrong topic): stop, keep the token.
    case fail(reason: DispatchReason)
}
