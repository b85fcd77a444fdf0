internal import Foundation
public import WaveNotifications

// The `NotificationRequestCenter` calls: add, remove, list and count pending requests, show and withdraw.
extension LinuxNotificationManager {
    /// Adds requests, each replacing the pending request with the same identifier, in one step and one transaction.
    ///
    /// A request whose instant is not in the future fires at the clock's next wake (at once on a real clock),
    /// after requests added before it for the same wake.
    ///
    /// - Parameter requests: The requests; a later one replaces an earlier one with the same identifier.
    /// - Throws: ``LinuxNotificationManagerError`` when stopped or the state directory is locked;
    ///   ``SQLiteError`` when the change could not be committed (it stays scheduled in memory and the next
    ///   successful commit includes it).
    public func add(_ requests: [NotificationRequest]) async throws {
        try await ensureRunning()
        guard !requests.isEmpty else { return }
        try await insertAll(requests) { request, now, sequence in
            PendingNotification(request: request, fireDate: max(request.fireAt, now), sequence: sequence)
        }
    }

    /// Inserts a batch, each element made into a pending notification with the current instant and its sequence
    /// number, then reports, persists and re-arms once for all (``finishAdding(_:)``).
    func insertAll<Batch: Collection>(
        _ batch: Batch, making pending: (Batch.Element, _ now: Date, _ sequence: UInt64) -> PendingNotification
    ) async throws {
        let now = clock.now
        queue.reserveCapacity(forAdditional: batch.count)
        var placed: [PendingNotification] = []
        if persists {
            placed.reserveCapacity(batch.count)
        }
        for element in batch {
            insert(pending(element, now, nextSequence), placed: &placed)
        }
        try await finishAdding(placed)
    }

    /// Places one pending notification (taking the next sequence number), reports it and keeps it for saving.
    func insert(_ notification: PendingNotification, placed: inout [PendingNotification]) {
        nextSequence += 1
        let (replaced, placedNotification, transitions) = queue.insert(notification)
        let threadKey = placedNotification.threadKey
        threadChanges.recordChange(inThread: threadKey, pendingCount: queue.count)
        if let replaced {
            let replacedThreadKey = replaced.threadKey
            if replacedThreadKey != threadKey {
                threadChanges.recordChange(inThread: replacedThreadKey, pendingCount: queue.count)
            }
            observer.manager(didReport: .replaced(old: replaced, new: placedNotification))
        } else {
            observer.manager(didReport: .scheduled(placedNotification))
        }
        report(transitions)
        if persists {
            placed.append(placedNotification)
        }
    }

    /// Re-arms and saves after ``insert(_:placed:)``.
    func finishAdding(_ placed: [PendingNotification]) async throws {
        peak = max(peak, queue.armedCount)
        armAlarm()
        note(.upsertPending(placed))
        try await persistChange()
    }

    /// Removes pending requests by identifier (one ``ManagerEvent/cancelled(_:reason:)`` each), and withdraws what
    /// is still shown for them: on a desktop, a notification about something cancelled is stale.
    ///
    /// The sink is asked to withdraw every identifier given, pending or not, since a notification shown earlier
    /// (perhaps by an earlier run) may still be on screen.
    ///
    /// - Parameters:
    ///   - identifiers: The identifiers; unknown ones are ignored.
    ///   - reason: Why, as observers see it.
    /// - Throws: ``LinuxNotificationManagerError/stopped``; ``SQLiteError`` when the removal could not be
    ///   committed.
    public func removePending(identifiers: [String], reason: NotificationReason) async throws {
        try await ensureRunning()
        guard !identifiers.isEmpty else { return }
        let (removed, transitions) = queue.remove(identifiers)
        for notification in removed {
            threadChanges.recordChange(inThread: notification.threadKey, pendingCount: queue.count)
            observer.manager(didReport: .cancelled(notification, reason: reason))
        }
        report(transitions)
        var withdrawn: [ShownNotification] = []
        for identifier in identifiers {
            if let shownNotification = shown.remove(identifier) {
                withdrawn.append(shownNotification)
            }
        }
        try await finishRemoval(removed: removed, withdrawn: withdrawn, reason: reason) {
            try await $0.withdraw(identifiers: identifiers, threadID: nil, reason: reason)
        } describing: {
            identifiers.joined(separator: ", ")
        }
    }

    /// Removes every pending request of a thread (one ``ManagerEvent/cancelled(_:reason:)`` each) and withdraws
    /// what is still shown for the thread.
    ///
    /// - Parameters:
    ///   - threadID: The thread id.
    ///   - reason: Why, as observers see it.
    /// - Throws: ``LinuxNotificationManagerError/stopped``; ``SQLiteError`` when the removal could not be
    ///   committed.
    public func removePending(threadID: String, reason: NotificationReason) async throws {
        try await removePending(threadIDs: [threadID], reason: reason)
    }

    /// Removes every pending request of each thread, as ``removePending(threadID:reason:)`` does for one, in one
    /// step and one transaction; the sink is asked to withdraw each thread afterwards.
    ///
    /// - Parameters:
    ///   - threadIDs: The thread ids.
    ///   - reason: Why, as observers see it.
    /// - Throws: ``LinuxNotificationManagerError/stopped``; ``SQLiteError`` when the removal could not be
    ///   committed.
    func removePending(threadIDs: [String], reason: NotificationReason) async throws {
        try await ensureRunning()
        var removedAll: [PendingNotification] = []
        var withdrawnAll: [ShownNotification] = []
        for threadID in threadIDs {
            let (removed, transitions) = queue.removeAll(threadID: threadID)
            if !removed.isEmpty {
                threadChanges.recordChange(inThread: RequestKey(threadID), pendingCount: queue.count)
            }
            for notification in removed {
                observer.manager(didReport: .cancelled(notification, reason: reason))
            }
            report(transitions)
            let withdrawn = shown.removeAll(threadID: threadID)
            for shownNotification in withdrawn {
                observer.manager(didReport: .withdrawn(shownNotification, reason: reason))
            }
            removedAll += removed
            withdrawnAll += withdrawn
        }
        armAlarm()
        if !removedAll.isEmpty {
            note(.removePending(removedAll))
        }
        if !withdrawnAll.isEmpty {
            note(.withdrawShown(withdrawnAll.map(\.identifier), at: clock.now, reason: reason))
        }
        if !removedAll.isEmpty || !withdrawnAll.isEmpty {
            try await persistChange()
        }
        for threadID in threadIDs {
            do {
                try await sink.withdraw(identifiers: [], threadID: threadID, reason: reason)
            } catch {
                observer.manager(didReport: .failed(.withdrawal("thread \(threadID)", error: error)))
            }
        }
    }

    /// Every pending request exactly as added, soonest first (ties in order of addition), as it was when the call
    /// reached the manager.
    ///
    /// Built on the actor in pieces (``PendingListing``): the pending requests are copied at once, then ordered and
    /// built a piece at a time; when a delivery is waiting (the alarm is due, or a delivery pass is between steps),
    /// the listing yields the actor between pieces, so a delivery waits for one piece of a long listing rather than
    /// all of it. A listing stays on the actor on
    /// purpose: sorting in the callers' tasks freed the actor but, with many callers listing at once, kept every
    /// thread of the pool busy, and a delivery's wake then waited for a thread (wavebench `delivery-contended`: p99
    /// 14–347 ms against 9 ms).
    ///
    /// - Returns: The pending requests.
    /// - Throws: ``LinuxNotificationManagerError`` when stopped or the state directory is locked.
    public func pendingRequests() async throws -> [NotificationRequest] {
        try await ensureRunning()
        var listing = PendingListing(slots: queue.slotsSnapshot)
        listing.buildNextPiece()
        while !listing.isFinished {
            // Yielding costs a wake-up of a pool thread: only when a delivery waits for the actor.
            if deliveryIsWaiting {
                await Task.yield()
            }
            listing.buildNextPiece()
        }
        return listing.requests
    }

    /// Whether a delivery is waiting for the actor: the alarm is due (its wake not run yet), or a delivery pass is
    /// between its steps.
    private var deliveryIsWaiting: Bool {
        isDelivering || alarmDeadline.map { $0 <= clock.now } ?? false
    }

    /// The pending requests of each thread given, soonest first, read from the per-thread index (so listing a few
    /// threads costs their own requests, not a sort of everything pending).
    ///
    /// - Parameter threadIDs: The thread ids, in the order the answer follows.
    /// - Returns: One list per thread id given, at the same position; empty for a thread with nothing pending.
    /// - Throws: ``LinuxNotificationManagerError`` when stopped or the state directory is locked.
    public func pendingRequests(threadIDs: [String]) async throws -> [[NotificationRequest]] {
        try await ensureRunning()
        return threadIDs.map { queue.requests(inThread: $0) }
    }

    /// The change count of everything pending: it moves at every change to any thread.
    ///
    /// - Returns: The count.
    /// - Throws: ``LinuxNotificationManagerError`` when stopped or the state directory is locked.
    public func changeCount() async throws -> UInt64? {
        try await ensureRunning()
        return threadChanges.total
    }

    /// Each thread's change count: one counter stamps a thread at every change to what is pending in it (an
    /// addition or replacement, a removal, a request taken from pending when due), and a restart changes them all.
    ///
    /// - Parameter threadIDs: The thread ids, in the order the answer follows.
    /// - Returns: One count per thread id given, at the same position.
    /// - Throws: ``LinuxNotificationManagerError`` when stopped or the state directory is locked.
    public func changeCounts(threadIDs: [String]) async throws -> [UInt64]? {
        try await ensureRunning()
        return threadIDs.map { threadChanges.count(ofThread: $0) }
    }

    /// Shows a request now through the sink, leaving pending requests alone; a pending request with the same
    /// identifier still fires later.
    ///
    /// The notification is remembered as shown: it expires at now + ``NotificationRequest/expiresAfter``, and a
    /// shown notification with the same collapse id is withdrawn (reason `collapsed`).
    ///
    /// The ``NotificationDeliveryGate`` is asked first: a request it holds back is reported as suppressed and put
    /// in the inbox instead.
    ///
    /// - Parameter request: The request; its ``NotificationRequest/fireAt`` is ignored.
    /// - Throws: ``LinuxNotificationManagerError/stopped``; whatever the sink threw (also reported as
    ///   ``ManagerFailure/delivery(_:error:)``); ``SQLiteError`` when the showing could not be committed.
    public func show(_ request: NotificationRequest) async throws {
        try await ensureRunning()
        let now = clock.now
        if let gate, let reason = await gate.suppressionReason(for: request, at: now) {
            let notification = PendingNotification(request: request, fireDate: now, sequence: nextSequence)
            observer.manager(didReport: .suppressed(notification, reason: reason))
            await putInInbox([notification])
            return
        }
        let text = renderer.render(request)
        let delivery = NotificationDelivery(
            request: request, text: text, scheduledFor: now, deliveredAt: now, isImmediate: true)
        do {
            try await sink.deliver(delivery)
        } catch {
            observer.manager(didReport: .failed(.delivery(request.identifier, error: error)))
            throw error
        }
        observer.manager(didReport: .delivered(delivery))
        await remember(
            request, shownAt: now, expiresAt: request.expiresAfter.map { now.addingTimeInterval($0.timeInterval) },
            pending: nil, isLate: false)
        armAlarm()
        if changeVersion > durableVersion {
            try await waitUntilDurable(changeVersion)
        }
    }

    /// Withdraws shown notifications (one ``ManagerEvent/withdrawn(_:reason:)`` for each the manager remembers),
    /// asking the sink to close every identifier given.
    ///
    /// - Parameters:
    ///   - identifiers: The identifiers of shown notifications; ones not shown are ignored.
    ///   - reason: Why (`responded`, `snoozed`, …), as observers see it.
    /// - Throws: ``LinuxNotificationManagerError/stopped``; whatever the sink threw (also reported as
    ///   ``ManagerFailure/withdrawal(_:error:)``); ``SQLiteError`` when the change could not be committed.
    public func withdrawShown(identifiers: [String], reason: NotificationReason) async throws {
        try await ensureRunning()
        guard !identifiers.isEmpty else { return }
        var withdrawn: [ShownNotification] = []
        for identifier in identifiers {
            if let shownNotification = shown.remove(identifier) {
                withdrawn.append(shownNotification)
            }
        }
        for shownNotification in withdrawn {
            observer.manager(didReport: .withdrawn(shownNotification, reason: reason))
        }
        armAlarm()
        if !withdrawn.isEmpty {
            note(.withdrawShown(withdrawn.map(\.identifier), at: clock.now, reason: reason))
        }
        do {
            try await sink.withdraw(identifiers: identifiers, threadID: nil, reason: reason)
        } catch {
            observer.manager(didReport: .failed(.withdrawal(identifiers.joined(separator: ", "), error: error)))
            throw error
        }
        if !withdrawn.isEmpty {
            try await persistChange()
        }
    }

    /// Every shown notification the manager remembers, oldest first.
    ///
    /// - Returns: The shown notifications.
    public func shownNotifications() -> [ShownNotification] {
        shown.all
    }

    /// Reports a removal, asks the sink to withdraw, re-arms and saves.
    private func finishRemoval(
        removed: [PendingNotification], withdrawn: [ShownNotification], reason: NotificationReason,
        sinkCall: (any NotificationSink) async throws -> Void, describing target: () -> String
    ) async throws {
        for shownNotification in withdrawn {
            observer.manager(didReport: .withdrawn(shownNotification, reason: reason))
        }
        if !removed.isEmpty || !withdrawn.isEmpty {
            armAlarm()
            if !removed.isEmpty {
                note(.removePending(removed))
            }
            if !withdrawn.isEmpty {
                note(.withdrawShown(withdrawn.map(\.identifier), at: clock.now, reason: reason))
            }
            try await persistChange()
        }
        do {
            try await sinkCall(sink)
        } catch {
            observer.manager(didReport: .failed(.withdrawal(target(), error: error)))
        }
    }
}
