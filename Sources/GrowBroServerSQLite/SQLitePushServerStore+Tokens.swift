internal import Foundation
internal import GrowBroNotifications
internal import GrowBroServer
internal import WaveNotifications
internal import WavePushPayloads
internal import WaveSQLite

extension SQLitePushServerStore {
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
