internal import Dispatch
internal import Foundation
internal import WaveNotifications

// Changes queued in memory and committed to the SQLite store, one transaction covering concurrent callers.
extension LinuxNotificationManager {
    /// Queues a change for the next commit; without a state directory, does nothing (and builds nothing).
    func note(_ change: @autoclosure () -> ManagerStoreChange, _ state: inout State) {
        guard persists else { return }
        state.unsavedChanges.append(change())
        state.changeVersion += 1
    }

    /// Returns once every change noted so far is committed, or throws the commit's error.
    func persistChanges() async throws {
        guard persists else { return }
        try await waitUntilDurable(state.withLock { $0.changeVersion })
    }

    /// Returns once a commit covering change `version` succeeded, or throws that commit's error.
    ///
    /// One caller at a time commits; changes made while it commits wait and are all covered by its next
    /// transaction, so a burst of concurrent calls costs about two commits, not one per call. The commit itself
    /// runs outside the lock, on the writer queue.
    func waitUntilDurable(_ version: UInt64) async throws {
        guard persists else { return }
        enum Role {
            case done, commit, wait
        }
        while true {
            let role = state.withLock { state -> Role in
                if state.durableVersion >= version { return .done }
                if !state.isSaving {
                    state.isSaving = true
                    return .commit
                }
                return .wait
            }
            switch role {
            case .done:
                return
            case .commit:
                try await commitUntilCovered(version)
                return
            case .wait:
                // Registered only while a commit still runs; otherwise the loop decides again.
                let waited = try await withCheckedThrowingContinuation {
                    (continuation: CheckedContinuation<Bool, any Error>) in
                    let registered = state.withLock { state in
                        guard state.isSaving, state.durableVersion < version else { return false }
                        state.saveWaiters.append((version, { continuation.resume(with: $0.map { true }) }))
                        return true
                    }
                    if !registered {
                        continuation.resume(returning: false)
                    }
                }
                if waited { return }
            }
        }
    }

    /// Commits until a transaction covering `version` was attempted and nothing noted meanwhile is left, resuming
    /// the waiters each transaction covers; throws the outcome of the one that covered `version`.
    private func commitUntilCovered(_ version: UInt64) async throws {
        var ownOutcome: Result<Void, any Error>?
        while true {
            let work = state.withLock {
                state -> (target: UInt64, changes: [ManagerStoreChange], database: NotificationStore?)? in
                guard state.changeVersion > state.attemptedVersion || ownOutcome == nil else {
                    state.isSaving = false
                    return nil
                }
                let changes = state.needsFullSave ? [Self.fullSave(state)] : state.unsavedChanges
                state.unsavedChanges = []
                state.needsFullSave = false
                return (state.changeVersion, changes, state.database)
            }
            guard let work else { break }
            let outcome: Result<Void, any Error>
            if let database = work.database {
                do {
                    try await commit(work.changes, to: database)
                    outcome = .success(())
                } catch {
                    outcome = .failure(error)
                }
            } else {
                // Stopped: the database is closed, so another process may own the directory now.
                outcome = .failure(LinuxNotificationManagerError.stopped)
            }
            let covered = state.withLock { state in
                if case .failure(let error) = outcome {
                    // The lost changes are in memory: the next commit rewrites everything.
                    state.needsFullSave = true
                    observer.manager(didReport: .failed(.persistence(error)))
                } else {
                    state.durableVersion = max(state.durableVersion, work.target)
                }
                state.attemptedVersion = work.target
                var covered: [SaveWaiter] = []
                var stillWaiting: [(version: UInt64, resume: SaveWaiter)] = []
                for waiter in state.saveWaiters {
                    if waiter.version <= work.target {
                        covered.append(waiter.resume)
                    } else {
                        stillWaiting.append(waiter)
                    }
                }
                state.saveWaiters = stillWaiting
                return covered
            }
            for resume in covered {
                resume(outcome)
            }
            if ownOutcome == nil && version <= work.target {
                ownOutcome = outcome
            }
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
    private static func fullSave(_ state: State) -> ManagerStoreChange {
        var pending = state.queue.snapshot()
        pending += state.lateToDeliver
        if let inFlight = state.inFlight {
            pending.append(inFlight)
        }
        return .replaceEverything(pending: pending, shown: state.shown.all.filter { $0.expiresAt != nil })
    }
}
