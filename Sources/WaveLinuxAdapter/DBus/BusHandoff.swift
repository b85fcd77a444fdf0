internal import WaveNotifications

/// A value handed from the loop thread to a waiting task through a lock.
///
/// A continuation resumed from a thread of our own is not a hand-over ThreadSanitizer sees (the concurrency
/// runtime's atomics are not instrumented), so a reply's arrays, built on the loop thread and read by the caller,
/// were reported as a race. Written under a ``WaveLock`` on the loop thread and read under it by the caller, the
/// value is ordered for ThreadSanitizer as it is for the machine.
final class BusHandoff<Value: Sendable>: Sendable {
    private let slot = WaveLock<Value?>(nil)

    /// Stores the value under the lock.
    ///
    /// - Parameter value: The value, complete before it is handed over.
    init(_ value: Value) {
        slot.withLock { $0 = value }
    }

    /// The value, read under the lock.
    var value: Value {
        // Set in `init`, so never absent.
        slot.withLock { $0 }!
    }
}
