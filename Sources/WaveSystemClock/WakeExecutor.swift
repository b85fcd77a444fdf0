internal import Dispatch

/// Where a ``SystemAlarmClock``'s loop waits and wakes its alarms: a serial dispatch queue of its own, used as the
/// loop task's executor preference.
///
/// Swift's cooperative pool has a thread per core. The Linux manager's calls run on their callers' executors
/// without suspending, so callers in a tight loop of calls can hold every pool thread for as long as they loop; a
/// wake queued behind them would then wait until they stop (wavebench `delivery-contended`: never). A serial queue
/// of its own gets a thread of its own when the pool's are busy, so the wait for the next instant, the wake, and the
/// delivery pass it runs (the manager's nonisolated calls follow the task's executor preference) go on however the
/// callers behave.
final class WakeExecutor: TaskExecutor {
    private let queue: DispatchQueue

    /// Creates the executor and its queue.
    ///
    /// - Parameter label: The queue's label, as debuggers show it.
    init(label: String) {
        queue = DispatchQueue(label: label, qos: .userInteractive)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async {
            job.runSynchronously(on: executor)
        }
    }
}
