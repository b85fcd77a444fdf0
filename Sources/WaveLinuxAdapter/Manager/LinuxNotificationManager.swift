internal import Dispatch
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
/// - With a ``Configuration/stateDirectory``, state lives in the SQLite ``NotificationStore``
///   (`notifications.sqlite`, write-ahead log, `synchronous=FULL`): every change is one transaction, committed
///   before the call returns (concurrent changes share one), so a batch ``add(_:)`` is all on disk or none of it.
///   Shown notifications are written to the delivery history. On ``start()``, saved requests are re-armed; those
///   whose instant passed while the process was down are shown at once if within ``Configuration/gracePeriod``
///   (and not expired), marked late, and otherwise recorded as missed. Across a crash, delivery is at least once:
///   a crash between showing a notification and saving its removal shows it again, late, on the next start.
///   A `state.json` left by an earlier build is imported on start (see ``start()``). Without a state directory
///   everything stays in memory and nothing touches the disk.
/// - Every suppression (a due request whose expiry passed, one the ``NotificationDeliveryGate`` holds back, one
///   missed while the process was down) goes to the ``InboxStore`` given at creation, so the user can still read
///   it; without an inbox it is only reported.
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
    private let inbox: (any InboxStore)?
    private let gate: (any NotificationDeliveryGate)?
    /// The `state.json` of earlier builds, read once at start to import it.
    private let stateFile: StateFileStore?
    /// Whether changes are saved (a state directory is configured).
    private let persists: Bool
    /// The database, open (holding the directory lock) while running with a state directory.
    private var database: NotificationStore?
    /// Blocking commits run here, off the cooperative thread pool, in the order they were queued.
    private let writes = DispatchQueue(label: "WaveLinuxAdapter.LinuxNotificationManager.writes")

    private var lifecycle = Lifecycle.idle
    private var queue: NotificationQueue
    private var shown: ShownRegistry
    /// Each thread's change count, moved by every change to what is pending in it.
    private var threadChanges = ThreadChangeCounts()
    private var nextSequence: UInt64 = 0
    private var peak = 0
    /// The deadline last given to the clock, so an unchanged one is not set again.
    private var alarmDeadline: Date?

    /// Whether a delivery pass is running; a second wake meanwhile leaves the work to it, keeping order.
    private var isDelivering = false
    /// Saved notifications that are due late after a restart, delivered before anything else.
    private var lateToDeliver: [PendingNotification] = []
    /// The notification a sink is showing right now; its row stays in the database until its delivery finishes.
    private var inFlight: PendingNotification?

    /// Changes made in memory and not yet handed to a commit.
    private var unsavedChanges: [ManagerStoreChange] = []
    /// A commit failed: the next one rewrites everything, so the changes it lost are saved too.
    private var needsFullSave = false
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
    ///   - inbox: Where suppressed notifications go, so the user can still read them; `nil` to only report them.
    ///   - gate: Decides at the due instant whether a request is shown; `nil` shows everything that comes due.
    /// - Throws: ``LinuxNotificationManagerError/invalidConfiguration(_:)`` for a limit below 1, a negative
    ///   grace period, or a state directory that is not a file URL.
    public init(
        configuration: Configuration = .init(), clock: any AlarmClock, sink: any NotificationSink,
        renderer: any NotificationTextRenderer, observer: any NotificationManagerObserver = IgnoringManagerObserver(),
        inbox: (any InboxStore)? = nil, gate: (any NotificationDeliveryGate)? = nil
    ) throws {
        try configuration.validate()
        self.configuration = configuration
        self.clock = clock
        self.sink = sink
        self.renderer = renderer
        self.observer = observer
        self.inbox = inbox
        self.gate = gate
        queue = NotificationQueue(limit: configuration.pendingLimit)
        shown = ShownRegistry(limit: configuration.shownLimit)
        stateFile = configuration.stateDirectory.map { StateFileStore(directory: $0) }
        persists = configuration.stateDirectory != nil
    }

    deinit {
        // Leave no alarm behind on a clock that outlives the manager; the database and its lock close themselves.
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

    /// Opens the database in the state directory (taking the directory's lock), loads the saved state and arms it;
    /// does nothing if already running.
    ///
    /// A `state.json` written by an earlier build is imported first, in one transaction, then renamed to
    /// `state.json.imported-<UTC>` (reported as ``ManagerEvent/imported(pending:movedTo:)``), so no pending
    /// notification is lost and it is never imported twice. A damaged one is renamed to `state.json.corrupt-<UTC>`,
    /// reported as ``ManagerFailure/damagedStateFile(_:movedTo:)`` and not imported; neither is ever deleted.
    /// Saved notifications still ahead are re-armed. Those whose instant passed are delivered at once,
    /// marked late, when at most ``Configuration/gracePeriod`` late, and otherwise reported as
    /// ``ManagerEvent/missed(_:lateness:)`` (and put in the inbox) and dropped. Without a state directory,
    /// a restart after ``stop()`` treats what was pending in memory the same way.
    ///
    /// - Throws: ``LinuxNotificationManagerError/stateDirectoryLocked(_:holderPID:)`` when another manager owns
    ///   the directory; ``StateStorageError`` when it cannot be created or `state.json` cannot be read or renamed;
    ///   ``SQLiteError`` when the database is damaged, from a newer build, or cannot be written, naming the file
    ///   and what to do. Nothing is changed then, and ``start()`` may be tried again once the cause is fixed.
    public func start() async throws {
        guard lifecycle != .running else { return }
        let restored: [PendingNotification]
        if let directory = configuration.stateDirectory, let stateFile {
            let store = try NotificationStore(
                directory: directory, configuration: .init(busyTimeout: configuration.databaseBusyTimeout))
            let saved: NotificationStore.ManagerState
            do {
                try importStateFile(stateFile, into: store)
                saved = try store.loadManagerState()
            } catch {
                store.close()
                throw error
            }
            database = store
            unsavedChanges = []
            needsFullSave = false
            queue = NotificationQueue(limit: configuration.pendingLimit)
            lateToDeliver = []
            nextSequence = max(nextSequence, saved.pending.map { $0.sequence + 1 }.max() ?? 0)
            restored = saved.pending
            shown = ShownRegistry(limit: configuration.shownLimit)
            for notification in saved.shown {
                _ = shown.record(notification)
            }
        } else {
            restored = (lateToDeliver + queue.removeEverything()).sorted { $0.queueKey < $1.queueKey }
            lateToDeliver = []
        }
        // The queue was rebuilt, and late requests left it.
        threadChanges.recordChangeInEveryThread()
        lifecycle = .running

        let now = clock.now
        var missed = 0
        var rearmed = 0
        var missedNotifications: [PendingNotification] = []
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
                missedNotifications.append(notification)
                missed += 1
            }
        }
        peak = queue.armedCount
        observer.manager(didReport: .restored(rearmed: rearmed, late: lateToDeliver.count, missed: missed))
        if !missedNotifications.isEmpty {
            await putInInbox(missedNotifications)
            note(.removePending(missedNotifications))
        }
        armAlarm()
        await runDeliveries()
        if changeVersion > durableVersion {
            try? await waitUntilDurable(changeVersion)
        }
    }

    /// Imports `state.json` into the database in one transaction, then renames it; moves a damaged one aside.
    private func importStateFile(_ stateFile: StateFileStore, into store: NotificationStore) throws {
        switch try stateFile.load(now: clock.now) {
        case .empty:
            return
        case .damaged(let damage, let movedTo):
            observer.manager(didReport: .failed(.damagedStateFile(damage, movedTo: movedTo)))
        case .loaded(let state, var pending):
            // Requests already in the database keep their order: imported ties go after them.
            if let highest = try store.highestPendingSequence() {
                pending = pending.map { notification in
                    var shifted = notification
                    shifted.sequence += highest + 1
                    return shifted
                }
            }
            // Upserts: a crash before the rename imports the same requests again, never a second copy.
            try store.apply([.upsertPending(pending), .keepShown(state.shownNotifications)])
            let movedTo = try stateFile.markImported(now: clock.now)
            observer.manager(didReport: .imported(pending: pending.count, movedTo: movedTo))
        }
    }

    /// Clears the alarm, commits what is not yet saved, and closes the database, releasing the state directory;
    /// calls then throw ``LinuxNotificationManagerError/stopped`` until ``start()`` is called again.
    public func stop() async {
        guard lifecycle != .stopped else { return }
        lifecycle = .stopped
        alarmDeadline = nil
        clock.setAlarm(alarmID, at: nil, wake: {})
        if changeVersion > durableVersion {
            try? await waitUntilDurable(changeVersion)
        }
        database?.close()
        database = nil
    }

    // MARK: - NotificationRequestCenter

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
        let now = clock.now
        queue.reserveCapacity(forAdditional: requests.count)
        var placed: [PendingNotification] = []
        if persists {
            placed.reserveCapacity(requests.count)
        }
        for request in requests {
            insert(
                PendingNotification(request: request, fireDate: max(request.fireAt, now), sequence: nextSequence),
                placed: &placed)
        }
        try await finishAdding(placed)
    }

    /// Places one pending notification (taking the next sequence number), reports it and keeps it for saving.
    private func insert(_ notification: PendingNotification, placed: inout [PendingNotification]) {
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
    private func finishAdding(_ placed: [PendingNotification]) async throws {
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
        try await ensureRunning()
        let (removed, transitions) = queue.removeAll(threadID: threadID)
        if !removed.isEmpty {
            threadChanges.recordChange(inThread: RequestKey(threadID), pendingCount: queue.count)
        }
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

    // MARK: - NotificationManager

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
        var placed: [PendingNotification] = []
        insert(
            PendingNotification(
                eventID: eventID, trigger: trigger, content: content, requestedAt: fireAt, fireDate: max(fireAt, now),
                sequence: nextSequence),
            placed: &placed)
        try await finishAdding(placed)
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

    private func deliver(_ notification: PendingNotification, isLate: Bool) async {
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
    private func putInInbox(_ notifications: [PendingNotification]) async {
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
    private func remember(
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

    private func report(_ transitions: [NotificationQueue.Transition]) {
        for transition in transitions {
            switch transition {
            case .armed(let notification): observer.manager(didReport: .armed(notification))
            case .backlogged(let notification): observer.manager(didReport: .backlogged(notification))
            }
        }
    }

    // MARK: - Persistence

    /// Queues a change for the next commit; without a state directory, does nothing (and builds nothing).
    private func note(_ change: @autoclosure () -> ManagerStoreChange) {
        guard persists else { return }
        unsavedChanges.append(change())
        changeVersion += 1
    }

    private func persistChange() async throws {
        guard persists else { return }
        try await waitUntilDurable(changeVersion)
    }

    /// Returns once a commit covering change `version` succeeded, or throws that commit's error.
    ///
    /// One caller at a time commits; changes made while it commits wait and are all covered by its next
    /// transaction, so a burst of concurrent calls costs about two commits, not one per call.
    private func waitUntilDurable(_ version: UInt64) async throws {
        guard persists, durableVersion < version else { return }
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
            let changes = needsFullSave ? [fullSave()] : unsavedChanges
            unsavedChanges = []
            needsFullSave = false
            let outcome: Result<Void, any Error>
            if let database {
                do {
                    try await commit(changes, to: database)
                    outcome = .success(())
                } catch {
                    // The lost changes are in memory: the next commit rewrites everything.
                    needsFullSave = true
                    observer.manager(didReport: .failed(.persistence(error)))
                    outcome = .failure(error)
                }
            } else {
                // Stopped: the database is closed, so another process may own the directory now.
                outcome = .failure(LinuxNotificationManagerError.stopped)
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

    /// Runs one transaction on the writer queue, off the cooperative thread pool.
    private func commit(_ changes: [ManagerStoreChange], to database: NotificationStore) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            writes.async {
                continuation.resume(with: Result { try database.apply(changes) })
            }
        }
    }

    /// Everything as it is in memory: the queue, plus late and in-flight notifications whose delivery has not
    /// finished, and the shown notifications that expire.
    private func fullSave() -> ManagerStoreChange {
        var pending = queue.snapshot()
        pending += lateToDeliver
        if let inFlight {
            pending.append(inFlight)
        }
        return .replaceEverything(pending: pending, shown: shown.all.filter { $0.expiresAt != nil })
    }
}
