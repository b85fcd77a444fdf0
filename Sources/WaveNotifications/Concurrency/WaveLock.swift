internal import Foundation

/// A value behind a lock that ThreadSanitizer sees: the package's one lock, used wherever it would use a `Mutex`.
///
/// It exists because ThreadSanitizer on Linux does not see `Synchronization.Mutex`: `Mutex` locks with an atomic
/// and a futex inside the standard library, which is not built with ThreadSanitizer, so every access to a value
/// behind a `Mutex` from two threads is reported as a "Swift access race", however correct the locking
/// (`scripts/tsan-mutex-repro/` shows it in 20 lines). Those false reports would hide a real race. `WaveLock`
/// locks with Foundation's `NSLock`, a `pthread_mutex_t` on Linux, whose lock and unlock ThreadSanitizer
/// intercepts; on Apple platforms `NSLock` is a `pthread_mutex_t` too.
///
/// Its contract is `Mutex`'s:
/// - ``withLock(_:)`` runs its closure with exclusive access to the value: no two closures of one lock overlap,
///   and each sees every change made by the closures before it (the lock orders them, and ThreadSanitizer knows).
/// - The lock is not recursive: calling ``withLock(_:)`` of a lock from inside its own closure deadlocks.
/// - The value never escapes: it goes in with `sending` and comes out only through what a closure returns, itself
///   `sending`, so a `WaveLock` is `Sendable` whatever its value, as `Mutex` is (a non-`Sendable` value, such as a
///   database connection, is safe behind it because nothing else can reach it).
/// - It is a class, shared by reference; keep the closures short, since every other caller waits.
public final class WaveLock<Value: ~Copyable>: @unchecked Sendable {
    // @unchecked: the value is reached only through `storage`, and only between `lock.lock()` and `lock.unlock()`.
    private let lock = NSLock()
    // The value lives out of line, reached through a pointer, so the closure's `inout` access is not a stored
    // property's (which Swift would check for exclusivity at run time on every call): the lock already excludes.
    private let storage: UnsafeMutablePointer<Value>

    /// Creates a lock holding `initialValue`.
    ///
    /// - Parameter initialValue: The value; nothing else may use it afterwards.
    public init(_ initialValue: consuming sending Value) {
        storage = .allocate(capacity: 1)
        storage.initialize(to: initialValue)
    }

    deinit {
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    /// Runs `body` with exclusive access to the value, holding the lock.
    ///
    /// - Parameter body: The work; it may change the value, must not keep it, and must not call this lock again.
    /// - Returns: What `body` returned.
    /// - Throws: What `body` threw; the lock is released either way.
    public func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&storage.pointee)
    }
}
