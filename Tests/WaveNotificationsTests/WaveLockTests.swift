import Testing
import WaveNotifications

/// The package's lock keeps `Mutex`'s contract: exclusive access, every change seen by the next holder, released when
/// its closure throws. Under ThreadSanitizer (`.ci/run`) these run without a report, which a `Mutex` does not.
struct WaveLockTests {
    private struct Failure: Error {}

    /// A class that is not `Sendable`, as a database connection is: safe behind the lock, reached by no one else.
    private final class Tally {
        var count = 0
    }

    @Test func concurrentIncrementsAreNeitherLostNorDoubled() async {
        let lock = WaveLock(0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<1000 { lock.withLock { $0 += 1 } }
                }
            }
        }
        #expect(lock.withLock { $0 } == 8000)
    }

    @Test func aNonSendableValueIsChangedOnlyThroughTheLock() async {
        let lock = WaveLock(Tally())
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    for _ in 0..<500 { lock.withLock { $0.count += 1 } }
                }
            }
        }
        #expect(lock.withLock { $0.count } == 2000)
    }

    @Test func aThrowingClosureReleasesTheLockAndKeepsItsChanges() {
        let lock = WaveLock([1])
        #expect(throws: Failure.self) {
            try lock.withLock { values throws(Failure) in
                values.append(2)
                throw Failure()
            }
        }
        // Not held any more (a held lock would deadlock here), and the change made before the throw stays.
        #expect(lock.withLock { $0 } == [1, 2])
    }

    @Test func theClosuresResultIsReturned() {
        let lock = WaveLock("wave")
        let count = lock.withLock { value in
            value += "s"
            return value.count
        }
        #expect(count == 5)
        #expect(lock.withLock { $0 } == "waves")
    }
}
