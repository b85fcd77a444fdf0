// A counter behind Synchronization.Mutex, incremented by 8 tasks 10,000 times each: correct (it ends at exactly
// 80,000), yet ThreadSanitizer on Linux reports a "Swift access race" inside withLock, because Mutex locks with a
// futex in the uninstrumented standard library, which TSan does not see. Run: scripts/tsan-mutex-repro/run.sh
import Synchronization

final class Counter: Sendable {
    private let value = Mutex(0)
    func increment() { value.withLock { $0 += 1 } }
    var current: Int { value.withLock { $0 } }
}

let counter = Counter()
await withTaskGroup(of: Void.self) { group in
    for _ in 0..<8 {
        group.addTask {
            for _ in 0..<10_000 { counter.increment() }
        }
    }
}
print("count: \(counter.current) (expected 80000)")
