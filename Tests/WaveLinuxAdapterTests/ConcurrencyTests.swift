import Foundation
import TestSupport
import Testing
import WaveLinuxAdapter
import WaveNotifications
import WaveNotificationsTesting

/// Many tasks scheduling and cancelling at once.
struct ConcurrencyTests {
    /// Each task works on its own events with its own seeded script, so the final state is known even though
    /// the tasks interleave arbitrarily: it is the union of each script's sequential result.
    @Test(arguments: [false, true])
    func concurrentCallsEndInTheStateOfTheirScripts(persistent: Bool) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let clock = ManualWaveClock(now: Fixtures.start)
        let sink = RecordingSink()
        let manager = try LinuxNotificationManager(
            configuration: .init(pendingLimit: 16, stateDirectory: persistent ? directory.url : nil), clock: clock,
            sink: sink, renderer: FakeRenderer())
        try await manager.start()
        let taskCount = 8
        let operationsPerTask = persistent ? 60 : 300

        let expected = await withTaskGroup(of: [String: Date].self) { group in
            for task in 0..<taskCount {
                group.addTask {
                    var random = SplitMix64(seed: UInt64(task) + 100)
                    var mine: [String: Date] = [:]
                    for _ in 0..<operationsPerTask {
                        let eventID = "t\(task)e\(Int.random(in: 0..<4, using: &random))"
                        let trigger: NotificationTrigger = [.eventFinished, .waveHit, .eventStarting(.seconds(300))]
                            .randomElement(using: &random)!
                        let identifier = Fixtures.identifier(eventID, trigger).requestIdentifier
                        switch Int.random(in: 0..<10, using: &random) {
                        case 0..<6:
                            let seconds = Int.random(in: 1...5000, using: &random)
                            try? await manager.scheduleNotification(
                                eventID: eventID, trigger: trigger, delay: .seconds(seconds),
                                content: Fixtures.content(eventID))
                            mine[identifier] = Fixtures.start.addingTimeInterval(Double(seconds))
                        case 6..<9:
                            try? await manager.cancelNotification(eventID: eventID, trigger: trigger)
                            mine[identifier] = nil
                        default:
                            try? await manager.cancelAllNotifications(eventID: eventID)
                            mine = mine.filter { $0.key.eventID != eventID }
                        }
                    }
                    return mine
                }
            }
            var union: [String: Date] = [:]
            for await mine in group {
                union.merge(mine) { first, _ in first }
            }
            return union
        }

        let snapshot = manager.pendingSnapshot()
        #expect(Dictionary(uniqueKeysWithValues: snapshot.map { ($0.identifier, $0.fireDate) }) == expected)
        #expect(snapshot.filter(\.isArmed).count == min(16, expected.count))
        #expect(snapshot.prefix(16).allSatisfy { $0.isArmed })
        #expect(manager.peakArmedCount <= 16)

        if persistent {
            // What was saved is exactly what is pending.
            await manager.stop()
            let reloaded = try LinuxNotificationManager(
                configuration: .init(pendingLimit: 16, stateDirectory: directory.url), clock: clock, sink: sink,
                renderer: FakeRenderer())
            try await reloaded.start()
            #expect(reloaded.pendingSnapshot() == snapshot)
            await clock.advance(by: .seconds(5000))
            #expect(sink.deliveries.count == expected.count)
            await reloaded.stop()
        } else {
            await clock.advance(by: .seconds(5000))
            let delivered = sink.deliveries
            #expect(delivered.map(\.identifier) == snapshot.map(\.identifier))
            #expect(zip(delivered, delivered.dropFirst()).allSatisfy { $0.deliveredAt <= $1.deliveredAt })
        }
    }
}
