internal import Foundation
internal import GrowBroNotifications
internal import GrowBroServer
internal import WaveNotifications
internal import WavePushPayloads
internal import WaveSQLite

extension SQLitePushServerStore {
    func register(
        batch registrations: [TokenRegistration], newUserArchiveDays: Int,
        decide: (_ index: Int, _ existing: Installation?, _ holders: [Installation]) -> [TokenChange]
    ) throws -> [[TokenChange]] {
        try database.transaction { database in
            try registrations.enumerated().map { index, registration in
                try Self.register(
                    registration, newUserArchiveDays: newUserArchiveDays, decide: { decide(index, $0, $1) },
                    in: database)
            }
        }
    }

    /// One registration in the caller's transaction.
    private static func register(
        _ registration: TokenRegistration, newUserArchiveDays: Int,
        decide: (_ existing: Installation?, _ holders: [Installation]) -> [TokenChange], in database: SQLiteDatabase
    ) throws -> [TokenChange] {
        let installationID = registration.installationID
        let token = registration.token
        try Self.ensureUser(registration.userID, archiveDays: newUserArchiveDays, at: registration.at, in: database)
        let holder = try database.cached(
            Self.installationColumns + " WHERE platform = ? AND token = ? AND installation_id <> ?")
        try holder.bind([.text(registration.platform.rawValue), .text(token), .text(installationID)])
        var holders: [Installation] = []
        while try holder.step() { holders.append(Self.readInstallation(holder)) }
        holder.reset()
        let changes = decide(try Self.installation(installationID, in: database), holders)
        for change in changes {
            try Self.record(change, of: registration, in: database)
        }
        return changes
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

    func logout(installationID: String, decide: (Installation) -> TokenChange) throws -> TokenChange? {
        try database.transaction { database in
            guard let existing = try Self.installation(installationID, in: database) else { return nil }
            let change = decide(existing)
            try Self.deleteInstallation(installationID, in: database)
            try Self.log(change, in: database)
            return change
        }
    }

    func purgeStaleTokens(
        refreshedBefore limit: Int64, decide: ([Installation]) -> [TokenChange]
    ) throws
        -> [TokenChange]
    {
        try database.transaction { database in
            let select = try database.cached(
                Self.installationColumns + " WHERE refreshed_ms < ? ORDER BY refreshed_ms, installation_id")
            try select.bind(limit, at: 1)
            var candidates: [Installation] = []
            while try select.step() { candidates.append(Self.readInstallation(select)) }
            select.reset()
            let stale = decide(candidates)
            for change in stale {
                try Self.deleteInstallation(change.installationID, in: database)
                try Self.log(change, in: database)
            }
            return stale
        }
    }

    func setPreferences(
        userID: String, channels: [GrowBroChannel: Bool], archiveDays: Int?, newUserArchiveDays: Int, at instant: Date
    ) throws {
        try database.transaction { database in
            try Self.ensureUser(userID, archiveDays: newUserArchiveDays, at: instant, in: database)
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

    func installations(of userID: String) throws -> [Installation] {
        try database.withDatabase { database in
            let select = try database.cached(Self.installationColumns + " WHERE user_id = ? ORDER BY installation_id")
            defer { select.reset() }
            try select.bind(userID, at: 1)
            var installations: [Installation] = []
            while try select.step() { installations.append(Self.readInstallation(select)) }
            return installations
        }
    }

    func installation(_ installationID: String) throws -> Installation? {
        try database.withDatabase { database in try Self.installation(installationID, in: database) }
    }

    func installations(ids installationIDs: [String]) throws -> [String: Installation] {
        try database.withDatabase { database in
            var found: [String: Installation] = [:]
            for installationID in installationIDs {
                found[installationID] = try Self.installation(installationID, in: database)
            }
            return found
        }
    }

    func tokenChanges() throws -> [TokenChange] {
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
