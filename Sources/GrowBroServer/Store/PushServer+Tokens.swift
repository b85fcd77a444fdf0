public import Foundation
public import GrowBroNotifications
internal import WaveNotifications
internal import WavePushPayloads
internal import WaveSQLite

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
    /// - Throws: ``GrowBroServerError`` for a malformed id, token or environment (nothing stored), or ``PushStoreError``.
    @discardableResult
    public func register(_ registration: TokenRegistration) throws -> [TokenChange] {
        let userID = try Validation.identifier(registration.userID, field: "user")
        let installationID = try Validation.identifier(registration.installationID, field: "installation")
        let token = try Validation.token(registration.token, platform: registration.platform)
        let environment = try Validation.environment(registration.environment, platform: registration.platform)
        let validated = TokenRegistration(
            userID: userID, installationID: installationID, platform: registration.platform, token: token,
            environment: environment, permission: registration.permission, at: registration.at)
        return try database.transaction { database in
            try self.ensureUser(userID, at: validated.at, in: database)
            let holder = try database.cached(
                Self.installationColumns + " WHERE platform = ? AND token = ? AND installation_id <> ?")
            try holder.bind([.text(validated.platform.rawValue), .text(token), .text(installationID)])
            var holders: [Installation] = []
            while try holder.step() { holders.append(Self.readInstallation(holder)) }
            holder.reset()
            let changes = TokenRules.changes(
                for: validated, existing: try Self.installation(installationID, in: database), holders: holders)
            for change in changes {
                try Self.record(change, of: validated, in: database)
            }
            return changes
        }
    }

    /// Records one change of a registration: `moved` removes the installation it names, `registered` adds the
    /// registering one, `refreshed` and `rotated` update it (a refresh instant never goes back); each is logged.
    private static func record(
        _ change: TokenChange, of registration: TokenRegistration, in database: SQLiteDatabase
    ) throws {
        switch change.kind {
        case .refreshed, .rotated:
            let update = try database.cached(
                """
                UPDATE installation SET platform = ?, token = ?, environment = ?, permission = ?,
                    refreshed_ms = max(refreshed_ms, ?)
                WHERE installation_id = ?
                """)
            try update.bind([
                .text(registration.platform.rawValue), .text(registration.token),
                .optional(registration.environment?.rawValue), .text(registration.permission.rawValue),
                .integer(registration.at.millisecondsSince1970), .text(registration.installationID),
            ])
            try update.run()
        case .registered:
            let insert = try database.cached(
                """
                INSERT INTO installation (installation_id, user_id, platform, token, environment, permission,
                    registered_ms, refreshed_ms)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """)
            try insert.bind([
                .text(registration.installationID), .text(registration.userID), .text(registration.platform.rawValue),
                .text(registration.token), .optional(registration.environment?.rawValue),
                .text(registration.permission.rawValue), .integer(registration.at.millisecondsSince1970),
                .integer(registration.at.millisecondsSince1970),
            ])
            try insert.run()
        case .moved, .loggedOut, .purged, .stale:
            try deleteInstallation(change.installationID, in: database)
        }
        try log(change, in: database)
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
        try database.transaction { database in
            guard let existing = try Self.installation(installationID, in: database) else {
                throw GrowBroServerError.unknownInstallation(installationID)
            }
            let change = TokenRules.logout(existing, at: instant)
            try Self.deleteInstallation(installationID, in: database)
            try Self.log(change, in: database)
            return change
        }
    }

    /// Purges every token not registered or refreshed within ``GrowBroServerConfiguration/staleTokenAge`` of `now`.
    ///
    /// - Parameter now: The current instant.
    /// - Returns: The changes logged, oldest refresh first.
    /// - Throws: ``PushStoreError``.
    @discardableResult
    public func purgeStaleTokens(now: Date) throws -> [TokenChange] {
        let age = configuration.staleTokenAge
        let limit = TokenRules.staleLimit(now: now, age: age)
        return try database.transaction { database in
            let select = try database.cached(
                Self.installationColumns + " WHERE refreshed_ms < ? ORDER BY refreshed_ms, installation_id")
            try select.bind(limit, at: 1)
            var candidates: [Installation] = []
            while try select.step() { candidates.append(Self.readInstallation(select)) }
            select.reset()
            let stale = TokenRules.stale(candidates, now: now, age: age)
            for change in stale {
                try Self.deleteInstallation(change.installationID, in: database)
                try Self.log(change, in: database)
            }
            return stale
        }
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
        try database.transaction { database in
            try self.ensureUser(userID, at: instant, in: database)
            if let archiveDays {
                let update = try database.cached(
                    "UPDATE server_user SET archive_days = ?, updated_ms = ? WHERE user_id = ?")
                try update.bind([.integer(Int64(archiveDays)), .integer(instant.millisecondsSince1970), .text(userID)])
                try update.run()
            }
            let upsert = try database.cached(
                """
                INSERT INTO category_switch (user_id, channel_id, enabled, updated_ms) VALUES (?, ?, ?, ?)
                ON CONFLICT (user_id, channel_id) DO UPDATE SET enabled = excluded.enabled, updated_ms = excluded.updated_ms
                """)
            for (channel, enabled) in channels.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                upsert.reset()
                try upsert.bind([
                    .text(userID), .text(channel.rawValue), .integer(enabled ? 1 : 0),
                    .integer(instant.millisecondsSince1970),
                ])
                try upsert.run()
            }
        }
    }

    /// A user's live installations, by id.
    ///
    /// - Parameter userID: The user.
    /// - Returns: The installations (empty for an unknown user).
    /// - Throws: ``PushStoreError``.
    public func installations(of userID: String) throws -> [Installation] {
        try database.withDatabase { database in
            let select = try database.cached(Self.installationColumns + " WHERE user_id = ? ORDER BY installation_id")
            defer { select.reset() }
            try select.bind(userID, at: 1)
            var installations: [Installation] = []
            while try select.step() { installations.append(Self.readInstallation(select)) }
            return installations
        }
    }

    /// One installation, if it is live.
    ///
    /// - Parameter installationID: The installation.
    /// - Returns: It, or `nil` when unknown, signed out or purged.
    /// - Throws: ``PushStoreError``.
    public func installation(_ installationID: String) throws -> Installation? {
        try database.withDatabase { database in try Self.installation(installationID, in: database) }
    }

    /// Every token change logged, oldest first.
    ///
    /// - Returns: The log.
    /// - Throws: ``PushStoreError``.
    public func tokenChanges() throws -> [TokenChange] {
        try database.withDatabase { database in
            let select = try database.cached(
                "SELECT kind, installation_id, user_id, token, reason, at_ms FROM token_change ORDER BY sequence")
            defer { select.reset() }
            var changes: [TokenChange] = []
            while try select.step() {
                changes.append(
                    TokenChange(
                        kind: TokenChange.Kind(rawValue: select.text(at: 0)) ?? .registered,
                        installationID: select.text(at: 1), userID: select.text(at: 2), token: select.text(at: 3),
                        reason: select.optionalText(at: 4), at: Date(millisecondsSince1970: select.int64(at: 5))))
            }
            return changes
        }
    }

    static let installationColumns = """
        SELECT installation_id, user_id, platform, token, environment, permission, registered_ms, refreshed_ms
        FROM installation
        """

    static func readInstallation(_ row: SQLiteStatement) -> Installation {
        Installation(
            id: row.text(at: 0), userID: row.text(at: 1),
            platform: PushPayload.Platform(rawValue: row.text(at: 2)) ?? .fcm,
            token: row.text(at: 3), environment: row.optionalText(at: 4).flatMap(APNsEnvironment.init(rawValue:)),
            permission: PermissionStatus(rawValue: row.text(at: 5)) ?? .authorized,
            registeredAt: Date(millisecondsSince1970: row.int64(at: 6)),
            refreshedAt: Date(millisecondsSince1970: row.int64(at: 7)))
    }

    static func installation(_ installationID: String, in database: SQLiteDatabase) throws -> Installation? {
        let select = try database.cached(installationColumns + " WHERE installation_id = ?")
        defer { select.reset() }
        try select.bind(installationID, at: 1)
        return try select.step() ? readInstallation(select) : nil
    }

    static func deleteInstallation(_ installationID: String, in database: SQLiteDatabase) throws {
        let delete = try database.cached("DELETE FROM installation WHERE installation_id = ?")
        try delete.bind(installationID, at: 1)
        try delete.run()
    }

    static func log(_ change: TokenChange, in database: SQLiteDatabase) throws {
        let insert = try database.cached(
            "INSERT INTO token_change (at_ms, kind, installation_id, user_id, token, reason) VALUES (?, ?, ?, ?, ?, ?)")
        try insert.bind([
            .integer(change.at.millisecondsSince1970), .text(change.kind.rawValue), .text(change.installationID),
            .text(change.userID), .text(change.token), .optional(change.reason),
        ])
        try insert.run()
    }
}
