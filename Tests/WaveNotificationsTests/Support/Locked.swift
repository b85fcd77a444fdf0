import Synchronization

/// A lock-protected value that `@Sendable` closures in tests can read and change.
final class Locked<Value: Sendable>: Sendable {
    private let storage: Mutex<Value>

    init(_ value: Value) {
        storage = Mutex(value)
    }

    var value: Value { storage.withLock { $0 } }

    func withValue<Result: Sendable>(_ body: (inout Value) -> Result) -> Result {
        storage.withLock { body(&$0) }
    }
}
