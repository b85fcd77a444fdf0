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

    /// Inserts a batch in one step under the lock, each element made into a pending notification with the current
    /// instant and its sequence number, reports it, re-arms once, and waits for the batch's commit.
    func insertAll<Batch: Collection>(
        _ batch: Batch, making pending: (Batch.Element, _ now: Date, _ sequence: UInt64) -> PendingNotification
    ) async throws {
        let now = clock.now
        state.withLock { state in
            state.queue.reserveCapacity(forAdditional: batch.count)
            var placed: [PendingNotification] = []
            if persists {
                placed.reserveCapacity(batch.count)
            }
            for element in batch {
                insert(pending(element, now, state.nextSequence), placed: &placed, &state)
            }
            finishAdding(placed, &state)
        }
        try await persistChanges()
    }

    /// Places one pending notification (taking the next sequence number), reports it and keeps it for saving.
    func insert(_ notification: PendingNotification, placed: inout [PendingNotification], _ state: inout State) {
        state.nextSequence += 1
        reportInsertion(state.queue.insert(notification), placed: &placed)
    }

    /// Reports one insertion into the queue and keeps what it placed for saving.
    func reportInsertion(
        _ insertion: (
            replaced: PendingNotification?, placed: PendingNotification, transitions: [NotificationQueue.Transition]
        ),
        placed: inout [PendingNotification]
    ) {
        let (replaced, placedNotification, transitions) = insertion
        if let replaced {
            observer.manager(didReport: .replaced(old: replaced, new: placedNotification))
        } else {
            observer.manager(didReport: .scheduled(placedNotification))
        }
        report(transitions)
        if persists {
            placed.append(placedNotification)
        }
    }

    /// Re-arms and notes the batch for saving after ``insert(_:placed:_:)``.
    func finishAdding(_ placed: [PendingNotification], _ state: inout State) {
        state.peak = max(state.peak, state.queue.armedCount)
        armAlarm(&state)
        note(.upsertPending(placed), &state)
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
        let changed = state.withLock { state in
            let (removed, removedCount, transitions) = state.queue.remove(identifiers)
            for notification in removed {
                observer.manager(didReport: .cancelled(notification, reason: reason))
            }
            report(transitions)
            var withdrawn: [ShownNotification] = []
            for identifier in identifiers {
                if let shownNotification = state.shown.remove(identifier) {
                    withdrawn.append(shownNotification)
                }
            }
            return finishRemoval(
                removed: removed, removedAny: removedCount > 0, withdrawn: withdrawn, reason: reason, &state)
        }
        if changed {
            try await persistChanges()
        }
        do {
            try await sink.withdraw(identifiers: identifiers, threadID: nil, reason: reason)
        } catch {
            observer.manager(didReport: .failed(.withdrawal(identifiers.joined(separator: ", "), error: error)))
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
        let changed = state.withLock { state in
            var removedAll: [PendingNotification] = []
            var removedAny = false
            var withdrawnAll: [ShownNotification] = []
            for threadID in threadIDs {
                let (removed, removedCount, transitions) = state.queue.removeAll(threadID: threadID)
                removedAny = removedAny || removedCount > 0
                let withdrawn = reportThreadRemoval(
                    removed, transitions: transitions, threadID: threadID, reason: reason, &state)
                removedAll += removed
                withdrawnAll += withdrawn
            }
            armAlarm(&state)
            if removedAny {
                note(.removePending(removedAll), &state)
            }
            if !withdrawnAll.isEmpty {
                note(.withdrawShown(withdrawnAll.map(\.identifier), at: clock.now, reason: reason), &state)
            }
            return removedAny || !withdrawnAll.isEmpty
        }
        if changed {
            try await persistChanges()
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
    /// The queue's contents are copied under the lock (copy-on-write references, so the lock is held for an instant);
    /// the ordering and the building of the requests (``PendingListing``) run outside it, in the caller's task, so a
    /// delivery never waits for a listing, however long.
    ///
    /// - Returns: The pending requests.
    /// - Throws: ``LinuxNotificationManagerError`` when stopped or the state directory is locked.
    public func pendingRequests() async throws -> [NotificationRequest] {
        try await ensureRunning()
        var listing = PendingListing(slots: state.withLock { $0.queue.listingSnapshot })
        while !listing.isFinished {
            listing.buildNextPiece()
        }
        return listing.requests
    }

    /// The pending requests of each thread given, soonest first, read from the per-thread index (so listing a few
    /// threads costs their own requests, not a sort of everything pending).
    ///
    /// - Parameter threadIDs: The thread ids, in the order the answer follows.
    /// - Returns: One list per thread id given, at the same position; empty for a thread with nothing pending.
    /// - Throws: ``LinuxNotificationManagerError`` when stopped or the state directory is locked.
    public func pendingRequests(threadIDs: [String]) async throws -> [[NotificationRequest]] {
        try await ensureRunning()
        return state.withLock { state in threadIDs.map { state.queue.requests(inThread: $0) } }
    }

    /// The change count of everything pending: it moves at every change to any thread.
    ///
    /// - Returns: The count.
    /// - Throws: ``LinuxNotificationManagerError`` when stopped or the state directory is locked.
    public func changeCount() async throws -> UInt64? {
        try await ensureRunning()
        return state.withLock { $0.queue.changeCount }
    }

    /// Each thread's change count: one counter stamps a thread at every change to what is pending in it (an
    /// addition or replacement, a removal, a request taken from pending when due), and a restart changes them all.
    ///
    /// - Parameter threadIDs: The thread ids, in the order the answer follows.
    /// - Returns: One count per thread id given, at the same position.
    /// - Throws: ``LinuxNotificationManagerError`` when stopped or the state directory is locked.
    public func changeCounts(threadIDs: [String]) async throws -> [UInt64]? {
        try await ensureRunning()
        return state.withLock { state in threadIDs.map { state.queue.changeCount(ofThread: $0) } }
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
            let notification = state.withLock { state in
                let notification = PendingNotification(request: request, fireDate: now, sequence: state.nextSequence)
                observer.manager(didReport: .suppressed(notification, reason: reason))
                return notification
            }
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
        let collapsed = state.withLock { state in
            observer.manager(didReport: .delivered(delivery))
            let collapsed = remember(
                request, shownAt: now, expiresAt: request.expiresAfter.map { now.addingTimeInterval($0.timeInterval) },
                pending: nil, isLate: false, &state)
            armAlarm(&state)
            return collapsed
        }
        if let collapsed {
            await withdrawFromSink(collapsed.identifier, reason: .collapsed)
        }
        try await persistChanges()
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
        let changed = state.withLock { state in
            var withdrawn: [ShownNotification] = []
            for identifier in identifiers {
                if let shownNotification = state.shown.remove(identifier) {
                    withdrawn.append(shownNotification)
                }
            }
            for shownNotification in withdrawn {
                observer.manager(didReport: .withdrawn(shownNotification, reason: reason))
            }
            armAlarm(&state)
            if !withdrawn.isEmpty {
                note(.withdrawShown(withdrawn.map(\.identifier), at: clock.now, reason: reason), &state)
            }
            return !withdrawn.isEmpty
        }
        do {
            try await sink.withdraw(identifiers: identifiers, threadID: nil, reason: reason)
        } catch {
            observer.manager(didReport: .failed(.withdrawal(identifiers.joined(separator: ", "), error: error)))
            throw error
        }
        if changed {
            try await persistChanges()
        }
    }

    /// Every shown notification the manager remembers, oldest first.
    ///
    /// - Returns: The shown notifications.
    public func shownNotifications() -> [ShownNotification] {
        state.withLock { $0.shown.all }
    }

    /// Reports what removing a thread's pending requests removed and moved, then withdraws (and reports) what is
    /// still shown for the thread.
    ///
    /// - Returns: The shown notifications withdrawn.
    private func reportThreadRemoval(
        _ removed: [PendingNotification], transitions: [NotificationQueue.Transition], threadID: String,
        reason: NotificationReason, _ state: inout State
    ) -> [ShownNotification] {
        for notification in removed {
            observer.manager(didReport: .cancelled(notification, reason: reason))
        }
        report(transitions)
        let withdrawn = state.shown.removeAll(threadID: threadID)
        for shownNotification in withdrawn {
            observer.manager(didReport: .withdrawn(shownNotification, reason: reason))
        }
        return withdrawn
    }

    /// ``reportThreadRemoval(_:transitions:threadID:reason:_:)`` for one thread, then notes the removal and the
    /// withdrawals for saving, as ``removePending(threadIDs:reason:)`` does; returns whether anything changed.
    func reportRemoval(
        _ removed: [PendingNotification], removedAny: Bool, transitions: [NotificationQueue.Transition],
        threadID: String, reason: NotificationReason, _ state: inout State
    ) -> Bool {
        let withdrawn = reportThreadRemoval(
            removed, transitions: transitions, threadID: threadID, reason: reason, &state)
        if removedAny {
            note(.removePending(removed), &state)
        }
        if !withdrawn.isEmpty {
            note(.withdrawShown(withdrawn.map(\.identifier), at: clock.now, reason: reason), &state)
        }
        return removedAny || !withdrawn.isEmpty
    }

    /// Reports withdrawals, re-arms and notes a removal for saving; returns whether anything changed.
    private func finishRemoval(
        removed: [PendingNotification], removedAny: Bool, withdrawn: [ShownNotification],
        reason: NotificationReason, _ state: inout State
    ) -> Bool {
        for shownNotification in withdrawn {
            observer.manager(didReport: .withdrawn(shownNotification, reason: reason))
        }
        guard removedAny || !withdrawn.isEmpty else { return false }
        armAlarm(&state)
        if removedAny {
            note(.removePending(removed), &state)
        }
        if !withdrawn.isEmpty {
            note(.withdrawShown(withdrawn.map(\.identifier), at: clock.now, reason: reason), &state)
        }
        return true
    }
}
