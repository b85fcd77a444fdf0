public import Foundation
public import WaveNotifications

/// What comes due: a push when it arrives, a task reminder or digest when the platform fires it. Each is decided
/// then (``GrowBroDeliveryRules``), shown or reported, and put in the inbox either way.
extension GrowBroNotificationService {
    /// Decides a pending task reminder or digest the platform fired now: the permission, then its channel switch.
    ///
    /// Shown or suppressed, it adds an inbox entry received now. A push is not decided here (it was decided when it
    /// arrived, ``receive(_:device:)``): handed one, the service records it as shown.
    ///
    /// Call it where the platform lets the app decide before a request is shown: `WaveLinuxAdapter`'s delivery gate,
    /// an Android alarm receiver that posts the notification itself, an iOS app in the foreground
    /// (`userNotificationCenter(_:willPresent:)`: present nothing for a suppression). Where the system shows it on its
    /// own (iOS in the background), call it at the app's next run for what was shown meanwhile; a suppression it
    /// returns then names a notification the user already saw, which the app may take off the screen.
    ///
    /// It runs at once, not in turn (as ``SessionBackedService``'s, "Which calls take turns").
    ///
    /// - Parameters:
    ///   - request: The request that fired.
    ///   - device: The instant, zone and permission now.
    /// - Returns: The delivery, or the suppression (`permission_denied`, `category_disabled`).
    /// - Throws: What the inbox or the platform conformer throws.
    @discardableResult
    public func notificationShown(
        _ request: NotificationRequest, device: DeviceState
    ) async throws -> ServiceReport<GrowBroFact> {
        guard request.metadataValue(forKey: "messageId") == nil else {
            return ServiceReport(try await session.recordShown(request, at: device.now))
        }
        return ServiceReport(try await decideDue(request, device: device, showsOnPlatform: false))
    }

    /// Records a task reminder the system showed while the app was not running, as ``SessionBackedService``'s does,
    /// and puts it in the inbox.
    ///
    /// - Parameters:
    ///   - request: The request the system showed.
    ///   - shownAt: When it was shown.
    ///   - device: The device's state at this app run.
    /// - Returns: What the app does about it now (a withdrawal of an older notification it collapses). The reminder
    ///   goes into the inbox with `receivedAt` = `shownAt`.
    /// - Throws: What the platform conformer throws.
    @discardableResult
    public func notificationShownWhileClosed(
        _ request: NotificationRequest, shownAt: Date, device: DeviceState
    ) async throws -> ServiceReport<GrowBroFact> {
        try await inTurn {
            try await inbox.add(GrowBroDelivery.shown(request).inboxEntry(receivedAt: shownAt))
            return ServiceReport(
                try await session.recordShownWhileClosed(request, shownAt: shownAt, now: device.now))
        }
    }

    /// A push arrived: decided now (permission, channel switch, quiet hours), put in the inbox either way, and shown
    /// through the session (a newer like on a post withdraws the older one on screen, `collapsed`).
    ///
    /// - Parameters:
    ///   - push: The server's message.
    ///   - device: The instant, zone and permission now.
    /// - Returns: The decision (its request is what a push server encodes) and what happened.
    /// - Throws: What the inbox or the platform conformer throws.
    @discardableResult
    public func receive(_ push: GrowBroPush, device: DeviceState) async throws -> GrowBroPushResult {
        try await inTurn {
            let delivery = GrowBroDeliveryRules.decide(
                push, receivedAt: device.now, settings: settings, permission: device.permission,
                timeZone: device.timeZone)
            try await inbox.add(delivery.inboxEntry(receivedAt: device.now))
            let events: [NotificationEvent]
            if let suppression = delivery.suppression {
                events = await session.report([suppression], at: device.now)
            } else {
                events = try await session.show(delivery.request, at: device.now)
            }
            return GrowBroPushResult(delivery: delivery, events: events)
        }
    }

    /// A background push reached the app (``GrowBroBackgroundPush``): the app runs briefly and reconciles, as at a
    /// background refresh; nothing is shown and the inbox gets no entry. Call it from the app's background-push
    /// handler (`application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`, an FCM data message).
    ///
    /// - Parameters:
    ///   - push: The push.
    ///   - device: The instant, zone and permission now.
    /// - Returns: What the reconcile did.
    /// - Throws: What the platform conformer throws.
    @discardableResult
    public func receiveBackgroundPush(
        _ push: GrowBroBackgroundPush, device: DeviceState
    ) async throws -> ServiceReport<GrowBroFact> {
        try await reconcile(device: device, cause: .backgroundRefresh)
    }

    /// Decides a reminder or digest due now, adds its inbox entry, and shows or reports it.
    func decideDue(
        _ request: NotificationRequest, device: DeviceState, showsOnPlatform: Bool
    ) async throws -> [NotificationEvent] {
        let delivery = GrowBroDeliveryRules.decideAtFire(
            request, at: device.now, settings: settings, permission: device.permission, timeZone: device.timeZone)
        try await inbox.add(delivery.inboxEntry(receivedAt: device.now))
        guard let suppression = delivery.suppression else {
            return showsOnPlatform
                ? try await session.show(request, at: device.now)
                : try await session.recordShown(request, at: device.now)
        }
        suppressedDue.insert(dueKey(request))
        // The line names the instant the request was for: a late one held by quiet hours keeps its own.
        return await session.report(
            [Suppression(identifier: request.identifier, fireAt: request.fireAt, reason: suppression.reason)],
            at: device.now)
    }

    /// The request's identifier with, for a task reminder, its task's due time in the current settings.
    func dueKey(_ request: NotificationRequest) -> DueKey {
        let task = request.metadataValue(forKey: "taskId").flatMap { id in settings.tasks.first { $0.id == id } }
        return DueKey(identifier: request.identifier, due: task?.due)
    }
}
