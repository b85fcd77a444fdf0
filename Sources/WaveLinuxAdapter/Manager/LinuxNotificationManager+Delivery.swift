internal import Foundation
internal import WaveNotifications

// The timer loop: one alarm; due requests delivered (or suppressed to the inbox) and shown ones expired, in
// instant order.
extension LinuxNotificationManager {
    /// Points the single alarm at the soonest armed request or shown expiry (or clears it).
    func armAlarm() {
        // A running pass re-arms when it finishes; arming now could only wake a handler that defers to it.
        guard !isDelivering else { return }
        let deadline = lifecycle == .running ? Self.earliest(queue.nextFireDate, shown.nextExpiry) : nil
        guard deadline != alarmDeadline else { return }
        alarmDeadline = deadline
        clock.setAlarm(alarmID, at: deadline) { [weak self] in
            await self?.alarmRang()
        }
    }

    private static func earliest(_ first: Date?, _ second: Date?) -> Date? {
        guard let first else { return second }
        guard let second else { return first }
        return min(first, second)
    }

    private func alarmRang() async {
        // The clock consumed the alarm; forget it so the next armAlarm sets one even for the same instant.
        alarmDeadline = nil
        await runDeliveries()
    }

    /// Delivers the late requests of a restart, then everything armed and due and every expiry reached, one at a
    /// time in instant order (an expiry before a delivery at the same instant).
    func runDeliveries() async {
        guard !isDelivering else { return }
        isDelivering = true
        while lifecycle == .running {
            let now = clock.now
            if !lateToDeliver.isEmpty {
                let late = lateToDeliver.removeFirst()
                await deliver(late, isLate: true)
            } else if let expiry = shown.nextExpiry, expiry <= now,
                queue.nextFireDate.map({ expiry <= $0 }) ?? true,
                let expired = shown.removeNextExpired(at: now)
            {
                await withdrawExpired(expired)
            } else if let (due, transitions) = queue.removeNextDue(at: now) {
                threadChanges.recordChange(inThread: due.threadKey, pendingCount: queue.count)
                report(transitions)
                await deliver(due, isLate: false)
            } else {
                break
            }
        }
        isDelivering = false
        armAlarm()
        if changeVersion > durableVersion {
            try? await waitUntilDurable(changeVersion)
        }
    }

    func deliver(_ notification: PendingNotification, isLate: Bool) async {
        let request = notification.request
        let now = clock.now
        let expiresAt = request.expiresAfter.map { request.fireAt.addingTimeInterval($0.timeInterval) }
        if let expiresAt, expiresAt <= now {
            await suppress(notification, reason: .expired)
            return
        }
        // Only a full save reads it; without a state directory, skip copying every request into it.
        if persists {
            inFlight = notification
        }
        defer { inFlight = nil }
        if let gate, let reason = await gate.suppressionReason(for: request, at: now) {
            await suppress(notification, reason: reason)
            return
        }
        let delivery = NotificationDelivery(
            request: request, text: renderer.render(request),
            scheduledFor: notification.fireDate, deliveredAt: now, isLate: isLate)
        do {
            try await sink.deliver(delivery)
            observer.manager(didReport: .delivered(delivery))
        } catch {
            observer.manager(didReport: .failed(.delivery(request.identifier, error: error)))
            note(.removePending([notification]))
            return
        }
        await remember(request, shownAt: now, expiresAt: expiresAt, pending: notification, isLate: isLate)
    }

    /// Reports a due request that is not shown, puts it in the inbox and drops it.
    private func suppress(_ notification: PendingNotification, reason: NotificationReason) async {
        observer.manager(didReport: .suppressed(notification, reason: reason))
        await putInInbox([notification])
        note(.removePending([notification]))
    }

    /// Adds suppressed notifications to the inbox, if there is one, as of their fire instants.
    func putInInbox(_ notifications: [PendingNotification]) async {
        guard let inbox else { return }
        let entries = notifications.map { notification in
            InboxEntry(
                identifier: notification.identifier, receivedAt: notification.fireDate,
                channelID: notification.request.channel.id, title: notification.request.title,
                body: notification.request.body, deepLink: notification.request.deepLink)
        }
        do {
            try await inbox.add(entries)
        } catch {
            let identifiers = notifications.map(\.identifier).joined(separator: ", ")
            observer.manager(didReport: .failed(.inbox(identifiers, error: error)))
        }
    }

    /// Records a shown request, withdrawing an older one with the same collapse id.
    func remember(
        _ request: NotificationRequest, shownAt: Date, expiresAt: Date?, pending: PendingNotification?, isLate: Bool
    ) async {
        let shownNotification = ShownNotification(request: request, shownAt: shownAt, expiresAt: expiresAt)
        let (collapsed, forgotten) = shown.record(shownNotification)
        note(.recordShown(shownNotification, pending: pending, isLate: isLate))
        if let forgotten, forgotten.expiresAt != nil {
            note(.withdrawShown([forgotten.identifier], at: shownAt, reason: nil))
        }
        guard let collapsed else { return }
        observer.manager(didReport: .withdrawn(collapsed, reason: .collapsed))
        note(.withdrawShown([collapsed.identifier], at: shownAt, reason: .collapsed))
        await withdrawFromSink(collapsed.identifier, reason: .collapsed)
    }

    private func withdrawExpired(_ expired: ShownNotification) async {
        observer.manager(didReport: .withdrawn(expired, reason: .expired))
        note(.withdrawShown([expired.identifier], at: clock.now, reason: .expired))
        await withdrawFromSink(expired.identifier, reason: .expired)
    }

    private func withdrawFromSink(_ identifier: String, reason: NotificationReason) async {
        do {
            try await sink.withdraw(identifiers: [identifier], threadID: nil, reason: reason)
        } catch {
            observer.manager(didReport: .failed(.withdrawal(identifier, error: error)))
        }
    }

    func report(_ transitions: [NotificationQueue.Transition]) {
        for transition in transitions {
            switch transition {
            case .armed(let notification): observer.manager(didReport: .armed(notification))
            case .backlogged(let notification): observer.manager(didReport: .backlogged(notification))
            }
        }
    }
}
