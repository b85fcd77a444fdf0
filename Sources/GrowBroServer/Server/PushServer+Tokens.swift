public import Foundation
public import GrowBroNotifications

extension PushServer {
    /// Registers or refreshes an installation's token, in one transaction.
    ///
    /// - A new installation is registered; the same token again is a refresh (its instant and permission kept);
    ///   another token for the installation replaces the old one (rotation).
    /// - An installation registered under another user moves to this user: the previous user no longer reaches it.
    /// - The same token held by another installation (an earlier install on the same device, or another account)
    ///   is removed from it (`moved`).
    ///
    /// - Parameter registration: What the app reported.
    /// - Returns: The changes logged, in order.
    /// - Throws: ``GrowBroServerError`` for a malformed id, token or environment (nothing stored), or
    ///   ``PushStoreError``.
    @discardableResult
    public func register(_ registration: TokenRegistration) throws -> [TokenChange] {
        // A batch of one: its one list of changes.
        try register([registration]).flatMap { $0 }
    }

    /// Registers many installations in one transaction, each as ``register(_:)`` would in turn: a backend
    /// importing the tokens it already holds, or a test setting up a large audience, without one commit each.
    ///
    /// - Parameter registrations: What the apps reported, in order.
    /// - Returns: Each registration's changes, in order.
    /// - Throws: ``GrowBroServerError`` for the first malformed id, token or environment (nothing stored then), or
    ///   ``PushStoreError`` (nothing stored).
    @discardableResult
    public func register(_ registrations: [TokenRegistration]) throws -> [[TokenChange]] {
        try register(registrations, takingOnlyFrom: { _ in true })
    }

    /// Registers as ``register(_:)`` does, only when every user it would take the installation or the token from
    /// is one `mayTakeFrom` allows: the check reads the rows the registration locks and changes, in its
    /// transaction, so no registration of another user can slip between them.
    ///
    /// - Parameters:
    ///   - registration: What the app reported.
    ///   - mayTakeFrom: Whether a user other than the registration's may lose the installation or the token to it.
    /// - Returns: The changes logged, in order.
    /// - Throws: ``GrowBroServerError/heldByAnotherUser(field:)`` (`installation` when the installation is held by a
    ///   user `mayTakeFrom` refuses, `token` when another installation of such a user holds the token; nothing
    ///   stored), the errors of ``register(_:)``, or ``PushStoreError``.
    @discardableResult
    public func register(
        _ registration: TokenRegistration, takingOnlyFrom mayTakeFrom: (String) -> Bool
    ) throws -> [TokenChange] {
        try register([registration], takingOnlyFrom: mayTakeFrom).flatMap { $0 }
    }

    /// The registrations in one transaction, each refused when it would take from a user `mayTakeFrom` refuses.
    private func register(
        _ registrations: [TokenRegistration], takingOnlyFrom mayTakeFrom: (String) -> Bool
    ) throws -> [[TokenChange]] {
        let validated = try registrations.map(Self.validated)
        let newUserArchiveDays = configuration.defaultArchiveDays
        return try store.transaction { transaction in
            try validated.map { registration in
                try TokenLedger.register(
                    registration, newUserArchiveDays: newUserArchiveDays, takingOnlyFrom: mayTakeFrom, in: transaction)
            }
        }
    }

    /// A registration with its fields checked, or the error naming the first bad one.
    private static func validated(_ registration: TokenRegistration) throws -> TokenRegistration {
        TokenRegistration(
            userID: try Validation.identifier(registration.userID, field: "user"),
            installationID: try Validation.identifier(registration.installationID, field: "installation"),
            platform: registration.platform,
            token: try Validation.token(registration.token, platform: registration.platform),
            environment: try Validation.environment(registration.environment, platform: registration.platform),
            permission: registration.permission, at: registration.at)
    }

    /// Removes an installation when its user signs out of it.
    ///
    /// - Parameters:
    ///   - installationID: The installation.
    ///   - instant: When.
    /// - Returns: The change logged.
    /// - Throws: ``GrowBroServerError/unknownInstallation(_:)``, or ``PushStoreError``.
    @discardableResult
    public func logout(installationID: String, at instant: Date) throws -> TokenChange {
        guard
            let change = try store.transaction({ transaction in
                try TokenLedger.logout(installationID: installationID, at: instant, in: transaction)
            })
        else {
            throw GrowBroServerError.unknownInstallation(installationID)
        }
        return change
    }

    /// Removes an installation when its user signs out of it, only while it still belongs to that user: the check and
    /// the removal are one transaction, so an installation signed in to another account meanwhile is left to it.
    ///
    /// - Parameters:
    ///   - installationID: The installation.
    ///   - userID: The user signing out.
    ///   - instant: When.
    /// - Returns: The change logged.
    /// - Throws: ``GrowBroServerError/unknownInstallation(_:)`` when the installation is unknown or belongs to another
    ///   user (nothing changed; the caller learns nothing of another user's installation), or ``PushStoreError``.
    @discardableResult
    public func logout(installationID: String, ifUser userID: String, at instant: Date) throws -> TokenChange {
        guard
            let change = try store.transaction({ transaction in
                try TokenLedger.logout(installationID: installationID, ifUser: userID, at: instant, in: transaction)
            })
        else {
            throw GrowBroServerError.unknownInstallation(installationID)
        }
        return change
    }

    /// Purges every token not registered or refreshed within ``GrowBroServerConfiguration/staleTokenAge`` of `now`.
    ///
    /// - Parameter now: The current instant.
    /// - Returns: The changes logged, oldest refresh first.
    /// - Throws: ``PushStoreError``.
    @discardableResult
    public func purgeStaleTokens(now: Date) throws -> [TokenChange] {
        let age = configuration.staleTokenAge
        return try store.transaction { transaction in try TokenLedger.purgeStale(now: now, age: age, in: transaction) }
    }

    /// Records the category switches and the archive age the app synced for a user (creating the user if new).
    ///
    /// - Parameters:
    ///   - userID: The user.
    ///   - channels: Switches by channel; channels not named keep their state (on unless switched off before).
    ///   - archiveDays: The inbox's archive age in days (0…3650), or `nil` to keep it.
    ///   - instant: When the app synced them.
    /// - Throws: ``GrowBroServerError`` for a malformed id or an archive age out of range, or ``PushStoreError``.
    public func setPreferences(
        userID: String, channels: [GrowBroChannel: Bool], archiveDays: Int? = nil, at instant: Date
    ) throws {
        let userID = try Validation.identifier(userID, field: "user")
        if let archiveDays, !(0...3650).contains(archiveDays) {
            throw GrowBroServerError.invalidValue(
                field: "archiveDays", value: String(archiveDays), expected: "a number of days from 0 to 3650")
        }
        try store.setPreferences(
            userID: userID, channels: channels, archiveDays: archiveDays,
            newUserArchiveDays: configuration.defaultArchiveDays, at: instant)
    }

    /// A user's live installations, by id.
    ///
    /// - Parameter userID: The user.
    /// - Returns: The installations (empty for an unknown user).
    /// - Throws: ``PushStoreError``.
    public func installations(of userID: String) throws -> [Installation] {
        try store.installations(of: userID)
    }

    /// One installation, if it is live.
    ///
    /// - Parameter installationID: The installation.
    /// - Returns: It, or `nil` when unknown, signed out or purged.
    /// - Throws: ``PushStoreError``.
    public func installation(_ installationID: String) throws -> Installation? {
        try store.installation(installationID)
    }

    /// Every token change logged, oldest first.
    ///
    /// - Returns: The log.
    /// - Throws: ``PushStoreError``.
    public func tokenChanges() throws -> [TokenChange] {
        try store.tokenChanges()
    }
}
