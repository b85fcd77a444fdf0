internal import Foundation
internal import GrowBroNotifications
internal import WaveNotifications
internal import WavePushPayloads

extension PushServer {
    /// Adds a community event to the recipient's server inbox and records one send per live installation, in one
    /// transaction.
    ///
    /// An installation is skipped when the recipient switched the event's channel off (`category_disabled`) or the
    /// device reports no permission (`permission_denied`). Each payload carries `messageId`, the deep link, the
    /// `thread-id` of the post for a reply (on FCM its `collapse_key` `post_<postId>`), the collapse id
    /// `like_<postId>` for a like, and the badge: the
    /// recipient's unread count after this entry. Texts travel as the `GrowBro` table's keys, resolved on the
    /// device in its language.
    ///
    /// Its sends are ``SendPriority/interactive`` (a refresh's ``SendPriority/background``): claimed before a
    /// broadcast's.
    ///
    /// - Parameter event: The event.
    /// - Returns: The badge, the sends recorded and the installations skipped.
    /// - Throws: ``GrowBroServerError`` (unknown user, malformed or reused id, a payload that does not fit), or
    ///   ``PushStoreError``; nothing is stored then.
    public func fanOut(_ event: CommunityEvent) throws -> FanOutResult {
        let (message, push) = try prepare(event, priority: .interactive)
        // A batch of one: its one result.
        let result = try store.transaction { transaction in
            try FanOutRecorder.record(
                [message], payload: { _, badge, platform in try push(badge, platform) }, in: transaction)
        }
        return try result[0].get()
    }

    /// Fans out many events (a broadcast: a system message to every user, say) as ``fanOut(_:)`` does each, but
    /// with one transaction per `batchSize` events instead of one per event.
    ///
    /// Every send of a batch is on disk before the call moves to the next batch, so none can be attempted before it
    /// is recorded. A crash during the call keeps the batches committed before it, whole, and nothing of the batch
    /// in progress. An event the rules refuse (malformed or reused id, unknown recipient, a payload that does not
    /// fit) is reported in its place and leaves nothing; the others are recorded.
    ///
    /// Its sends are ``SendPriority/bulk`` by default: a reply fanned out while they are being sent overtakes them
    /// (a refresh's are ``SendPriority/background`` whatever `priority` says).
    ///
    /// - Parameters:
    ///   - events: The events, recorded in this order (send ids follow it).
    ///   - batchSize: Events per transaction (at least 1); 2,000 by default.
    ///   - priority: The priority of the events' sends (``SendPriority/bulk`` by default; ``SendPriority/interactive``
    ///     for a batch of events each meant for one user now, an import of replies, say).
    /// - Returns: One result per event, in order.
    /// - Throws: ``PushStoreError`` when the store fails; the batches before the failing one stay recorded.
    public func fanOut(
        _ events: [CommunityEvent], batchSize: Int = 2_000, priority: SendPriority = .bulk
    ) throws -> [Result<FanOutResult, GrowBroServerError>] {
        var results: [Result<FanOutResult, GrowBroServerError>] = []
        results.reserveCapacity(events.count)
        var start = events.startIndex
        while start < events.endIndex {
            let end = min(start + max(batchSize, 1), events.endIndex)
            var messages: [FanOutMessage] = []
            var pushes: [(Int, PushPlatform) throws -> String] = []
            // Where each prepared message's result goes; a refused event's failure is already in place.
            var slots: [Int] = []
            for event in events[start..<end] {
                do {
                    let (message, push) = try prepare(event, priority: priority)
                    messages.append(message)
                    pushes.append(push)
                    slots.append(results.count)
                    results.append(.failure(.unknownUser(event.recipientID)))
                } catch let error as GrowBroServerError {
                    results.append(.failure(error))
                }
            }
            let recorded = try store.transaction { transaction in
                try FanOutRecorder.record(
                    messages, payload: { index, badge, platform in try pushes[index](badge, platform) },
                    in: transaction)
            }
            for (slot, result) in zip(slots, recorded) { results[slot] = result }
            start = end
        }
        return results
    }

    /// The validated message of an event and the builder of its payload for a badge and platform.
    private func prepare(
        _ event: CommunityEvent, priority: SendPriority
    ) throws -> (FanOutMessage, (Int, PushPlatform) throws -> String) {
        let messageID = try Validation.shortID(event.messageID, field: "messageId")
        let plan = try FanOutPlan(event)
        let message = FanOutMessage(
            messageID: messageID, userID: event.recipientID, channel: plan.channel,
            entry: plan.shown.map { shown in
                InboxEntry(
                    identifier: GrowBroLinks.messageIdentifier(messageID), receivedAt: event.at,
                    channelID: plan.channel.rawValue, title: shown.title, body: shown.body, deepLink: plan.deepLink)
            },
            collapseID: plan.collapseID, at: event.at,
            expiresAt: event.at.addingTimeInterval(configuration.sendLifetime.timeInterval),
            priority: SendPriority.of(event.kind, requested: priority), apnsIDs: configuration.apnsIDs)
        // The body is cut to fit; what cannot be cut is the title's argument: a system message's title, a reply's
        // author (a like's title has none: its author is in the body).
        let titleField: String
        if case .system = event.kind { titleField = "title" } else { titleField = "author" }
        let push: (Int, PushPlatform) throws -> String = { badge, platform in
            guard let shown = plan.shown else {
                // Nothing to show: no text, no badge; the link names what the app refreshes.
                return try Self.encode(
                    PushMessage(
                        messageID: messageID, text: .plain(title: "", body: ""), channel: plan.channel.channel,
                        deepLink: plan.deepLink, isBackground: true),
                    for: platform, field: titleField)
            }
            return try Self.encode(
                PushMessage(
                    messageID: messageID,
                    text: .localized(
                        titleKey: shown.title.key, titleArguments: shown.title.arguments, bodyKey: shown.body.key,
                        bodyArguments: shown.body.arguments),
                    channel: plan.channel.channel, deepLink: plan.deepLink, threadID: plan.threadID,
                    collapseID: platform == .fcm ? plan.fcmCollapseKey : plan.collapseID, badge: badge),
                for: platform, field: titleField)
        }
        return (message, push)
    }

    /// A push's payload in the provider's format, or ``GrowBroServerError/payloadTooLarge(messageID:field:detail:)``
    /// naming `field`, the event's field that does not fit.
    static func encode(_ push: PushMessage, for platform: PushPayload.Platform, field: String) throws -> String {
        do {
            switch platform {
            case .apns: return try APNsPayloadEncoder().encode(push).json
            case .fcm: return try FCMPayloadEncoder().encode(push).json
            }
        } catch {
            throw GrowBroServerError.payloadTooLarge(messageID: push.messageID, field: field, detail: error.description)
        }
    }
}
