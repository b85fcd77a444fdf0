public import Foundation
public import WaveNotifications

/// GrowBro's pure decisions at the instant a notification is due: a push when it arrives, a task reminder or digest
/// when it fires.
///
/// Order of checks, the first failing one gives the reason: the permission (`denied` or `notDetermined` →
/// `permission_denied`), the request's channel switch (off → `category_disabled`), then, for pushes only, quiet
/// hours (inside → `quiet_hours`; task reminders and digests were already moved out of them at the reconcile).
/// A shown notification under `provisional` permission gets the passive interruption level. Gates and switches never
/// remove pending task reminders: they only decide at the due instant.
public enum GrowBroDeliveryRules {
    /// The request a push asks for, before any decision.
    ///
    /// Reply: "{author} replied to your post" / the text's preview, thread `post_<postId>`, interactions. Like: "New
    /// like" / "{author} liked your post.", likes, collapse id `like_<postId>`. System: its title / text, updates.
    /// Every push is `msg_<messageId>` firing at `receivedAt`, linking to `growbro://post/<postId>` (system:
    /// `growbro://inbox`), with the message id in the metadata under `messageId` and a reply's or like's author id,
    /// when it has one, under `authorId`. A reply offers ``GrowBroActions/actions(for:)``: Reply, and View profile
    /// when it has an author id.
    ///
    /// - Parameters:
    ///   - push: The push.
    ///   - receivedAt: The push's instant.
    /// - Returns: The request.
    public static func request(for push: GrowBroPush, receivedAt: Date) -> NotificationRequest {
        let identifier = GrowBroLinks.messageIdentifier(push.messageID)
        let channel = push.channel.channel
        var metadata = ["messageId": push.messageID]
        if let authorID = push.authorID { metadata[GrowBroActions.authorIDMetadataKey] = authorID }
        switch push {
        case .reply(_, let postID, let author, let text, _):
            return NotificationRequest(
                identifier: identifier, threadID: GrowBroLinks.postThread(postID), channel: channel,
                fireAt: receivedAt, title: GrowBroTexts.replyTitle(author: author),
                body: GrowBroTexts.replyBody(text: text), deepLink: GrowBroLinks.post(postID),
                actions: GrowBroActions.actions(for: push), metadata: metadata)
        case .like(_, let postID, let author, _):
            return NotificationRequest(
                identifier: identifier, channel: channel, fireAt: receivedAt, title: GrowBroTexts.likeTitle,
                body: GrowBroTexts.likeBody(author: author), deepLink: GrowBroLinks.post(postID),
                collapseID: GrowBroLinks.likeCollapseID(postID), metadata: metadata)
        case .system(_, let title, let text):
            return NotificationRequest(
                identifier: identifier, channel: channel, fireAt: receivedAt, title: GrowBroTexts.systemTitle(title),
                body: GrowBroTexts.systemBody(text), deepLink: GrowBroLinks.inbox, metadata: metadata)
        }
    }

    /// Decides a push at its instant: permission, channel switch, then quiet hours (suppressed, never deferred).
    ///
    /// - Parameters:
    ///   - push: The push.
    ///   - receivedAt: The push's instant: the decision instant and the suppression's `fireAt`.
    ///   - settings: The user's settings (channel switches, quiet hours).
    ///   - permission: The platform permission at that instant.
    ///   - timeZone: The device's zone, for quiet hours.
    /// - Returns: The request shown, or suppressed with `permission_denied`, `category_disabled` or `quiet_hours`.
    public static func decide(
        _ push: GrowBroPush, receivedAt: Date, settings: GrowBroSettings, permission: PermissionStatus,
        timeZone: TimeZone
    ) -> GrowBroDelivery {
        let request = request(for: push, receivedAt: receivedAt)
        return decide(
            request, at: receivedAt, settings: settings, permission: permission, timeZone: timeZone,
            quietHours: settings.quietHours.policy(.suppress))
    }

    /// Decides a task reminder or digest when it fires: permission, then the channel switch; quiet hours are not
    /// checked again (the reconcile already moved it to their end).
    ///
    /// - Parameters:
    ///   - request: The pending request that fires now.
    ///   - instant: Its fire instant: the decision instant and the suppression's `fireAt`.
    ///   - settings: The user's settings (channel switches).
    ///   - permission: The platform permission at that instant.
    ///   - timeZone: The device's zone.
    /// - Returns: The request shown, or suppressed with `permission_denied` or `category_disabled`.
    public static func decideAtFire(
        _ request: NotificationRequest, at instant: Date, settings: GrowBroSettings, permission: PermissionStatus,
        timeZone: TimeZone
    ) -> GrowBroDelivery {
        decide(request, at: instant, settings: settings, permission: permission, timeZone: timeZone, quietHours: nil)
    }

    private static func decide(
        _ request: NotificationRequest, at instant: Date, settings: GrowBroSettings, permission: PermissionStatus,
        timeZone: TimeZone, quietHours: QuietHours?
    ) -> GrowBroDelivery {
        var request = request
        request.fireAt = instant
        let context = PolicyContext(now: instant, timeZone: timeZone)
        let proposed = ProposedRequest(request)
        // The core gates give permission_denied first; the app-wide switch does not exist in GrowBro, so it is open.
        let gate = Gates(permission: permission, userEnabled: true).decision(for: proposed, in: context)
        var reason = gate.droppedReason
        if reason == nil, let channel = GrowBroChannel(channelID: request.channel.id), !settings.isEnabled(channel) {
            reason = .categoryDisabled
        }
        if reason == nil, let quietHours {
            reason = quietHours.decision(for: proposed, in: context).droppedReason
        }
        if let reason {
            return .suppressed(request, Suppression(identifier: request.identifier, fireAt: instant, reason: reason))
        }
        return .shown(proposed.applying(gate).request)
    }
}
