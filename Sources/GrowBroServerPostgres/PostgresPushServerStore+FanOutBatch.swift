internal import Foundation
internal import GrowBroNotifications
internal import GrowBroServer
internal import WaveNotifications
internal import WavePostgres
internal import WavePushPayloads

extension PostgresPushServerStore {
    /// A batch of fan-outs in eight statements instead of about nine per message: what each message needs is read
    /// for the whole batch (recipients, reused ids, switches, unread counts, installations), the rules and payloads
    /// are decided here, and the messages, inbox entries and sends are inserted with one statement each. The same
    /// results and the same rows as ``fanOut(_:skip:payload:in:)`` one message at a time, in the caller's
    /// transaction.
    ///
    /// - Returns: One result per message, or `nil` (nothing done) when the batch names a recipient or a message id
    ///   twice (a recipient's badge then depends on the entries before it in the batch, which one message at a time
    ///   sees) or holds a background push (no entry: the one-at-a-time path handles it).
    static func fanOutSetBased(
        _ messages: [FanOutMessage], skip: (Installation, _ channelEnabled: Bool, _ background: Bool) -> String?,
        payload: (_ index: Int, _ badge: Int, PushPlatform) throws -> String,
        in connection: PostgresConnection
    ) throws -> [Result<FanOutResult, GrowBroServerError>]? {
        let users = messages.map(\.userID)
        guard Set(users).count == messages.count, Set(messages.map(\.messageID)).count == messages.count,
            messages.allSatisfy({ $0.entry != nil })
        else {
            return nil
        }
        let userArray = PostgresValue.array(users.map { .text($0) })
        var archiveDays: [String: Int] = [:]
        let userRows = try connection.query(
            "SELECT user_id, archive_days FROM server_user WHERE user_id = ANY($1::text[])", [userArray])
        for row in 0..<userRows.count { archiveDays[userRows.text(row, 0)] = Int(userRows.int64(row, 1)) }
        let reusedRows = try connection.query(
            "SELECT message_id FROM message WHERE message_id = ANY($1::text[])",
            [.array(messages.map { .text($0.messageID) })])
        let reused = Set((0..<reusedRows.count).map { reusedRows.text($0, 0) })
        let switchRows = try connection.query(
            """
            SELECT c.user_id FROM category_switch c
            JOIN unnest($1::text[], $2::text[]) AS k(user_id, channel_id)
                ON c.user_id = k.user_id AND c.channel_id = k.channel_id
            WHERE c.enabled = 0
            """, [userArray, .array(messages.map { .text($0.channel.rawValue) })])
        let switchedOff = Set((0..<switchRows.count).map { switchRows.text($0, 0) })
        // The unread count before each message's entry, in its recipient's archive window (FanOutRules.badge).
        let known = messages.filter { archiveDays[$0.userID] != nil }
        let countRows = try connection.query(
            """
            SELECT k.user_id, (SELECT count(*) FROM server_inbox s
                WHERE s.user_id = k.user_id AND s.deleted_ms IS NULL AND s.received_ms >= k.oldest
                    AND s.read_ms IS NULL)
            FROM unnest($1::text[], $2::bigint[]) AS k(user_id, oldest)
            """,
            [
                .array(known.map { .text($0.userID) }),
                .array(
                    known.map {
                        .integer(InboxArchive.oldestVisible(now: $0.at, archiveAfterDays: archiveDays[$0.userID] ?? 0))
                    }),
            ])
        var unread: [String: Int] = [:]
        for row in 0..<countRows.count { unread[countRows.text(row, 0)] = Int(countRows.int64(row, 1)) }
        var installations: [String: [Installation]] = [:]
        for installation in readInstallations(
            try connection.query(
                installationColumns + " WHERE user_id = ANY($1::text[]) ORDER BY user_id, installation_id",
                [userArray]))
        {
            installations[installation.userID, default: []].append(installation)
        }

        // The rules and payloads, message by message; a refused message leaves nothing of itself.
        var results: [Result<FanOutResult, GrowBroServerError>] = []
        var recorded: [FanOutMessage] = []
        var sends: [(slot: Int, message: FanOutMessage, installation: Installation, payload: String)] = []
        for (index, message) in messages.enumerated() {
            guard archiveDays[message.userID] != nil else {
                results.append(.failure(.unknownUser(message.userID)))
                continue
            }
            guard !reused.contains(message.messageID) else {
                results.append(.failure(.duplicateMessage(message.messageID)))
                continue
            }
            let badge = FanOutRules.badge(unreadBefore: unread[message.userID] ?? 0)
            let enabled = !switchedOff.contains(message.userID)
            var result = FanOutResult(
                messageID: message.messageID, userID: message.userID, channelID: message.channel.rawValue,
                badge: badge, sends: [], skipped: [])
            var payloads: [PushPayload.Platform: String] = [:]
            var mine: [(Installation, String)] = []
            do {
                for installation in installations[message.userID] ?? [] {
                    if let reason = skip(installation, enabled, false) {
                        result.skipped.append(.init(installationID: installation.id, reason: reason))
                        continue
                    }
                    if payloads[installation.platform] == nil {
                        payloads[installation.platform] = try payload(index, badge, installation.platform)
                    }
                    mine.append((installation, payloads[installation.platform]!))
                }
            } catch let error as GrowBroServerError {
                results.append(.failure(error))
                continue
            }
            for (installation, json) in mine {
                sends.append((results.count, message, installation, json))
            }
            recorded.append(message)
            results.append(.success(result))
        }

        try connection.query(
            """
            INSERT INTO message (message_id, user_id, channel_id, created_ms)
            SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[])
            """,
            [
                .array(recorded.map { .text($0.messageID) }), .array(recorded.map { .text($0.userID) }),
                .array(recorded.map { .text($0.channel.rawValue) }),
                .array(recorded.map { .integer($0.at.millisecondsSince1970) }),
            ])
        try connection.query(
            """
            INSERT INTO server_inbox (user_id, identifier, received_ms, channel_id, title, body, deep_link, read_ms,
                deleted_ms)
            SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[], $4::text[], $5::text[], $6::text[], $7::text[],
                $8::bigint[], $9::bigint[])
            """,
            [
                .array(recorded.map { .text($0.userID) }), .array(recorded.map { .text($0.entry!.identifier) }),
                .array(recorded.map { .integer($0.entry!.receivedAt.millisecondsSince1970) }),
                .array(recorded.map { .text($0.entry!.channelID) }),
                .array(try recorded.map { .text(try $0.entry!.title.storedJSON()) }),
                .array(try recorded.map { .text(try $0.entry!.body.storedJSON()) }),
                .array(recorded.map { .text($0.entry!.deepLink) }),
                .array(recorded.map { .optional($0.entry!.readAt?.millisecondsSince1970) }),
                .array(recorded.map { .optional($0.entry!.deletedAt?.millisecondsSince1970) }),
            ])
        guard !sends.isEmpty else { return results }
        // Send ids in the order one message at a time gives them: the rows inserted in the batch's order.
        let ids = try connection.query(
            """
            INSERT INTO push_send (message_id, installation_id, user_id, platform, channel_id, payload, collapse_id,
                created_ms, expires_ms, state, due_ms, priority, apns_id)
            SELECT m, i, u, p, c, j, k, t, e, 'pending', t, r, a
            FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
                $8::bigint[], $9::bigint[], $10::integer[], $11::text[])
                WITH ORDINALITY AS v(m, i, u, p, c, j, k, t, e, r, a, n)
            ORDER BY n
            RETURNING send_id, message_id, installation_id
            """,
            [
                .array(sends.map { .text($0.message.messageID) }), .array(sends.map { .text($0.installation.id) }),
                .array(sends.map { .text($0.message.userID) }),
                .array(sends.map { .text($0.installation.platform.rawValue) }),
                .array(sends.map { .text($0.message.channel.rawValue) }), .array(sends.map { .text($0.payload) }),
                .array(sends.map { .optional($0.message.collapseID) }),
                .array(sends.map { .integer($0.message.at.millisecondsSince1970) }),
                .array(sends.map { .integer($0.message.expiresAt.millisecondsSince1970) }),
                .array(sends.map { .integer(Int64($0.message.priority.rawValue)) }),
                .array(sends.map { .optional($0.message.newAPNsID()) }),
            ])
        var sendIDs: [String: Int64] = [:]
        for row in 0..<ids.count { sendIDs[ids.text(row, 1) + "\u{0}" + ids.text(row, 2)] = ids.int64(row, 0) }
        for send in sends {
            guard case .success(var result) = results[send.slot],
                let sendID = sendIDs[send.message.messageID + "\u{0}" + send.installation.id]
            else { continue }
            result.sends.append(
                .init(sendID: sendID, installationID: send.installation.id, platform: send.installation.platform))
            results[send.slot] = .success(result)
        }
        return results
    }
}
