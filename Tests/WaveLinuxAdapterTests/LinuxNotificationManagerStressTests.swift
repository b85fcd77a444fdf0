import Foundation
import TestSupport
import Testing
import WaveLinuxAdapter
import WaveNotifications
import WaveNotificationsTesting

/// Fifty callers at once on one manager, adding, removing, listing and counting while notifications come due on the
/// clock: CI runs it under ThreadSanitizer too (`.ci/run`), where a data race in the manager, its queue, its store or
/// its sink fails the step. Each caller owns its identifiers, so the outcome is known whatever the interleaving.
struct LinuxNotificationManagerStressTests {
    /// How many tasks call the manager at once.
    private static let callers = 50
    /// How many requests each caller adds.
    private static let requestsPerCaller = 12
    /// The clock moves over this span while the callers work, in steps.
    private static let span = 600.0
    /// Never due during the test: requests at this instant are removed or still pending at its end.
    private static let farFuture = 86_400.0

    /// What a caller adds: the request at index `index` of caller `caller`, its fate decided by the index.
    private enum Fate {
        /// Due while the callers work (or right after): delivered exactly once.
        case due(at: Double)
        /// Far ahead, removed by its caller right after adding: never delivered, not pending at the end.
        case removed
        /// Far ahead and kept: pending at the end, listed by its caller at every listing after its addition.
        case kept
    }

    private static func fate(caller: Int, index: Int) -> Fate {
        switch index % 4 {
        case 0, 1: .due(at: Double((caller * 37 + index * 53) % Int(span)) + 1)
        case 2: .removed
        default: .kept
        }
    }

    private static func identifier(caller: Int, index: Int) -> String { "c\(caller)-\(index)" }

    @Test(arguments: [false, true])
    func fiftyCallersLoseAndDuplicateNothingWhileNotificationsComeDue(persistent: Bool) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let clock = ManualWaveClock(now: Fixtures.start)
        let sink = RecordingSink()
        let manager = try LinuxNotificationManager(
            configuration: .init(pendingLimit: 64, stateDirectory: persistent ? directory.url : nil), clock: clock,
            sink: sink, renderer: FakeRenderer())
        try await manager.start()

        // Problems each caller saw in its listings; empty when every listing held what it must.
        let problems = await withTaskGroup(of: [String].self) { group in
            group.addTask {
                // The clock: notifications come due while the callers work.
                for step in stride(from: 10.0, through: Self.span, by: 10) {
                    await clock.advance(to: Fixtures.start.addingTimeInterval(step))
                }
                return []
            }
            for caller in 0..<Self.callers {
                group.addTask { await Self.work(caller: caller, on: manager) }
            }
            var problems: [String] = []
            for await found in group {
                problems += found
            }
            return problems
        }
        #expect(problems.isEmpty)

        // Every due request comes due once the clock has passed them all.
        await clock.advance(to: Fixtures.start.addingTimeInterval(Self.span + 1))
        var due: Set<String> = []
        var kept: Set<String> = []
        for caller in 0..<Self.callers {
            for index in 0..<Self.requestsPerCaller {
                switch Self.fate(caller: caller, index: index) {
                case .due: due.insert(Self.identifier(caller: caller, index: index))
                case .kept: kept.insert(Self.identifier(caller: caller, index: index))
                case .removed: break
                }
            }
        }
        let delivered = sink.deliveries
        #expect(delivered.count == due.count, "a delivery lost or made twice")
        #expect(Set(delivered.map(\.identifier)) == due)
        #expect(delivered.allSatisfy { $0.deliveredAt >= $0.request.fireAt }, "a delivery before its instant")
        let pending = try await manager.pendingRequests()
        #expect(pending.count == kept.count)
        #expect(Set(pending.map(\.identifier)) == kept)
        #expect(manager.pendingCount == kept.count)

        if persistent {
            // What was committed is exactly what is pending.
            await manager.stop()
            let reloaded = try LinuxNotificationManager(
                configuration: .init(pendingLimit: 64, stateDirectory: directory.url), clock: clock, sink: sink,
                renderer: FakeRenderer())
            try await reloaded.start()
            #expect(Set(try await reloaded.pendingRequests().map(\.identifier)) == kept)
            await reloaded.stop()
        } else {
            await manager.stop()
        }
    }

    /// One caller's script: add each request (one at a time, or two at once), remove those fated to be removed, and
    /// after each step list everything pending or count it. Returns what its listings lacked or held twice.
    private static func work(caller: Int, on manager: LinuxNotificationManager) async -> [String] {
        var problems: [String] = []
        var mineKept: Set<String> = []
        var index = 0
        while index < requestsPerCaller {
            let batch = caller % 2 == 0 ? [index] : Array(index..<min(index + 2, requestsPerCaller))
            let requests = batch.map { index in
                let seconds: Double
                switch fate(caller: caller, index: index) {
                case .due(let at): seconds = at
                case .removed, .kept: seconds = farFuture + Double(index)
                }
                return Fixtures.request(
                    identifier(caller: caller, index: index), thread: "caller-\(caller)", at: seconds)
            }
            do {
                try await manager.add(requests)
                let removed = batch.filter {
                    if case .removed = fate(caller: caller, index: $0) { return true }
                    return false
                }
                try await manager.removePending(
                    identifiers: removed.map { identifier(caller: caller, index: $0) }, reason: .reschedule)
            } catch {
                problems.append("caller \(caller): \(error)")
            }
            for index in batch {
                if case .kept = fate(caller: caller, index: index) {
                    mineKept.insert(identifier(caller: caller, index: index))
                }
            }
            if index % 3 == 0 {
                let count = manager.pendingCount
                if count < mineKept.count {
                    problems.append("caller \(caller): \(count) pending, fewer than its own \(mineKept.count)")
                }
            } else {
                do {
                    let listed = try await manager.pendingRequests().map(\.identifier)
                    if Set(listed).count != listed.count {
                        problems.append("caller \(caller): a listing holds an identifier twice")
                    }
                    let missing = mineKept.subtracting(listed)
                    if !missing.isEmpty {
                        problems.append("caller \(caller): its pending \(missing.sorted()) not listed")
                    }
                } catch {
                    problems.append("caller \(caller): \(error)")
                }
            }
            index += batch.count
        }
        return problems
    }
}
