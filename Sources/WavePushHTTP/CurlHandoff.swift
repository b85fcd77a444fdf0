internal import GrowBroServer
internal import WaveNotifications

/// An answer handed from the loop thread to the waiting task through a lock.
///
/// A continuation resumed from a thread of our own is not a hand-over ThreadSanitizer sees (the concurrency
/// runtime's atomics are not instrumented), so the answer's arrays, built on the loop thread and read by the caller,
/// would be reported as a race (as the D-Bus connection's replies were). Written under a ``WaveLock`` on the loop
/// thread and read under it by the caller, the answer is ordered for ThreadSanitizer as it is for the machine.
final class CurlHandoff: Sendable {
    private let slot = WaveLock<Result<ProviderResponse, CurlTransportError>?>(nil)

    /// Stores the outcome under the lock.
    init(_ outcome: Result<ProviderResponse, CurlTransportError>) {
        slot.withLock { $0 = outcome }
    }

    /// The outcome, read under the lock.
    var outcome: Result<ProviderResponse, CurlTransportError> {
        // Set in `init`, so never absent.
        slot.withLock { $0 }!
    }
}
