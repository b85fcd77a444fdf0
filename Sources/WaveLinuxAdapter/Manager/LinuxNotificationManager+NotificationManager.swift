internal import Foundation
public import WaveNotifications

// WorldWideWaves' `NotificationManager` calls, mapped to requests by `NotificationManagerBridge`.
extension LinuxNotificationManager {
    /// Schedules a WorldWideWaves notification `delay` from now with ``NotificationManagerBridge``'s mapping: the request
    /// `event_<id>_<trigger>` in thread `event_<id>`, added as ``add(_:)`` adds it. The manager keeps the call's
    /// parts and builds the request only when it is listed, shown, saved or reported.
    ///
    /// - Parameters:
    ///   - eventID: The event's id.
    ///   - trigger: Why it fires; with `eventID`, its identity.
    ///   - delay: How long from now it fires; zero or negative fires at the clock's next wake.
    ///   - content: The localization keys, arguments and deep link, rendered at delivery.
    /// - Throws: ``EventIDError`` for an invalid id; whatever ``add(_:)`` throws.
    public func scheduleNotification(
        eventID: String, trigger: NotificationTrigger, delay: Duration, content: NotificationContent
    ) async throws {
        // The bridge's mapping, kept as its parts: the request is built only when it is read.
        try EventID.validate(eventID)
        // The delay counts from the call, even when the call starts the manager first.
        let fireAt = clock.now.addingTimeInterval(delay.timeInterval)
        try await ensureRunning()
        let now = clock.now
        state.withLock { state in
            var placed: [PendingNotification] = []
            insertCall(eventID: eventID, trigger: trigger, content: content, fireAt: fireAt, now: now, &placed, &state)
            finishAdding(placed, &state)
        }
        try await persistChanges()
    }

    /// Places one call (taking the next sequence number) from its parts, reports it and keeps it for saving; a call
    /// already overdue keeps the request it asked for, as ``PendingNotification`` does.
    func insertCall(
        eventID: String, trigger: NotificationTrigger, content: NotificationContent, fireAt: Date, now: Date,
        _ placed: inout [PendingNotification], _ state: inout State
    ) {
        guard fireAt >= now else {
            insert(
                PendingNotification(
                    eventID: eventID, trigger: trigger, content: content, requestedAt: fireAt, fireDate: now,
                    sequence: state.nextSequence),
                placed: &placed, &state)
            return
        }
        let sequence = state.nextSequence
        state.nextSequence += 1
        let (replaced, placedNotification, transitions) = state.queue.insertCall(
            eventID: eventID, trigger: trigger, content: content, fireDate: fireAt, sequence: sequence)
        // Without one, nothing reads the report: the observer ignores it and nothing is saved.
        if let placedNotification {
            reportInsertion((replaced, placedNotification, transitions), placed: &placed)
        }
    }

    /// Schedules many WorldWideWaves notifications in one step and one transaction, each kept compact as
    /// ``scheduleNotification(eventID:trigger:delay:content:)`` keeps it; every delay counts from this call.
    ///
    /// Every event id is checked before anything changes: an invalid one anywhere refuses the whole batch.
    ///
    /// - Parameter schedules: The notifications; a later one replaces an earlier one with the same identifier.
    /// - Throws: ``EventIDError`` for an invalid id (nothing is scheduled); whatever ``add(_:)`` throws.
    public func scheduleNotifications(_ schedules: [NotificationSchedule]) async throws {
        for schedule in schedules {
            try EventID.validate(schedule.eventID)
        }
        // No call, no effect: an empty batch neither starts nor refuses anything, as zero single calls would not.
        guard !schedules.isEmpty else { return }
        let callTime = clock.now
        try await ensureRunning()
        let now = clock.now
        state.withLock { state in
            state.queue.reserveCapacity(forAdditional: schedules.count)
            var placed: [PendingNotification] = []
            if persists {
                placed.reserveCapacity(schedules.count)
            }
            for schedule in schedules {
                insertCall(
                    eventID: schedule.eventID, trigger: schedule.trigger, content: schedule.content,
                    fireAt: callTime.addingTimeInterval(schedule.delay.timeInterval), now: now, &placed, &state)
            }
            finishAdding(placed, &state)
        }
        try await persistChanges()
    }

    /// Cancels every WorldWideWaves notification of each event, as ``cancelAllNotifications(eventID:)`` does, in one
    /// step and one transaction.
    ///
    /// - Parameter eventIDs: The events' ids; every one is checked before anything changes.
    /// - Throws: ``EventIDError`` for an invalid id (nothing is cancelled); whatever the removal throws.
    public func cancelAllNotifications(eventIDs: [String]) async throws {
        let threadIDs = try eventIDs.map { eventID throws(EventIDError) in
            try NotificationManagerBridge.threadID(eventID: eventID)
        }
        guard !threadIDs.isEmpty else { return }
        try await removePending(threadIDs: threadIDs, reason: .reschedule)
    }

    /// Cancels every WorldWideWaves notification of an event and schedules `schedules`, as
    /// ``cancelAllNotifications(eventID:)`` followed by ``scheduleNotifications(_:)`` would, in one step under the
    /// lock and one transaction.
    ///
    /// A notification whose identifier was pending for the event keeps its slot in the queue: its record is rewritten
    /// and its identifier index and thread entries kept, where the two calls would remove it and insert it again (the
    /// armed set and backlog go through the same steps either way). What observers,
    /// listings, change counts and the store see is what the two calls leave: each cancelled notification reported
    /// (reason `reschedule`), then what is still shown for the event withdrawn, then each schedule reported, with the
    /// next sequence numbers. The sink is asked to withdraw the event's thread once the step is done (the two calls
    /// ask between the cancellation and the schedules; nothing reaches the sink in between either way), so a sink
    /// that fails to withdraw is reported after the schedules rather than before them.
    ///
    /// - Parameters:
    ///   - eventID: The event's id.
    ///   - schedules: The notifications to schedule; a schedule for another event is carried out as
    ///     ``scheduleNotifications(_:)`` would, after the cancellation.
    /// - Throws: ``EventIDError`` for an invalid id, here or in a schedule (nothing changes);
    ///   ``LinuxNotificationManagerError`` when stopped or the state directory is locked (nothing changes);
    ///   ``SQLiteError`` when the change could not be committed (it stays in memory, as with the two calls).
    public func replaceAllNotifications(eventID: String, with schedules: [NotificationSchedule]) async throws {
        let threadID = try NotificationManagerBridge.threadID(eventID: eventID)
        for schedule in schedules {
            try EventID.validate(schedule.eventID)
        }
        let callTime = clock.now
        try await ensureRunning()
        let now = clock.now
        let changed = state.withLock { state in
            state.queue.reserveCapacity(forAdditional: schedules.count)
            var notifications: [PendingNotification] = []
            notifications.reserveCapacity(schedules.count)
            for (offset, schedule) in schedules.enumerated() {
                let fireAt = callTime.addingTimeInterval(schedule.delay.timeInterval)
                notifications.append(
                    PendingNotification(
                        eventID: schedule.eventID, trigger: schedule.trigger, content: schedule.content,
                        requestedAt: fireAt, fireDate: max(fireAt, now), sequence: state.nextSequence + UInt64(offset)))
            }
            state.nextSequence += UInt64(schedules.count)
            let outcome = state.queue.replaceAll(threadID: threadID, with: notifications)
            let removalChanged = reportRemoval(
                outcome.removed, removedAny: outcome.removedCount > 0, transitions: outcome.removalTransitions,
                threadID: threadID, reason: .reschedule, &state)
            var placed: [PendingNotification] = []
            if persists {
                placed.reserveCapacity(outcome.insertions.count)
            }
            for insertion in outcome.insertions {
                reportInsertion(insertion, placed: &placed)
            }
            finishAdding(placed, &state)
            return removalChanged || !outcome.insertions.isEmpty
        }
        if changed {
            try await persistChanges()
        }
        do {
            try await sink.withdraw(identifiers: [], threadID: threadID, reason: .reschedule)
        } catch {
            observer.manager(didReport: .failed(.withdrawal("thread \(threadID)", error: error)))
        }
    }

    /// Shows a WorldWideWaves notification now through ``NotificationManagerBridge`` and ``show(_:)``.
    ///
    /// - Parameters:
    ///   - eventID: The event's id.
    ///   - trigger: Why it is shown, usually ``NotificationTrigger/waveHit``.
    ///   - content: The localization keys, arguments and deep link.
    /// - Throws: ``EventIDError`` for an invalid id; whatever ``show(_:)`` throws.
    public func deliverNow(eventID: String, trigger: NotificationTrigger, content: NotificationContent) async throws {
        try await bridge.deliverNow(eventID: eventID, trigger: trigger, content: content)
    }

    /// Cancels one WorldWideWaves notification with ``NotificationManagerBridge``'s mapping: ``removePending(identifiers:reason:)``
    /// with reason `reschedule`, which also withdraws it if shown.
    ///
    /// - Parameters:
    ///   - eventID: The event's id.
    ///   - trigger: The trigger it was scheduled with.
    /// - Throws: ``EventIDError`` for an invalid id; whatever the removal throws.
    public func cancelNotification(eventID: String, trigger: NotificationTrigger) async throws {
        try await removePending(
            identifiers: [NotificationManagerBridge.requestIdentifier(eventID: eventID, trigger: trigger)],
            reason: .reschedule)
    }

    /// Cancels every WorldWideWaves notification of an event with ``NotificationManagerBridge``'s mapping:
    /// ``removePending(threadID:reason:)`` on thread `event_<id>` with reason `reschedule`.
    ///
    /// - Parameter eventID: The event's id.
    /// - Throws: ``EventIDError`` for an invalid id; whatever the removal throws.
    public func cancelAllNotifications(eventID: String) async throws {
        try await removePending(threadID: NotificationManagerBridge.threadID(eventID: eventID), reason: .reschedule)
    }

    /// The WorldWideWaves bridge over this manager: the one path from `NotificationManager` calls to requests.
    private var bridge: NotificationManagerBridge {
        NotificationManagerBridge(center: self, clock: clock)
    }
}

/// The manager takes each batch in one step under its lock and one transaction, and refuses a batch before changing
/// anything when it holds an invalid event id or the manager is stopped, so ``DefaultNotificationScheduler`` hands
/// it an event's notifications as one batch. A batch whose commit fails has changed what is pending, as a single
/// call whose commit fails has; the scheduler then makes the single calls, which schedule the same requests again.
extension LinuxNotificationManager: BatchingNotificationManager {}

/// The manager carries out an event's cancellation and schedules in one step (``replaceAllNotifications(eventID:with:)``),
/// refusing before any change when an event id is invalid or the manager is stopped; a commit that fails has
/// changed what is pending, as the two calls' commits would have.
extension LinuxNotificationManager: ReplacingNotificationManager {}
