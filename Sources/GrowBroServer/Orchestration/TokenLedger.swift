internal import Foundation

/// The token registry, written once over every store's primitives: reads what ``TokenRules`` needs, asks it, and
/// records and logs its changes (`moved`, `logged_out`, `purged` and `stale` remove the installation; `registered`
/// adds it; `refreshed` and `rotated` update it), in the caller's transaction.
enum TokenLedger {
    /// Registers an installation's token (its fields validated): adds the user when new, reads the installation and
    /// the other holders of its token, and records the changes ``TokenRules/changes(for:existing:holders:)`` makes.
    ///
    /// A registration that would move the installation or the token away from a user it refuses
    /// throws ``GrowBroServerError/heldByAnotherUser(field:)`` before anything is recorded (the caller's transaction
    /// then keeps nothing): the rows it judged are the ones it read, locked.
    ///
    /// - Returns: The changes logged, in order.
    static func register(
        _ registration: TokenRegistration, newUserArchiveDays: Int, takingOnlyFrom mayTakeFrom: (String) -> Bool,
        in transaction: any PushStoreTransaction
    ) throws -> [TokenChange] {
        try transaction.addUser(registration.userID, archiveDays: newUserArchiveDays, at: registration.at)
        // The token's holders locked first: two registrations of one token wait for each other instead of both
        // inserting it.
        let holders = try transaction.installations(
            holding: registration.token, platform: registration.platform, except: registration.installationID)
        let existing = try transaction.installations(ids: [registration.installationID], locking: true)[
            registration.installationID]
        let changes = TokenRules.changes(for: registration, existing: existing, holders: holders)
        if let taken = changes.first(where: {
            $0.kind == .moved && $0.userID != registration.userID && !mayTakeFrom($0.userID)
        }) {
            // The installation's own move names it; a move of another installation is its token's.
            throw GrowBroServerError.heldByAnotherUser(
                field: taken.installationID == registration.installationID ? "installation" : "token")
        }
        for change in changes {
            switch change.kind {
            case .refreshed, .rotated:
                guard let existing else { continue }
                // A refresh instant never goes back (an older report arriving late keeps the newer one).
                try transaction.updateInstallation(
                    Installation(
                        id: existing.id, userID: existing.userID, platform: registration.platform,
                        token: registration.token, environment: registration.environment,
                        permission: registration.permission, registeredAt: existing.registeredAt,
                        refreshedAt: max(existing.refreshedAt, registration.at)))
            case .registered:
                try transaction.insertInstallation(
                    Installation(
                        id: registration.installationID, userID: registration.userID, platform: registration.platform,
                        token: registration.token, environment: registration.environment,
                        permission: registration.permission, registeredAt: registration.at,
                        refreshedAt: registration.at))
            case .moved, .loggedOut, .purged, .stale:
                try transaction.deleteInstallations([change.installationID])
            }
        }
        try transaction.logTokenChanges(changes)
        return changes
    }

    /// Signs a user out of an installation: removes it and logs ``TokenRules/logout(_:at:)``'s change.
    ///
    /// - Parameters:
    ///   - installationID: The installation.
    ///   - userID: When given, the user it must still belong to: an installation another user holds now is left alone.
    ///   - instant: When.
    ///   - transaction: The store's transaction.
    /// - Returns: The change logged, or `nil` (nothing changed) when the installation is unknown or, with `userID`,
    ///   belongs to another user.
    static func logout(
        installationID: String, ifUser userID: String? = nil, at instant: Date,
        in transaction: any PushStoreTransaction
    ) throws -> TokenChange? {
        guard let existing = try transaction.installations(ids: [installationID], locking: true)[installationID],
            userID == nil || existing.userID == userID
        else { return nil }
        let change = TokenRules.logout(existing, at: instant)
        try transaction.deleteInstallations([installationID])
        try transaction.logTokenChanges([change])
        return change
    }

    /// Removes the installations not refreshed within `age` of `now` and logs their `stale` changes, oldest refresh
    /// first.
    static func purgeStale(
        now: Date, age: Duration, in transaction: any PushStoreTransaction
    ) throws -> [TokenChange] {
        let candidates = try transaction.installations(refreshedBefore: TokenRules.staleLimit(now: now, age: age))
        let stale = TokenRules.stale(candidates, now: now, age: age)
        guard !stale.isEmpty else { return [] }
        try transaction.deleteInstallations(stale.map(\.installationID))
        try transaction.logTokenChanges(stale)
        return stale
    }

    /// Removes the installation of a send a provider refused while it still holds the token the send went to
    /// (``TokenRules/purge(token:of:reason:at:)``), and logs its `purged` change.
    ///
    /// - Returns: The change logged, or `nil` when the installation is gone or holds another token now.
    static func purge(
        token: String, of installationID: String, reason: String, at instant: Date,
        in transaction: any PushStoreTransaction
    ) throws -> TokenChange? {
        let installation = try transaction.installations(ids: [installationID], locking: true)[installationID]
        guard let change = TokenRules.purge(token: token, of: installation, reason: reason, at: instant) else {
            return nil
        }
        try transaction.deleteInstallations([change.installationID])
        try transaction.logTokenChanges([change])
        return change
    }
}
