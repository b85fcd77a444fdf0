import Dispatch

/// Runs blocking work (waiting for a child process, reading its pipes) on a Dispatch thread and awaits its result.
///
/// Swift's cooperative pool has as many threads as the machine has cores; a test that blocks one of them on a
/// child process stalls every other test's tasks on a two-core machine. Work that blocks goes through here.
///
/// - Parameter work: The blocking work; it runs once, on a global Dispatch queue.
/// - Returns: What `work` returned.
/// - Throws: What `work` threw.
package func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
    }
}

/// Runs blocking work that cannot fail on a Dispatch thread and awaits its result (see the throwing form).
///
/// - Parameter work: The blocking work; it runs once, on a global Dispatch queue.
/// - Returns: What `work` returned.
package func offThePool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(returning: work()) }
    }
}
