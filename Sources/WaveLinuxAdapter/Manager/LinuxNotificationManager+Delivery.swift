internal import Foundation
internal import WaveNotifications

// The timer loop: one alarm; due requests delivered (or suppressed to the inbox) and shown ones expired, in
// instant order, each step under the lock and every sink, gate and inbox call outside it.
extension LinuxNotificationManager {
    /// Points the single alarm at the soonest armed request or shown expiry (or clears it).
    ///
    /// Called under the lock, so that two changes cannot set the clock's alarm out of order; the clock never calls
    /// `wake` from inside `setAlarm` (``AlarmClock``'s contract), so this cannot re-enter the lock.
    func armAlarm(_ state: inout State) {
        // A running pass re-arms when it finishes; arming now could only wake a handler that defers to it.
        guard !state.isDelivering else { return }
        let deadline =
            state.lifecycle == .running ? Self.earliest(state.queue.nextFireDate, state.shown.nextExpiry) : nil
        guard deadline != state.alarmDeadline else { return }
        state.alarmDeadline = deadline
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
        await deliverDue()
    }

    /// What the manager's alarm runs when it rings: everything due at the clock's instant is delivered (and every
    /// expiry reached withdrawn) in instant order, then the alarm is set again.
    ///
    /// The alarm calls it through its clock. An owner of a virtual clock that moves time itself (a replay) may call
    /// it instead, at each deadline its clock was given, and skip the clock's call: the same pass, the same order,
    /// the same outcome, without waiting on the clock.
    package func deliverDue() async {
        // The clock consumed the alarm; forget it so the next armAlarm sets one even for the same instant.
        state.withLock { $0.alarmDeadline = nil }
        await runDeliveries()
    }

    /// One step of a delivery pass, decided under the lock.
    private enum DeliveryStep {
        case deliver(PendingNotification, isLate: Bool)
        case expire(ShownNotification)
        case finished
    }

    /// Delivers the late requests of a restart, then everything armed and due and every expiry reached, one at a
    /// time in instant order (an expiry before a delivery at the same instant).
    ///
    /// Each step takes the lock once to choose and take its notification, then delivers with the lock released, so
    /// callers' calls run between steps and a step never waits for more than one of them.
    func runDeliveries() async {
        let starts = state.withLock { state in
            guard !state.isDelivering else { return false }
            state.isDelivering = true
            return true
        }
        guard starts else { return }
        while true {
            let step = state.withLock { state -> DeliveryStep in
                let step = nextStep(&state)
                if case .finished = step {
                    // Ending the pass and re-arming in the same step: a request added meanwhile is in the alarm.
                    state.isDelivering = false
                    armAlarm(&state)
                }
                return step
            }
            switch step {
            case .deliver(let notification, let isLate):
                await deliver(notification, isLate: isLate)
            case .expire(let expired):
                await withdrawFromSink(expired.identifier, reason: .expired)
            case .finished:
                try? await persistChanges()
                return
            }
        }
    }

    private func nextStep(_ state: inout State) -> DeliveryStep {
        guard state.lifecycle == .running else { return .finished }
        let now = clock.now
        if !state.lateToDeliver.isEmpty {
            let late = state.lateToDeliver.removeFirst()
            takeInFlight(late, &state)
            return .deliver(late, isLate: true)
        }
        if let expiry = state.shown.nextExpiry, expiry <= now,
            state.queue.nextFireDate.map({ expiry <= $0 }) ?? true,
            let expired = state.shown.removeNextExpired(at: now)
        {
            observer.manager(didReport: .withdrawn(expired, reason: .expired))
            note(.withdrawShown([expired.identifier], at: now, reason: .expired), &state)
            return .expire(expired)
        }
        if let (due, transitions) = state.queue.removeNextDue(at: now) {
            report(transitions)
            takeInFlight(due, &state)
            return .deliver(due, isLate: false)
        }
        return .finished
    }

    /// Marks the notification taken off the queue as in flight in the same step, so that a full save made before
    /// its delivery finishes still has it. Only a full save reads it: without a state directory, nothing is kept.
    private func takeInFlight(_ notification: PendingNotification, _ state: inout State) {
        if persists {
            state.inFlight = notification
        }
    }

    /// Delivers a notification the pass took (``nextStep(_:)`` marked it in flight): suppressed when expired or
    /// held back by the gate, else shown through the sink and remembered.
    func deliver(_ notification: PendingNotification, isLate: Bool) async {
        let request = notification.request
        let now = clock.now
        let expiresAt = request.expiresAfter.map { request.fireAt.addingTimeInterval($0.timeInterval) }
        defer {
            if persists {
                state.withLock { $0.inFlight = nil }
            }
        }
        if let expiresAt, expiresAt <= now {
            await suppress(notification, reason: .expired)
            return
        }
        if let gate, let reason = await gate.suppressionReason(for: request, at: now) {
            await suppress(notification, reason: reason)
            return
        }
        let delivery = NotificationDelivery(
            request: request, text: renderer.render(request),
            scheduledFor: notification.fireDate, deliveredAt: now, isLate: isLate)
        do {
            try await sink.deliver(delivery)
        } catch {
            state.withLock { state in
                observer.manager(didReport: .failed(.delivery(request.identifier, error: error)))
                note(.removePending([notification]), &state)
            }
            return
        }
        let collapsed = state.withLock { state in
            observer.manager(didReport: .delivered(delivery))
            return remember(request, shownAt: now, expiresAt: expiresAt, pending: notification, isLate: isLate, &state)
        }
        if let collapsed {
            await withdrawFromSink(collapsed.identifier, reason: .collapsed)
        }
    }

    /// Reports a due request that is not shown, puts it in the inbox and drops it.
    private func suppress(_ notification: PendingNotification, reason: NotificationReason) async {
        state.withLock { _ in observer.manager(didReport: .suppressed(notification, reason: reason)) }
        await putInInbox([notification])
        state.withLock { note(.removePending([notification]), &$0) }
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

    /// Records a shown request under the lock, and returns the older one with the same collapse id, which the
    /// caller withdraws from the sink once the lock is released.
    func remember(
        _ request: NotificationRequest, shownAt: Date, expiresAt: Date?, pending: PendingNotification?, isLate: Bool,
        _ state: inout State
    ) -> ShownNotification? {
        let shownNotification = ShownNotification(request: request, shownAt: shownAt, expiresAt: expiresAt)
        let (collapsed, forgotten) = state.shown.record(shownNotification)
        note(.recordShown(shownNotification, pending: pending, isLate: isLate), &state)
        if let forgotten, forgotten.expiresAt != nil {
            note(.withdrawShown([forgotten.identifier], at: shownAt, reason: nil), &state)
        }
        guard let collapsed else { return nil }
        observer.manager(didReport: .withdrawn(collapsed, reason: .collapsed))
        note(.withdrawShown([collapsed.identifier], at: shownAt, reason: .collapsed), &state)
        return collapsed
    }

    func withdrawFromSink(_ identifier: String, reason: NotificationReason) async {
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
