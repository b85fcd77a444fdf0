internal import Foundation
internal import WaveNotifications

/// The thread a server's asynchronous callers' store work runs on (``PushServer/run(_:)``): a serial queue of jobs
/// on a thread of the server's own, as curl's loop and the PostgreSQL listener have theirs, so no Swift concurrency
/// thread waits for the database, the network or the store's lock.
///
/// The thread starts with the first job (a server only called synchronously never starts one) and ends when the
/// server is released; a job holds its server, so none is ever left queued. Jobs run one at a time in the order they
/// were submitted, each to its end: a job whose caller was cancelled still runs (a transaction is never cut in two),
/// and a job submitted after ``PushServer/close()`` runs against the closed store, which fails it with
/// ``PushStoreError/Kind-swift.enum/closed``.
final class StoreThread: Sendable {
    private struct State {
        var jobs: [@Sendable () -> Void] = []
        var started = false
        var stopping = false
    }

    private let state = WaveLock(State())
    /// One signal per job submitted and one for ``stop()``: the thread sleeps on it while the queue is empty.
    private let signal = DispatchSemaphore(value: 0)

    /// Queues `job`, starting the thread if it is the first.
    func submit(_ job: @escaping @Sendable () -> Void) {
        let start = state.withLock { state in
            state.jobs.append(job)
            defer { state.started = true }
            return !state.started
        }
        if start {
            let thread = Thread { [self] in run() }
            thread.name = "wave-store"
            thread.start()
        }
        signal.signal()
    }

    /// Ends the thread once its queue is empty (the server's `deinit`: no job can be queued any more).
    func stop() {
        state.withLock { $0.stopping = true }
        signal.signal()
    }

    private func run() {
        while true {
            signal.wait()
            let (jobs, stopping) = state.withLock { state in
                defer { state.jobs.removeAll() }
                return (state.jobs, state.stopping)
            }
            for job in jobs { job() }
            if stopping && jobs.isEmpty { return }
        }
    }
}
