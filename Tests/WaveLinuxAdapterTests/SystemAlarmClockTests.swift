import Foundation
import Testing
import WaveLinuxAdapter
import WaveNotifications

/// The real-time clock. These tests wait for real time (tens of milliseconds) but assert only order and
/// "never before the deadline", never how long anything took.
struct SystemAlarmClockTests {
    /// Collects wakes and lets a test await the n-th one, failing instead of hanging if it never comes.
    final class Wakes: Sendable {
        private let state = WaveLock<[(String, Date, Date)]>([])

        func record(_ name: String, deadline: Date, now: Date) {
            state.withLock { $0.append((name, deadline, now)) }
        }

        var all: [(name: String, deadline: Date, now: Date)] { state.withLock { $0 } }

        func waitFor(count: Int) async throws {
            for _ in 0..<1000 where all.count < count {
                try await Task.sleep(for: .milliseconds(10))
            }
            try #require(all.count >= count, "only \(all.count) of \(count) alarms rang within 10 s")
        }
    }

    @Test func anAlarmRingsNotBeforeItsDeadline() async throws {
        let clock = SystemAlarmClock()
        let wakes = Wakes()
        let deadline = clock.now.addingTimeInterval(0.05)
        clock.setAlarm(AlarmID(), at: deadline) { wakes.record("a", deadline: deadline, now: clock.now) }
        try await wakes.waitFor(count: 1)
        #expect(wakes.all.allSatisfy { $0.now >= $0.deadline })
    }

    @Test func anEarlierAlarmSetLaterRingsFirst() async throws {
        let clock = SystemAlarmClock()
        let wakes = Wakes()
        let late = clock.now.addingTimeInterval(0.3)
        clock.setAlarm(AlarmID(), at: late) { wakes.record("late", deadline: late, now: clock.now) }
        let early = clock.now.addingTimeInterval(0.05)
        clock.setAlarm(AlarmID(), at: early) { wakes.record("early", deadline: early, now: clock.now) }
        try await wakes.waitFor(count: 2)
        #expect(wakes.all.map(\.name) == ["early", "late"])
        #expect(wakes.all.allSatisfy { $0.now >= $0.deadline })
    }

    @Test func aClearedOrReplacedAlarmDoesNotRing() async throws {
        let clock = SystemAlarmClock()
        let wakes = Wakes()
        let cleared = AlarmID()
        let soon = clock.now.addingTimeInterval(0.03)
        clock.setAlarm(cleared, at: soon) { wakes.record("cleared", deadline: soon, now: clock.now) }
        clock.setAlarm(cleared, at: nil) { wakes.record("cleared", deadline: soon, now: clock.now) }
        let replaced = AlarmID()
        clock.setAlarm(replaced, at: soon) { wakes.record("old", deadline: soon, now: clock.now) }
        let later = clock.now.addingTimeInterval(0.1)
        clock.setAlarm(replaced, at: later) { wakes.record("new", deadline: later, now: clock.now) }
        try await wakes.waitFor(count: 1)
        // The replacement rang after the cleared and replaced deadlines passed, so they had their chance.
        #expect(wakes.all.map(\.name) == ["new"])
    }

    @Test func aScaledClockRunsFromItsOriginAtItsSpeed() async throws {
        let clock = SystemAlarmClock(origin: Fixtures.start, speed: 3600)
        #expect(clock.now >= Fixtures.start)
        #expect(clock.now < Fixtures.start.addingTimeInterval(3600))
        let wakes = Wakes()
        // One simulated minute is about 17 real milliseconds at this speed.
        let deadline = Fixtures.start.addingTimeInterval(60)
        clock.setAlarm(AlarmID(), at: deadline) { wakes.record("a", deadline: deadline, now: clock.now) }
        try await wakes.waitFor(count: 1)
        #expect(wakes.all.allSatisfy { $0.now >= $0.deadline })
    }

    @Test func theManagerDeliversOnARealClockInOrder() async throws {
        let clock = SystemAlarmClock(origin: Fixtures.start, speed: 600)
        let sink = RecordingSink()
        let manager = try LinuxNotificationManager(clock: clock, sink: sink, renderer: FakeRenderer())
        for (eventID, seconds) in [("c", 30), ("a", 10), ("now", -5), ("b", 20)] {
            try await manager.scheduleNotification(
                eventID: eventID, trigger: .eventFinished, delay: .seconds(seconds), content: Fixtures.content(eventID))
        }
        for _ in 0..<1000 where sink.deliveries.count < 4 {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(sink.deliveries.map(\.identifier.eventID) == ["now", "a", "b", "c"])
        #expect(sink.deliveries.allSatisfy { $0.deliveredAt >= $0.scheduledFor })
        await manager.stop()
    }
}

extension SystemAlarmClockTests {
    /// A wake runs above every priority an app's own tasks use, so a manager's actor takes it before the calls
    /// queued there: with 50 callers listing, deliveries waited behind them (wavebench `delivery-contended`).
    @Test func alarmsWakeAboveTheHighestPriorityOfAppTasks() async throws {
        let clock = SystemAlarmClock()
        let priorities = WaveLock<[TaskPriority]>([])
        let wakes = Wakes()
        let deadline = clock.now.addingTimeInterval(0.02)
        try await Task(priority: .high) {
            clock.setAlarm(AlarmID(), at: deadline) {
                priorities.withLock { $0.append(Task.currentPriority) }
                wakes.record("a", deadline: deadline, now: clock.now)
            }
            try await wakes.waitFor(count: 1)
        }.value
        #expect(priorities.withLock { $0 }.allSatisfy { $0 > .high })
    }
}
