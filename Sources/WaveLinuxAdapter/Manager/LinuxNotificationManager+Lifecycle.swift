internal import Foundation
internal import WaveNotifications

// Start (open the store, import an old `state.json`, re-arm, deliver late ones), stop, and starting on first use.
extension LinuxNotificationManager {
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
        enum Role {
            case running, wait, lead(previous: Lifecycle)
        }
        while true {
            let role = state.withLock { state -> Role in
                switch state.lifecycle {
                case .running: return .running
                case .starting: return .wait
                case .idle, .stopped:
                    let previous = state.lifecycle
                    state.lifecycle = .starting
                    return .lead(previous: previous)
                }
            }
            switch role {
            case .running:
                return
            case .wait:
                // Another caller is starting the manager: wait for its outcome, then look again.
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                    let registered = state.withLock { state in
                        guard state.lifecycle == .starting else { return false }
                        state.startWaiters.append(continuation)
                        return true
                    }
                    if !registered {
                        continuation.resume()
                    }
                }
            case .lead(let previous):
                do {
                    try await lead()
                } catch {
                    let waiters = state.withLock { state in
                        // A stop() meanwhile stays a stop.
                        if state.lifecycle == .starting {
                            state.lifecycle = previous
                        }
                        defer { state.startWaiters = [] }
                        return state.startWaiters
                    }
                    for waiter in waiters {
                        waiter.resume(throwing: error)
                    }
                    throw error
                }
                return
            }
        }
    }

    /// The start itself, run by the one caller that found the manager idle or stopped.
    private func lead() async throws {
        var opened: (store: NotificationStore, saved: NotificationStore.ManagerState)?
        if let directory = configuration.stateDirectory, let stateFile {
            // Opening and reading are blocking, on this caller's thread and outside the lock: nothing else runs on
            // the manager until it is running (other callers wait in `start()`).
            let store = try NotificationStore(
                directory: directory, configuration: .init(busyTimeout: configuration.databaseBusyTimeout))
            do {
                try importStateFile(stateFile, into: store)
                opened = (store, try store.loadManagerState())
            } catch {
                store.close()
                throw error
            }
        }
        let now = clock.now
        let installed = state.withLock {
            state -> (missed: [PendingNotification], waiters: [CheckedContinuation<Void, any Error>])? in
            // stop() was called while the store opened: it wins, and nothing is installed.
            guard state.lifecycle == .starting else { return nil }
            var restored: [PendingNotification]
            if let opened {
                state.database = opened.store
                state.unsavedChanges = []
                state.needsFullSave = false
                state.queue.removeAllWithoutReporting()
                state.lateToDeliver = []
                state.nextSequence = max(state.nextSequence, opened.saved.pending.map { $0.sequence + 1 }.max() ?? 0)
                restored = opened.saved.pending
                state.shown = ShownRegistry(limit: configuration.shownLimit)
                for notification in opened.saved.shown {
                    _ = state.shown.record(notification)
                }
            } else {
                restored = state.lateToDeliver + state.queue.removeEverything()
                state.lateToDeliver = []
            }
            // The queue was rebuilt, and late requests left it.
            state.queue.recordChangeInEveryThread()
            state.lifecycle = .running
            var rearmed = 0
            var missed: [PendingNotification] = []
            for notification in restored.sorted(by: { $0.queueKey < $1.queueKey }) {
                if notification.fireDate >= now {
                    report(state.queue.insert(notification, recordsChange: false).transitions)
                    rearmed += 1
                    continue
                }
                let lateness = Duration.between(notification.fireDate, and: now)
                if lateness <= configuration.gracePeriod {
                    state.lateToDeliver.append(notification)
                } else {
                    observer.manager(didReport: .missed(notification, lateness: lateness))
                    missed.append(notification)
                }
            }
            state.peak = state.queue.armedCount
            observer.manager(
                didReport: .restored(rearmed: rearmed, late: state.lateToDeliver.count, missed: missed.count))
            armAlarm(&state)
            defer { state.startWaiters = [] }
            return (missed, state.startWaiters)
        }
        guard let (missed, waiters) = installed else {
            opened?.store.close()
            throw LinuxNotificationManagerError.stopped
        }
        for waiter in waiters {
            waiter.resume()
        }
        if !missed.isEmpty {
            await putInInbox(missed)
            state.withLock { note(.removePending(missed), &$0) }
        }
        await runDeliveries()
        try? await persistChanges()
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
        let stops = state.withLock { state in
            guard state.lifecycle != .stopped else { return false }
            state.lifecycle = .stopped
            state.alarmDeadline = nil
            clock.setAlarm(alarmID, at: nil, wake: {})
            return true
        }
        guard stops else { return }
        try? await persistChanges()
        let database = state.withLock { state in
            defer { state.database = nil }
            return state.database
        }
        database?.close()
    }

    func ensureRunning() async throws {
        switch state.withLock({ $0.lifecycle }) {
        case .running: return
        case .stopped: throw LinuxNotificationManagerError.stopped
        case .idle, .starting: try await start()
        }
    }
}
