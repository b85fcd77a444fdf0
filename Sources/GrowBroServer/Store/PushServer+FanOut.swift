internal import Foundation
internal import GrowBroNotifications
internal import WaveNotifications
internal import WavePushPayloads
internal import WaveSQLite

extension PushServer {
    /// Adds a community event to the recipient's server inbox and records one send per live installation, in one
    /// transaction.
    ///
    /// An installation is skipped when the recipient switched the event's channel off (`category_disabled`) or the
    /// device reports no permission (`permission_denied`). Each payload carries `messageId`, the deep link, the
    /// `thread-id` of the post for a reply, the collapse id `like_<postId>` for a like, and the badge: the
    /// recipient's unread count after this entry. Texts travel as the `GrowBro` table's keys, resolved on the
    /// device in its language.
    ///
    /// - Parameter event: The event.
    /// - Returns: The badge, the sends recorded and the installations skipped.
    /// - Throws: ``GrowBroServerError`` (unknown user, malformed or reused id, a payload that does not fit), or
    ///   ``PushStoreError``; nothing is stored then.
    public func fanOut(_ event: CommunityEvent) throws -> FanOutResult {
        let messageID = try Validation.shortID(event.messageID, field: "messageId")
        let userID = event.recipientID
        let plan = try FanOutPlan(event)
        let at = event.at
        let expires = at.addingTimeInterval(configuration.sendLifetime.timeInterval)
        let coding = coding
        return try database.transaction { database in
            guard let archiveDays = try Self.archiveDays(of: userID, in: database) else {
                throw GrowBroServerError.unknownUser(userID)
            }
            let message = try database.cached(
                "INSERT OR IGNORE INTO message (message_id, user_id, channel_id, created_ms) VALUES (?, ?, ?, ?)")
            try message.bind([
                .text(messageID), .text(userID), .text(plan.channel.rawValue), .integer(at.millisecondsSince1970),
            ])
            try message.run()
            guard database.changes == 1 else { throw GrowBroServerError.duplicateMessage(messageID) }

            try ServerInbox.insert(
                InboxEntry(
                    identifier: GrowBroLinks.messageIdentifier(messageID), receivedAt: at,
                    channelID: plan.channel.rawValue, title: plan.title, body: plan.body, deepLink: plan.deepLink),
                userID: userID, coding: coding, in: database)
            let badge = try ServerInbox.unreadCount(
                userID: userID, oldest: ServerInbox.oldestVisible(now: at, archiveAfterDays: archiveDays), in: database)

            let enabled = try Self.isEnabled(plan.channel, for: userID, in: database)
            let select = try database.cached(Self.installationColumns + " WHERE user_id = ? ORDER BY installation_id")
            try select.bind(userID, at: 1)
            var installations: [Installation] = []
            while try select.step() { installations.append(Self.readInstallation(select)) }
            select.reset()

            let push = PushMessage(
                messageID: messageID,
                text: .localized(
                    titleKey: plan.title.key, titleArguments: plan.title.arguments, bodyKey: plan.body.key,
                    bodyArguments: plan.body.arguments),
                channel: plan.channel.channel, deepLink: plan.deepLink, threadID: plan.threadID,
                collapseID: plan.collapseID, badge: badge)
            var payloads: [PushPayload.Platform: String] = [:]
            var result = FanOutResult(
                messageID: messageID, userID: userID, channelID: plan.channel.rawValue, badge: badge, sends: [],
                skipped: [])
            let insert = try database.cached(
                """
                INSERT INTO push_send (message_id, installation_id, user_id, platform, channel_id, payload, collapse_id,
                    created_ms, expires_ms, state, due_ms)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?)
                """)
            for installation in installations {
                if let reason = FanOutRules.skipReason(for: installation, channelEnabled: enabled) {
                    result.skipped.append(.init(installationID: installation.id, reason: reason))
                    continue
                }
                let json: String
                if let encoded = payloads[installation.platform] {
                    json = encoded
                } else {
                    json = try Self.encode(push, for: installation.platform)
                    payloads[installation.platform] = json
                }
                insert.reset()
                try insert.bind([
                    .text(messageID), .text(installation.id), .text(userID), .text(installation.platform.rawValue),
                    .text(plan.channel.rawValue), .text(json), .optional(plan.collapseID),
                    .integer(at.millisecondsSince1970), .integer(expires.millisecondsSince1970),
                    .integer(at.millisecondsSince1970),
                ])
                try insert.run()
                result.sends.append(
                    .init(
                        sendID: try Self.lastInsertedRow(in: database), installationID: installation.id,
                        platform: installation.platform))
            }
            return result
        }
    }

    static func encode(_ push: PushMessage, for platform: PushPayload.Platform) throws -> String {
        do {
            switch platform {
            case .apns: return try APNsPayloadEncoder().encode(push).json
            case .fcm: return try FCMPayloadEncoder().encode(push).json
            }
        } catch {
            throw GrowBroServerError.payloadTooLarge(messageID: push.messageID, detail: error.description)
        }
    }

    static func isEnabled(_ channel: GrowBroChannel, for userID: String, in database: SQLiteDatabase) throws -> Bool {
        let select = try database.cached("SELECT enabled FROM category_switch WHERE user_id = ? AND channel_id = ?")
        defer { select.reset() }
        try select.bind([.text(userID), .text(channel.rawValue)])
        return try select.step() ? select.int64(at: 0) != 0 : true
    }

    static func lastInsertedRow(in database: SQLiteDatabase) throws -> Int64 {
        let select = try database.cached("SELECT last_insert_rowid()")
        defer { select.reset() }
        return try select.step() ? select.int64(at: 0) : 0
    }
}

extension Duration {
    /// The duration in seconds, as a `TimeInterval`.
    var timeInterval: TimeInterval {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
