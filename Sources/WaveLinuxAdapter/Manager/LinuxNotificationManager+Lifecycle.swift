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

    func ensureRunning() async throws {
        switch lifecycle {
        case .running: return
        case .stopped: throw LinuxNotificationManagerError.stopped
        case .idle: try await start()
        }
    }
}
