public import Foundation
public import WaveNotifications

/// The Linux reference ``NotificationRequestCenter`` (and, through ``NotificationManagerBridge``, WorldWideWaves'
/// ``NotificationManager``): one timer loop over an indexed priority queue of requests, a pending budget like iOS's
/// and Android's, delivery through a ``NotificationSink``, memory of what is shown, and crash-safe persistence.
///
/// - Timing: the manager keeps exactly one alarm on its ``AlarmClock``, set to the soonest armed fire date or shown
///   expiry. When it rings, everything due is delivered (and everything expired withdrawn) in instant order, ties in
///   order of addition, then the next alarm is set. On a ``ManualWaveClock``, `advance(to:)` therefore returns after
///   every due delivery.
/// - Budget: at most ``Configuration/pendingLimit`` requests are armed; the rest wait in a backlog and are
///   promoted, soonest first, as slots free. Only armed requests fire, and since the armed set is always the
///   soonest ones, nothing fires out of order and nothing is dropped.
/// - Requests are found by identifier and by thread through indexes: ``add(_:)`` and both `removePending` calls
///   take a batch in one actor call and cost O(log n) per request they touch.
/// - Shown notifications are remembered (up to ``Configuration/shownLimit``): ``withdrawShown(identifiers:reason:)``
///   withdraws them, one with ``NotificationRequest/expiresAfter`` is withdrawn at its fire instant plus that
///   (reason `expired`), and showing one with a ``NotificationRequest/collapseID`` withdraws the older one with the
///   same collapse id (reason `collapsed`). Removing a pending request also withdraws its shown notification.
/// - Every addition, replacement, removal, show, withdrawal and suppression reaches the observer as a
///   ``ManagerEvent``, with its ``NotificationReason`` where it has one.
/// - Strings are rendered by the ``NotificationTextRenderer`` at delivery time, never when scheduling.
/// - A sink that throws is reported (``ManagerFailure/delivery(_:error:)``); the request counts as attempted and
///   is removed, so one broken sink never wedges the queue or causes a retry storm.
/// - With a ``Configuration/stateDirectory``, every change is saved atomically before the call returns
///   (concurrent changes share one write). On ``start()``, saved requests are re-armed; those whose instant passed
///   while the process was down are shown at once if within ``Configuration/gracePeriod`` (and not expired),
///   marked late, and otherwise recorded as missed. Across a crash, delivery is at least once: a crash between
///   showing a notification and saving its removal shows it again, late, on the next start.
///
/// The manager starts itself on first use; call ``start()`` explicitly to learn early that the state
/// directory is locked, and ``stop()`` to release it.
public actor LinuxNotificationManager: NotificationRequestCenter, NotificationManager {
    private enum Lifecycle {
        case idle, running, stopped
    }

    /// The settings the manager was created with.
    public nonisolated let configuration: Configuration

    private let clock: any AlarmClock
    private let sink: any NotificationSink
    private let renderer: any NotificationTextRenderer
    private let observer: any NotificationManagerObserver
    private let alarmID = AlarmID()
    private let store: StateFileStore?

    private var lifecycle = Lifecycle.idle
    private var queue: NotificationQueue
    private var shown: ShownRegistry
    private var nextSequence: UInt64 = 0
    private var peak = 0
    /// The deadline last given to the clock, so an unchanged one is not set again.
    private var alarmDeadline: Date?

    /// Whether a delivery pass is running; a second wake meanwhile leaves the work to it, keeping order.
    private var isDelivering = false
    /// Saved notifications that are due late after a restart, delivered before anything else.
    private var lateToDeliver: [PendingNotification] = []
    /// The notification a sink is showing right now; saved with the state until its delivery finishes.
    private var inFlight: PendingNotification?

    private var lock: StateDirectoryLock?
    private var changeVersion: UInt64 = 0
    private var attemptedVersion: UInt64 = 0
    private var durableVersion: UInt64 = 0
    private var isSaving = false
    private var saveWaiters: [(version: UInt64, continuation: CheckedContinuation<Void, any Error>)] = []

    /// Creates a manager; nothing is loaded, locked or armed until ``start()`` or the first call.
    ///
    /// - Parameters:
    ///   - configuration: Budget, state directory and grace period.
    ///   - clock: The clock that measures delays and rings the manager's single alarm.
    ///   - sink: Where notifications go when they fire.
    ///   - renderer: Resolves titles and bodies at delivery time.
    ///   - observer: Receives what the manager does and what fails.
    /// - Throws: ``LinuxNotificationManagerError/invalidConfiguration(_:)`` for a limit below 1, a negative
    ///   grace period, or a state directory that is not a file URL.
    public init(
        configuration: Configuration = .init(), clock: any AlarmClock, sink: any NotificationSink,
        renderer: any NotificationTextRenderer, observer: any NotificationManagerObserver = IgnoringManagerObserver()
    ) throws {
        try configuration.validate()
        self.configuration = configuration
        self.clock = clock
        self.sink = sink
        self.renderer = renderer
        self.observer = observer
        queue = NotificationQueue(limit: configuration.pendingLimit)
        shown = ShownRegistry(limit: configuration.shownLimit)
        store = configuration.stateDirectory.map { StateFileStore(directory: $0) }
    }

    deinit {
        // Leave no alarm behind on a clock that outlives the manager; the state directory lock releases itself.
        clock.setAlarm(alarmID, at: nil, wake: {})
    }

    // MARK: - Inspection

    /// How many notifications are armed: counted against the limit and able to fire.
    public var armedCount: Int { queue.armedCount }

    /// The most notifications armed at once since the manager last started; never above the limit.
    public var peakArmedCount: Int { peak }

    /// How many notifications are pending: armed plus backlog.
    public var pendingCount: Int { queue.count }

    /// When the next notification fires, if any is pending.
    public var nextFireDate: Date? { queue.nextFireDate }

    /// Every pending notification, soonest first (ties in scheduling order), each marked armed or not.
    ///
    /// - Returns: The pending notifications.
    public func pendingSnapshot() -> [PendingNotification] {
        queue.snapshot()
    }

    /// Sends ``ManagerEvent/pending(_:)`` with ``pendingSnapshot()`` to the observer.
    public func reportPendingSnapshot() {
        observer.manager(didReport: .pending(queue.snapshot()))
    }

    // MARK: - Lifecycle

    /// Takes the state directory's lock, loads the saved state and arms it; does nothing if already running.
    ///
    /// Saved notifications still ahead are re-armed. Those whose instant passed are delivered at once,
    /// marked late, when at most ``Configuration/gracePeriod`` late, and otherwise reported as
    /// ``ManagerEvent/missed(_:lateness:)`` and dropped. A damaged state file is moved aside, reported as
    /// ``ManagerFailure/damagedStateFile(_:movedTo:)``, and the manager starts empty. Without a state directory,
    /// a restart after ``stop()`` treats what was pending in memory the same way.
    ///
    /// - Throws: ``LinuxNotificationManagerError/stateDirectoryLocked(_:holderPID:)`` when another manager owns
    ///   the directory; ``StateStorageError`` when it cannot be created or read.
    public func start() async throws {
        guard lifecycle != .running else { return }
        let restored: [PendingNotification]
        if let store, let directory = configuration.stateDirectory {
            let lock = try StateDirectoryLock(directory: directory)
            let result: StateFileStore.LoadResult
            do {
                result = try store.load(now: clock.now)
            } catch {
                lock.release()
                throw error
            }
            self.lock = lock
            queue = NotificationQueue(limit: configuration.pendingLimit)
            lateToDeliver = []
            switch result {
            case .empty:
                restored = []
            case .loaded(let state, let pending):
                nextSequence = max(nextSequence, state.nextSequence)
                restored = pending
                shown = ShownRegistry(limit: configuration.shownLimit)
                for notification in state.shownNotifications {
                    _ = shown.record(notification)
                }
            case .damaged(let damage, let movedTo):
                observer.manager(didReport: .failed(.damagedStateFile(damage, movedTo: movedTo)))
                restored = []
            }
        } else {
            restored = (lateToDeliver + queue.removeEverything()).sorted { $0.queueKey < $1.queueKey }
            lateToDeliver = []
        }
        lifecycle = .running

        let now = clock.now
        var missed = 0
        var rearmed = 0
        for notification in restored.sorted(by: { $0.queueKey < $1.queueKey }) {
            if notification.fireDate >= now {
                report(queue.insert(notification).transitions)
                rearmed += 1
                continue
            }
            let lateness = Duration.between(notification.fireDate, and: now)
            if lateness <= configuration.gracePeriod {
                lateToDeliver.append(notification)
            } else {
                observer.manager(didReport: .missed(notification, lateness: lateness))
                missed += 1
            }
        }
        peak = queue.armedCount
        observer.manager(didReport: .restored(rearmed: rearmed, late: lateToDeliver.count, missed: missed))
        if missed > 0 {
            changeVersion += 1
        }
        armAlarm()
        await runDeliveries()
        if changeVersion > durableVersion {
            try? await waitUntilDurable(changeVersion)
        }
    }

    /// Clears the alarm, finishes an in-flight save and releases the state directory; calls then throw
    /// ``LinuxNotificationManagerError/stopped`` until ``start()`` is called again.
    public func stop() async {
        guard lifecycle != .stopped else { return }
        lifecycle = .stopped
        alarmDeadline = nil
        clock.setAlarm(alarmID, at: nil, wake: {})
        if isSaving {
            try? await waitUntilDurable(changeVersion)
        }
        lock?.release()
        lock = nil
    }

    // MARK: - NotificationRequestCenter

    /// Adds requests, each replacing the pending request with the same identifier, in one step and one save.
    ///
    /// A request whose instant is not in the future fires at the clock's next wake (at once on a real clock),
    /// after requests added before it for the same wake.
    ///
    /// - Parameter requests: The requests; a later one replaces an earlier one with the same identifier.
    /// - Throws: ``LinuxNotificationManagerError`` when stopped or the state directory is locked;
    ///   ``StateStorageError`` when the change could not be saved (it stays scheduled in memory and the next
    ///   successful save includes it).
    public func add(_ requests: [NotificationRequest]) async throws {
        try await ensureRunning()
        guard !requests.isEmpty else { return }
        let now = clock.now
        for request in requests {
            let notification = PendingNotification(
                request: request, fireDate: max(request.fireAt, now), sequence: nextSequence)
            nextSequence += 1
            let (replaced, placed, transitions) = queue.insert(notification)
            if let replaced {
                observer.manager(didReport: .replaced(old: replaced, new: placed))
            } else {
                observer.manager(didReport: .scheduled(placed))
            }
            report(transitions)
        }
        peak = max(peak, queue.armedCount)
        armAlarm()
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
    /// - Throws: ``LinuxNotificationManagerError/stopped``; ``StateStorageError`` when the removal could not be
    ///   saved.
    public func removePending(identifiers: [String], reason: NotificationReason) async throws {
        try await ensureRunning()
        guard !identifiers.isEmpty else { return }
        let (removed, transitions) = queue.remove(identifiers)
        for notification in removed {
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
    /// - Throws: ``LinuxNotificationManagerError/stopped``; ``StateStorageError`` when the removal could not be
    ///   saved.
    public func removePending(threadID: String, reason: NotificationReason) async throws {
        try await ensureRunning()
        let (removed, transitions) = queue.removeAll(threadID: threadID)
        for notification in removed {
            observer.manager(didReport: .cancelled(notification, reason: reason))
        }
        report(transitions)
        let withdrawn = shown.removeAll(threadID: threadID)
        try await finishRemoval(removed: removed, withdrawn: withdrawn, reason: reason) {
            try await $0.withdraw(identifiers: [], threadID: threadID, reason: reason)
        } describing: {
            "thread \(threadID)"
        }
    }

    /// Every pending request exactly as added, soonest first (ties in order of addition).
    ///
    /// - Returns: The pending requests.
    /// - Throws: ``LinuxNotificationManagerError`` when stopped or the state directory is locked.
    public func pendingRequests() async throws -> [NotificationRequest] {
        try await ensureRunning()
        return queue.snapshot().map(\.request)
    }

    /// Shows a request now through the sink, leaving pending requests alone; a pending request with the same
    /// identifier still fires later.
    ///
    /// The notification is remembered as shown: it expires at now + ``NotificationRequest/expiresAfter``, and a
    /// shown notification with the same collapse id is withdrawn (reason `collapsed`).
    ///
    /// - Parameter request: The request; its ``NotificationRequest/fireAt`` is ignored.
    /// - Throws: ``LinuxNotificationManagerError/stopped``; whatever the sink threw (also reported as
    ///   ``ManagerFailure/delivery(_:error:)``).
    public func show(_ request: NotificationRequest) async throws {
        try await ensureRunning()
        let now = clock.now
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
            request, shownAt: now, expiresAt: request.expiresAfter.map { now.addingTimeInterval($0.timeInterval) })
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
    ///   ``ManagerFailure/withdrawal(_:error:)``); ``StateStorageError`` when the change could not be saved.
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
        do {
            try await sink.withdraw(identifiers: identifiers, threadID: nil, reason: reason)
        } catch {
            observer.manager(didReport: .failed(.withdrawal(identifiers.joined(separator: ", "), error: error)))
            throw error
        }
        if withdrawn.contains(where: { $0.expiresAt != nil }) {
            try await persistChange()
        }
    }

    /// Every shown notification the manager remembers, oldest first.
    ///
    /// - Returns: The shown notifications.
    public func shownNotifications() -> [ShownNotification] {
        shown.all
    }

    // MARK: - NotificationManager

    /// Schedules a WorldWideWaves notification `delay` from now through ``NotificationManagerBridge``: the request
    /// `event_<id>_<trigger>` in thread `event_<id>`, added with ``add(_:)``.
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
        try await bridge.scheduleNotification(eventID: eventID, trigger: trigger, delay: delay, content: content)
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

    /// Cancels one WorldWideWaves notification through ``NotificationManagerBridge``: ``removePending(identifiers:reason:)``
    /// with reason `reschedule`, which also withdraws it if shown.
    ///
    /// - Parameters:
    ///   - eventID: The event's id.
    ///   - trigger: The trigger it was scheduled with.
    /// - Throws: ``EventIDError`` for an invalid id; whatever the removal throws.
    public func cancelNotification(eventID: String, trigger: NotificationTrigger) async throws {
        try await bridge.cancelNotification(eventID: eventID, trigger: trigger)
    }

    /// Cancels every WorldWideWaves notification of an event through ``NotificationManagerBridge``:
    /// ``removePending(threadID:reason:)`` on thread `event_<id>` with reason `reschedule`.
    ///
    /// - Parameter eventID: The event's id.
    /// - Throws: ``EventIDError`` for an invalid id; whatever the removal throws.
    public func cancelAllNotifications(eventID: String) async throws {
        try await bridge.cancelAllNotifications(eventID: eventID)
    }

    /// The WorldWideWaves bridge over this manager: the one path from `NotificationManager` calls to requests.
    private nonisolated var bridge: NotificationManagerBridge {
        NotificationManagerBridge(center: self, clock: clock)
    }

    // MARK: - The timer loop

    private func ensureRunning() async throws {
        switch lifecycle {
        case .running: return
        case .stopped: throw LinuxNotificationManagerError.stopped
        case .idle: try await start()
        }
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
        }
        let needsSave = !removed.isEmpty || withdrawn.contains { $0.expiresAt != nil }
        if needsSave {
            try await persistChange()
        }
        do {
            try await sinkCall(sink)
        } catch {
            observer.manager(didReport: .failed(.withdrawal(target(), error: error)))
        }
    }

    /// Points the single alarm at the soonest armed request or shown expiry (or clears it).
    private func armAlarm() {
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
    private func runDeliveries() async {
        guard !isDelivering else { return }
        isDelivering = true
        var changed = false
        while lifecycle == .running {
            let now = clock.now
            if !lateToDeliver.isEmpty {
                let late = lateToDeliver.removeFirst()
                changed = true
                await deliver(late, isLate: true)
            } else if let expiry = shown.nextExpiry, expiry <= now,
                queue.nextFireDate.map({ expiry <= $0 }) ?? true,
                let expired = shown.removeNextExpired(at: now)
            {
                changed = true
                await withdrawExpired(expired)
            } else if let (due, transitions) = queue.removeNextDue(at: now) {
                report(transitions)
                changed = true
                await deliver(due, isLate: false)
            } else {
                break
            }
        }
        isDelivering = false
        armAlarm()
        if changed {
            changeVersion += 1
            if store != nil {
                try? await waitUntilDurable(changeVersion)
            }
        }
    }

    private func deliver(_ notification: PendingNotification, isLate: Bool) async {
        let request = notification.request
        let now = clock.now
        let expiresAt = request.expiresAfter.map { request.fireAt.addingTimeInterval($0.timeInterval) }
        if let expiresAt, expiresAt <= now {
            observer.manager(didReport: .suppressed(notification, reason: .expired))
            return
        }
        // Only a saved state reads it; without a state directory, skip copying every request into it.
        if store != nil {
            inFlight = notification
        }
        defer { inFlight = nil }
        let delivery = NotificationDelivery(
            request: request, text: renderer.render(request),
            scheduledFor: notification.fireDate, deliveredAt: now, isLate: isLate)
        do {
            try await sink.deliver(delivery)
            observer.manager(didReport: .delivered(delivery))
        } catch {
            observer.manager(didReport: .failed(.delivery(request.identifier, error: error)))
            return
        }
        await remember(request, shownAt: now, expiresAt: expiresAt)
    }

    /// Records a shown request, withdrawing an older one with the same collapse id.
    private func remember(_ request: NotificationRequest, shownAt: Date, expiresAt: Date?) async {
        let (collapsed, forgotten) = shown.record(
            ShownNotification(request: request, shownAt: shownAt, expiresAt: expiresAt))
        if expiresAt != nil || forgotten?.expiresAt != nil {
            changeVersion += 1
        }
        guard let collapsed else { return }
        observer.manager(didReport: .withdrawn(collapsed, reason: .collapsed))
        if collapsed.expiresAt != nil {
            changeVersion += 1
        }
        await withdrawFromSink(collapsed.identifier, reason: .collapsed)
    }

    private func withdrawExpired(_ expired: ShownNotification) async {
        observer.manager(didReport: .withdrawn(expired, reason: .expired))
        await withdrawFromSink(expired.identifier, reason: .expired)
    }

    private func withdrawFromSink(_ identifier: String, reason: NotificationReason) async {
        do {
            try await sink.withdraw(identifiers: [identifier], threadID: nil, reason: reason)
        } catch {
            observer.manager(didReport: .failed(.withdrawal(identifier, error: error)))
        }
    }

    private func report(_ transitions: [NotificationQueue.Transition]) {
        for transition in transitions {
            switch transition {
            case .armed(let notification): observer.manager(didReport: .armed(notification))
            case .backlogged(let notification): observer.manager(didReport: .backlogged(notification))
            }
        }
    }

    // MARK: - Persistence

    private func persistChange() async throws {
        guard store != nil else { return }
        changeVersion += 1
        try await waitUntilDurable(changeVersion)
    }

    /// Returns once a save covering change `version` succeeded, or throws that save's error.
    ///
    /// One caller at a time writes; changes made while it writes wait and are all covered by its next write,
    /// so a burst of concurrent calls costs about two writes, not one per call.
    private func waitUntilDurable(_ version: UInt64) async throws {
        guard let store, durableVersion < version else { return }
        if isSaving {
            try await withCheckedThrowingContinuation { continuation in
                saveWaiters.append((version, continuation))
            }
            return
        }
        isSaving = true
        defer { isSaving = false }
        var ownOutcome: Result<Void, any Error>?
        while changeVersion > attemptedVersion || ownOutcome == nil {
            let target = changeVersion
            let outcome: Result<Void, any Error>
            if lock == nil {
                // Stopped: the lock is gone, so another process may own the directory now.
                outcome = .failure(LinuxNotificationManagerError.stopped)
            } else {
                do {
                    try await store.write(try savedState().encoded())
                    outcome = .success(())
                } catch {
                    observer.manager(didReport: .failed(.persistence(error)))
                    outcome = .failure(error)
                }
            }
            attemptedVersion = target
            if case .success = outcome {
                durableVersion = max(durableVersion, target)
            }
            if ownOutcome == nil && version <= target {
                ownOutcome = outcome
            }
            var stillWaiting: [(version: UInt64, continuation: CheckedContinuation<Void, any Error>)] = []
            for waiter in saveWaiters {
                if waiter.version <= target {
                    waiter.continuation.resume(with: outcome)
                } else {
                    stillWaiting.append(waiter)
                }
            }
            saveWaiters = stillWaiting
        }
        try ownOutcome?.get()
    }

    /// What is saved: the queue, plus late and in-flight notifications whose delivery has not finished.
    private func savedState() -> PersistedState {
        var pending = queue.snapshot()
        pending += lateToDeliver
        if let inFlight {
            pending.append(inFlight)
        }
        pending.sort { $0.queueKey < $1.queueKey }
        return PersistedState(
            nextSequence: nextSequence, pending: pending, shown: shown.all.filter { $0.expiresAt != nil })
    }
}
