internal import Dispatch
internal import Foundation
internal import WaveNotifications

// Changes queued in memory and committed to the SQLite store, one transaction covering concurrent callers.
extension LinuxNotificationManager {
    /// Queues a change for the next commit; without a state directory, does nothing (and builds nothing).
    func note(_ change: @autoclosure () -> ManagerStoreChange) {
        guard persists else { return }
        unsavedChanges.append(change())
        changeVersion += 1
    }

    func persistChange() async throws {
        guard persists else { return }
        try await waitUntilDurable(changeVersion)
    }

    /// Returns once a commit covering change `version` succeeded, or throws that commit's error.
    ///
    /// One caller at a time commits; changes made while it commits wait and are all covered by its next
    /// transaction, so a burst of concurrent calls costs about two commits, not one per call.
    func waitUntilDurable(_ version: UInt64) async throws {
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
