internal import Foundation
internal import GrowBroNotifications
internal import GrowBroServer
internal import WaveNotifications
internal import WavePostgres
internal import WavePushPayloads

extension PostgresPushServerStore {
    func fanOut(
        _ message: FanOutMessage, skip: (Installation, _ channelEnabled: Bool, _ background: Bool) -> String?,
        payload: (_ badge: Int, PushPlatform) throws -> String
    ) throws -> FanOutResult {
        return try database.transaction { connection in
            let result = try Self.fanOut(message, skip: skip, payload: payload, in: connection)
            if !result.sends.isEmpty { try Self.notifyNewSends(in: connection) }
            return result
        }
    }

    func fanOut(
        batch messages: [FanOutMessage], skip: (Installation, _ channelEnabled: Bool, _ background: Bool) -> String?,
        payload: (_ index: Int, _ badge: Int, PushPlatform) throws -> String
    ) throws -> [Result<FanOutResult, GrowBroServerError>] {
        return try database.transaction { connection in
            // Senders listening hear of the batch when it commits (a NOTIFY is sent at the commit, never on a
            // rollback, wherever it stands in the transaction).
            try Self.notifyNewSends(in: connection)
            // The whole batch in a few statements when it qualifies, inside a savepoint: if another writer got in
            // between its reads and its inserts (an id reused at the same moment) or a message is refused, nothing
            // of it stays and the batch goes one message at a time below, where each refusal is that message's. Any
            // other failure (the connection lost, the disk full) is the call's.
            do {
                if let results = try connection.transaction({
                    try Self.fanOutSetBased(messages, skip: skip, payload: payload, in: connection)
                }) {
                    return results
                }
            } catch let error as PostgresError where error.isUniqueViolation {
                // Another writer's row: the slow path reads again.
            } catch is GrowBroServerError {
                // A refused message: the slow path names it.
            }
            var results: [Result<FanOutResult, GrowBroServerError>] = []
            results.reserveCapacity(messages.count)
            for (index, message) in messages.enumerated() {
                do {
                    // A savepoint per message: a refused one leaves nothing of itself, the rest commits.
                    let result = try connection.transaction {
                        try Self.fanOut(
                            message, skip: skip, payload: { try payload(index, $0, $1) },
                            in: connection)
                    }
                    results.append(.success(result))
                } catch let error as GrowBroServerError {
                    results.append(.failure(error))
                }
            }
            return results
        }
    }

    /// Records one message, its inbox entry and its sends in the caller's transaction.
    static func fanOut(
        _ message: FanOutMessage, skip: (Installation, _ channelEnabled: Bool, _ background: Bool) -> String?,
        payload: (_ badge: Int, PushPlatform) throws -> String,
        in connection: PostgresConnection
    ) throws -> FanOutResult {
        let at = message.at.millisecondsSince1970
        guard let archiveDays = try archiveDays(of: message.userID, in: connection) else {
            throw GrowBroServerError.unknownUser(message.userID)
        }
        let inserted = try connection.query(
            """
            INSERT INTO message (message_id, user_id, channel_id, created_ms) VALUES ($1, $2, $3, $4)
            ON CONFLICT (message_id) DO NOTHING
            """,
            [.text(message.messageID), .text(message.userID), .text(message.channelID), .integer(at)])
        guard inserted.changes == 1 else { throw GrowBroServerError.duplicateMessage(message.messageID) }

        // A background push has no entry and no badge (0 in its result; its payload carries none).
        var badge = 0
        if let entry = message.entry {
            let unread = try inboxCount(
                userID: message.userID, unreadOnly: true,
                oldest: InboxArchive.oldestVisible(now: message.at, archiveAfterDays: archiveDays), in: connection)
            try insert(entry, userID: message.userID, in: connection)
            badge = FanOutRules.badge(unreadBefore: unread)
        }
        let enabled = try connection.query(
            "SELECT enabled FROM category_switch WHERE user_id = $1 AND channel_id = $2",
            [.text(message.userID), .text(message.channel.rawValue)])
        let channelEnabled = enabled.count == 0 || enabled.int64(0, 0) != 0

        var payloads: [PushPayload.Platform: String] = [:]
        var result = FanOutResult(
            messageID: message.messageID, userID: message.userID, channelID: message.channelID, badge: badge,
            sends: [], skipped: [])
        for installation in try installations(of: message.userID, in: connection) {
            if let reason = skip(installation, channelEnabled, message.entry == nil) {
                result.skipped.append(.init(installationID: installation.id, reason: reason))
                continue
            }
            let json: String
            if let encoded = payloads[installation.platform] {
                json = encoded
            } else {
                // One payload per platform: the badge is the same for every installation of the recipient.
                json = try payload(badge, installation.platform)
                payloads[installation.platform] = json
            }
            let sendID = try connection.query(
                """
                INSERT INTO push_send (message_id, installation_id, user_id, platform, channel_id, payload, collapse_id,
                    created_ms, expires_ms, state, due_ms, priority, apns_id)
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'pending', $8, $10, $11)
                RETURNING send_id
                """,
                [
                    .text(message.messageID), .text(installation.id), .text(message.userID),
                    .text(installation.platform.rawValue), .text(message.channelID), .text(json),
                    .optional(message.collapseID), .integer(at), .integer(message.expiresAt.millisecondsSince1970),
                    .integer(Int64(message.priority.rawValue)), .optional(message.newAPNsID()),
                ]
            ).int64(0, 0)
            result.sends.append(
                .init(sendID: sendID, installationID: installation.id, platform: installation.platform))
        }
        return result
    }
}
