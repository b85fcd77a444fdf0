internal import Foundation
internal import GrowBroNotifications
internal import GrowBroServer
internal import WaveNotifications
internal import WavePostgres
internal import WavePushPayloads

extension PostgresPushServerStore {
    func setPreferences(
        userID: String, channels: [GrowBroChannel: Bool], archiveDays: Int?, newUserArchiveDays: Int, at instant: Date
    ) throws {
        try database.transaction { connection in
            try Self.ensureUser(userID, archiveDays: newUserArchiveDays, at: instant, in: connection)
            if let archiveDays {
                try connection.query(
                    "UPDATE server_user SET archive_days = $1, updated_ms = $2 WHERE user_id = $3",
                    [.integer(Int64(archiveDays)), .integer(instant.millisecondsSince1970), .text(userID)])
            }
            for (channel, enabled) in channels.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                try connection.query(
                    """
                    INSERT INTO category_switch (user_id, channel_id, enabled, updated_ms) VALUES ($1, $2, $3, $4)
                    ON CONFLICT (user_id, channel_id)
                    DO UPDATE SET enabled = excluded.enabled, updated_ms = excluded.updated_ms
                    """,
                    [
                        .text(userID), .text(channel.rawValue), .integer(enabled ? 1 : 0),
                        .integer(instant.millisecondsSince1970),
                    ])
            }
        }
    }

    func installations(of userID: String) throws -> [Installation] {
        try database.withConnection { connection in
            try Self.installations(of: userID, in: connection)
        }
    }

    static func installations(of userID: String, in connection: PostgresConnection) throws -> [Installation] {
        readInstallations(
            try connection.query(
                installationColumns + " WHERE user_id = $1 ORDER BY installation_id", [.text(userID)]))
    }

    func installation(_ installationID: String) throws -> Installation? {
        try database.withConnection { connection in
            try Self.installation(installationID, in: connection, locking: false)
        }
    }

    func installations(ids installationIDs: [String]) throws -> [String: Installation] {
        guard !installationIDs.isEmpty else { return [:] }
        return try database.withConnection { connection in
            let found = Self.readInstallations(
                try connection.query(
                    Self.installationColumns + " WHERE installation_id = ANY($1::text[])",
                    [.array(installationIDs.map { .text($0) })]))
            return Dictionary(found.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        }
    }

    func tokenChanges() throws -> [TokenChange] {
        try database.withConnection { connection in
            let rows = try connection.query(
                "SELECT kind, installation_id, user_id, token, reason, at_ms FROM token_change ORDER BY sequence")
            return (0..<rows.count).map { row in
                TokenChange(
                    kind: TokenChange.Kind(rawValue: rows.text(row, 0)) ?? .registered,
                    installationID: rows.text(row, 1), userID: rows.text(row, 2), token: rows.text(row, 3),
                    reason: rows.optionalText(row, 4), at: Date(millisecondsSince1970: rows.int64(row, 5)))
            }
        }
    }

    static let installationColumns = """
        SELECT installation_id, user_id, platform, token, environment, permission, registered_ms, refreshed_ms
        FROM installation
        """

    static func readInstallations(_ rows: PostgresRows) -> [Installation] {
        (0..<rows.count).map { row in
            Installation(
                id: rows.text(row, 0), userID: rows.text(row, 1),
                platform: PushPayload.Platform(rawValue: rows.text(row, 2)) ?? .fcm,
                token: rows.text(row, 3),
                environment: rows.optionalText(row, 4).flatMap(APNsEnvironment.init(rawValue:)),
                permission: PermissionStatus(rawValue: rows.text(row, 5)) ?? .authorized,
                registeredAt: Date(millisecondsSince1970: rows.int64(row, 6)),
                refreshedAt: Date(millisecondsSince1970: rows.int64(row, 7)))
        }
    }

    static func installation(
        _ installationID: String, in connection: PostgresConnection, locking: Bool
    ) throws -> Installation? {
        readInstallations(
            try connection.query(
                installationColumns + " WHERE installation_id = $1" + (locking ? " FOR UPDATE" : ""),
                [.text(installationID)])
        ).first
    }

    static func deleteInstallation(_ installationID: String, in connection: PostgresConnection) throws {
        try connection.query("DELETE FROM installation WHERE installation_id = $1", [.text(installationID)])
    }

    static func log(_ change: TokenChange, in connection: PostgresConnection) throws {
        try connection.query(
            """
            INSERT INTO token_change (at_ms, kind, installation_id, user_id, token, reason)
            VALUES ($1, $2, $3, $4, $5, $6)
            """,
            [
                .integer(change.at.millisecondsSince1970), .text(change.kind.rawValue), .text(change.installationID),
                .text(change.userID), .text(change.token), .optional(change.reason),
            ])
    }
}
