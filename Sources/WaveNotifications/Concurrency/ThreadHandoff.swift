/// A value handed from a thread of the package's own (a D-Bus or curl loop) to the task awaiting it, through a
/// ``WaveLock``.
///
/// A continuation resumed from such a thread is not a hand-over ThreadSanitizer sees (the concurrency runtime's
/// atomics are not instrumented), so a value built there and read by the task is reported as a race. Here the task
/// makes the handoff before the thread sees it, the thread stores the value under the handoff's lock before it
/// resumes the task, and the task reads it under the same lock: the order is one ThreadSanitizer sees, as the machine
/// does.
package final class ThreadHandoff<Value: Sendable>: Sendable {
    private struct State {
        var value: Value?
        var continuation: CheckedContinuation<Void, Never>?
    }

    private let state = WaveLock(State())

    private init() {}

    /// Makes a handoff, passes it to `submit` (which gives it to the thread, through a lock or a thread's start),
    /// and waits for the value ``deliver(_:)`` hands over.
    ///
    /// - Parameter submit: Gives the handoff to the thread that will deliver into it, exactly once.
    /// - Returns: The value delivered.
    package static func wait(_ submit: (ThreadHandoff<Value>) -> Void) async -> Value {
        let handoff = ThreadHandoff<Value>()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            handoff.state.withLock { $0.continuation = continuation }
            submit(handoff)
        }
        // Delivered before the task was resumed, so never absent.
        return handoff.state.withLock { $0.value }!
    }

    /// Stores the value under the lock, then resumes the waiting task; only the first delivery counts.
    ///
    /// - Parameter value: The value, complete before it is handed over.
    package func deliver(_ value: Value) {
        let continuation = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard state.value == nil else { return nil }
            state.value = value
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume()
    }
}
