internal import Foundation
internal import GrowBroNotifications
internal import WaveNotifications
internal import WavePushPayloads

/// The fan-out, written once over every store's primitives: which messages a batch records, each recipient's badge,
/// the installations skipped, one payload per platform, and the rows that record them.
///
/// Reads once per batch (recipients, their switches, unread counts and installations), decides message by message,
/// then writes once per batch (messages, inbox entries, sends), so a store whose round trips cost answers a broadcast
/// in a few statements, and one message is a batch of one.
enum FanOutRecorder {
    /// Records messages in the caller's transaction, each as it would be alone in turn: a message refused (an unknown
    /// recipient, a reused id, a payload that throws ``GrowBroServerError``) leaves nothing of itself and is reported
    /// in its place.
    ///
    /// - Parameters:
    ///   - messages: The messages, in order (send ids follow it).
    ///   - payload: The payload of message `index` for a badge and platform.
    ///   - transaction: The store's transaction.
    /// - Returns: One result per message, in order.
    /// - Throws: What the store throws, or what `payload` throws other than ``GrowBroServerError``.
    static func record(
        _ messages: [FanOutMessage], payload: (_ index: Int, _ badge: Int, PushPlatform) throws -> String,
        in transaction: any PushStoreTransaction
    ) throws -> [Result<FanOutResult, GrowBroServerError>] {
        var seenUsers = Set<String>()
        let users = messages.map(\.userID).filter { seenUsers.insert($0).inserted }
        let archiveDays = try transaction.archiveDays(of: users)
        let known = users.filter { archiveDays[$0] != nil }

        // The first message of each id among the known recipients claims it; the store records the ids that are new,
        // atomically, so an id another writer recorded first is refused as reused.
        var firstClaimant: [String: Int] = [:]
        for (index, message) in messages.enumerated() where archiveDays[message.userID] != nil {
            if firstClaimant[message.messageID] == nil { firstClaimant[message.messageID] = index }
        }
        let recorded =
            try firstClaimant.isEmpty
            ? [] : transaction.insertMessages(firstClaimant.values.sorted().map { messages[$0] })

        // What the rules read: the recipients' switches and installations, and the unread count before each entry.
        let switchedOff = try known.isEmpty ? [:] : transaction.switchedOffChannels(of: known)
        let installations = try known.isEmpty ? [:] : transaction.installations(ofUsers: known)
        var windows: [Int: Int] = [:]
        var windowKeys: [(userID: String, oldest: Int64)] = []
        for (index, message) in messages.enumerated()
        where message.entry != nil && archiveDays[message.userID] != nil && recorded.contains(message.messageID) {
            windows[index] = windowKeys.count
            windowKeys.append(
                (
                    message.userID,
                    InboxArchive.oldestVisible(now: message.at, archiveAfterDays: archiveDays[message.userID] ?? 0)
                ))
        }
        let storedUnread = try windowKeys.isEmpty ? [] : transaction.unreadCounts(windowKeys)

        var results: [Result<FanOutResult, GrowBroServerError>] = []
        results.reserveCapacity(messages.count)
        // The message that holds each recorded id: a refused message (its payload) frees its id for a later one.
        var holder: [String: Int] = [:]
        var entries: [(userID: String, entry: InboxEntry)] = []
        var sends: [NewSend] = []
        var sendSlots: [Int] = []
        // The unread entries recorded earlier in this batch, by recipient: a later entry's badge counts them.
        var addedUnread: [String: [Int64]] = [:]
        for (index, message) in messages.enumerated() {
            guard archiveDays[message.userID] != nil else {
                results.append(.failure(.unknownUser(message.userID)))
                continue
            }
            guard recorded.contains(message.messageID), holder[message.messageID] == nil else {
                results.append(.failure(.duplicateMessage(message.messageID)))
                continue
            }
            // A background push has no entry and no badge (0 in its result; its payload carries none).
            var badge = 0
            if message.entry != nil, let window = windows[index] {
                let oldest = windowKeys[window].oldest
                let earlier = addedUnread[message.userID, default: []].count { $0 >= oldest }
                badge = FanOutRules.badge(unreadBefore: storedUnread[window] + earlier)
            }
            let channelEnabled = !(switchedOff[message.userID]?.contains(message.channel.rawValue) ?? false)
            var result = FanOutResult(
                messageID: message.messageID, userID: message.userID, channelID: message.channelID, badge: badge,
                sends: [], skipped: [])
            var mine: [NewSend] = []
            do {
                var payloads: [PushPlatform: String] = [:]
                for installation in installations[message.userID] ?? [] {
                    if let reason = FanOutRules.skipReason(
                        for: installation, channelEnabled: channelEnabled, background: message.entry == nil)
                    {
                        result.skipped.append(.init(installationID: installation.id, reason: reason))
                        continue
                    }
                    // One payload per platform: the badge is the same for every installation of the recipient.
                    let json = try payloads[installation.platform] ?? payload(index, badge, installation.platform)
                    payloads[installation.platform] = json
                    mine.append(
                        NewSend(
                            SendContent(
                                messageID: message.messageID, installationID: installation.id, userID: message.userID,
                                platform: installation.platform, channelID: message.channelID, payload: json,
                                collapseID: message.collapseID, expiresAt: message.expiresAt,
                                priority: message.priority, apnsID: message.newAPNsID()),
                            createdAt: message.at))
                }
            } catch let error as GrowBroServerError {
                results.append(.failure(error))
                continue
            }
            if let entry = message.entry {
                entries.append((message.userID, entry))
                if entry.readAt == nil && entry.deletedAt == nil {
                    addedUnread[message.userID, default: []].append(entry.receivedAt.millisecondsSince1970)
                }
            }
            holder[message.messageID] = index
            sends += mine
            sendSlots += Array(repeating: results.count, count: mine.count)
            results.append(.success(result))
        }

        // An id whose first claimant was refused is held by a later message, or by none: its row is that message's,
        // or goes.
        let moved = recorded.filter { holder[$0] != firstClaimant[$0] }.sorted()
        if !moved.isEmpty {
            try transaction.deleteMessages(moved)
            let holders = moved.compactMap { holder[$0] }.sorted()
            if !holders.isEmpty { _ = try transaction.insertMessages(holders.map { messages[$0] }) }
        }
        if !entries.isEmpty { try transaction.insertInboxEntries(entries) }
        guard !sends.isEmpty else { return results }
        let sendIDs = try transaction.insertSends(sends)
        for (send, (slot, sendID)) in zip(sends, zip(sendSlots, sendIDs)) {
            guard case .success(var result) = results[slot] else { continue }
            result.sends.append(
                .init(sendID: sendID, installationID: send.content.installationID, platform: send.content.platform))
            results[slot] = .success(result)
        }
        return results
    }
}
