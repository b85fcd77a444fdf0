internal import Foundation
internal import WaveNotifications

/// The token registry's decisions, apart from the store that records them: given what is stored, which changes a
/// registration, a sign-out, a provider's refusal or the passing of time makes.
///
/// Pure: no database, no clock. The store reads the installations concerned, asks these rules, then records each
/// change (`moved`, `logged_out`, `purged` and `stale` remove the installation; `registered` adds it; `refreshed`
/// and `rotated` update it) and logs it, in one transaction.
enum TokenRules {
    /// The changes a registration makes, in the order they are logged.
    ///
    /// - The token held by another installation leaves it (`moved`, for that installation's user).
    /// - An installation registered under another user leaves that user (`moved`), then is `registered` anew.
    /// - Otherwise the same token on the same platform is `refreshed`, another one `rotated`, a new installation
    ///   `registered`.
    ///
    /// - Parameters:
    ///   - registration: The registration, its fields already validated.
    ///   - existing: The installation as stored, or `nil` when new.
    ///   - holders: The other installations holding the same token on the same platform, by id.
    /// - Returns: The changes; the last one is the registering installation's own.
    static func changes(
        for registration: TokenRegistration, existing: Installation?, holders: [Installation]
    ) -> [TokenChange] {
        let at = registration.at
        var changes = holders.map { holder in
            TokenChange(
                kind: .moved, installationID: holder.id, userID: holder.userID, token: registration.token,
                reason: "token registered again by installation \(registration.installationID)", at: at)
        }
        let kind: TokenChange.Kind
        if let existing, existing.userID == registration.userID {
            kind =
                existing.token == registration.token && existing.platform == registration.platform
                ? .refreshed : .rotated
        } else {
            if let existing {
                changes.append(
                    TokenChange(
                        kind: .moved, installationID: existing.id, userID: existing.userID, token: existing.token,
                        reason: "installation signed in to another account", at: at))
            }
            kind = .registered
        }
        changes.append(
            TokenChange(
                kind: kind, installationID: registration.installationID, userID: registration.userID,
                token: registration.token, at: at))
        return changes
    }

    /// The change a sign-out makes.
    ///
    /// - Parameters:
    ///   - installation: The installation as stored.
    ///   - instant: When the user signed out.
    /// - Returns: Its `logged_out` change.
    static func logout(_ installation: Installation, at instant: Date) -> TokenChange {
        TokenChange(
            kind: .loggedOut, installationID: installation.id, userID: installation.userID, token: installation.token,
            at: instant)
    }

    /// The change a provider's refusal of a token makes: the token is purged only while the installation still
    /// holds it (a token refreshed or rotated since the send was made is kept).
    ///
    /// - Parameters:
    ///   - token: The token the refused request was sent to.
    ///   - installation: The installation as stored now, or `nil` when it is gone.
    ///   - reason: The provider's reason.
    ///   - instant: When the answer came.
    /// - Returns: The `purged` change, or `nil` when there is nothing to purge.
    static func purge(
        token: String, of installation: Installation?, reason: String, at instant: Date
    ) -> TokenChange? {
        guard let installation, installation.token == token else { return nil }
        return TokenChange(
            kind: .purged, installationID: installation.id, userID: installation.userID, token: token, reason: reason,
            at: instant)
    }

    /// The installations a purge of stale tokens removes: those last registered or refreshed strictly before
    /// `now − age`.
    ///
    /// - Parameters:
    ///   - installations: The installations to judge, in the order the changes are logged.
    ///   - now: The current instant.
    ///   - age: How long a token lives without a refresh.
    /// - Returns: A `stale` change per installation removed, naming its last refresh.
    static func stale(_ installations: [Installation], now: Date, age: Duration) -> [TokenChange] {
        let limit = staleLimit(now: now, age: age)
        return installations.filter { $0.refreshedAt.millisecondsSince1970 < limit }.map { installation in
            TokenChange(
                kind: .stale, installationID: installation.id, userID: installation.userID, token: installation.token,
                reason: "not refreshed since \(installation.refreshedAt.formatted(.iso8601))", at: now)
        }
    }

    /// The first millisecond a token must have been refreshed at to stay: `now − age`, in milliseconds since 1970.
    ///
    /// - Parameters:
    ///   - now: The current instant.
    ///   - age: How long a token lives without a refresh.
    /// - Returns: The limit; a token refreshed strictly before it is stale.
    static func staleLimit(now: Date, age: Duration) -> Int64 {
        now.millisecondsSince1970 - age.wholeMilliseconds
    }
}
