import Foundation
import Testing
import WaveNotifications
import WaveNotificationsTesting

/// `ManualClock`, a Swift `Clock` that moves only when told: sleepers wake in deadline order with `now` at each
/// deadline, a task about to sleep or sleeping again is seen, cancellation ends a sleep; nothing waits for real time.
struct ManualClockTests {
    /// Seconds as an instant of a manual clock.
    static func at(_ seconds: Int) -> ManualClock.Instant {
        ManualClock.Instant(offset: .seconds(seconds))
    }

    @Test func sleepersWakeInDeadlineOrderWithNowAtEachDeadline() async throws {
        let clock = ManualClock()
        let woken = WaveLock<[(String, ManualClock.Instant)]>([])
        let sleepers = [("c", 3), ("a", 1), ("b", 2), ("a2", 1)].map { label, seconds in
            Task {
                try await clock.sleep(until: Self.at(seconds))
                woken.withLock { $0.append((label, clock.now)) }
            }
        }
        await clock.advance(by: .seconds(5))
        for sleeper in sleepers { try await sleeper.value }
        let order = woken.withLock { $0 }
        #expect(order.map(\.0) == ["a", "a2", "b", "c"] || order.map(\.0) == ["a2", "a", "b", "c"])
        #expect(order.map(\.1) == [Self.at(1), Self.at(1), Self.at(2), Self.at(3)])
        #expect(clock.now == Self.at(5))
    }

    @Test func aJumpWakesEverySleeperDueLateWithNowAtTheJumpsInstant() async throws {
        let clock = ManualClock()
        let woken = WaveLock<[(String, ManualClock.Instant)]>([])
        let sleepers = [("b", 2), ("a", 1), ("later", 20)].map { label, seconds in
            Task {
                try await clock.sleep(until: Self.at(seconds))
                woken.withLock { $0.append((label, clock.now)) }
            }
        }
        await clock.jump(to: Self.at(10))
        let order = woken.withLock { $0 }
        #expect(order.map(\.0) == ["a", "b"])
        #expect(order.map(\.1) == [Self.at(10), Self.at(10)])
        #expect(clock.sleeperCount == 1)
        await clock.jump(to: Self.at(20))
        for sleeper in sleepers { try await sleeper.value }
        #expect(woken.withLock { $0.map(\.0) } == ["a", "b", "later"])
    }

    @Test func aWaveClockJumpWakesItsDueAlarmsInOrderAtTheJumpsInstant() async throws {
        let start = Date(timeIntervalSince1970: 0)
        let clock = ManualWaveClock(now: start)
        let woken = WaveLock<[(String, Date)]>([])
        for (label, seconds) in [("b", 2.0), ("a", 1.0), ("later", 20.0)] {
            clock.setAlarm(AlarmID(), at: start.addingTimeInterval(seconds)) {
                woken.withLock { $0.append((label, clock.now)) }
            }
        }
        await clock.jump(to: start.addingTimeInterval(10))
        #expect(woken.withLock { $0.map(\.0) } == ["a", "b"])
        #expect(woken.withLock { $0.map(\.1) } == [start.addingTimeInterval(10), start.addingTimeInterval(10)])
        #expect(clock.now == start.addingTimeInterval(10))
        #expect(clock.nextDeadline == start.addingTimeInterval(20))
    }

    @Test func aSleepNotYetDueStaysAsleepUntilItsDeadline() async throws {
        let clock = ManualClock()
        let sleeper = Task { try await clock.sleep(until: Self.at(10)) }
        await clock.advance(to: Self.at(5))
        #expect(clock.sleeperCount == 1)
        #expect(clock.nextDeadline == Self.at(10))
        await clock.advance(to: Self.at(10))
        try await sleeper.value
        #expect(clock.sleeperCount == 0)
    }

    @Test func sleepingUntilAnInstantReachedReturnsAtOnceAndTimeNeverGoesBack() async throws {
        let clock = ManualClock()
        await clock.advance(to: Self.at(5))
        try await clock.sleep(until: Self.at(5))
        try await clock.sleep(until: Self.at(3))
        await clock.advance(to: Self.at(2))
        #expect(clock.now == Self.at(5))
        #expect(clock.sleeperCount == 0)
    }

    @Test func cancellingASleeperEndsItsSleepWithCancellationError() async {
        let clock = ManualClock()
        let sleeper = Task { try await clock.sleep(until: Self.at(10)) }
        await clock.advance(to: Self.at(1))
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.sleeperCount == 0)
    }

    @Test func aTaskSleepingAgainIsWokenAgainInTheSameAdvance() async throws {
        let clock = ManualClock()
        let ticks = WaveLock<[ManualClock.Instant]>([])
        let ticker = Task {
            for _ in 0..<3 {
                try await Task.sleep(for: .seconds(1), clock: clock)
                ticks.withLock { $0.append(clock.now) }
            }
        }
        await clock.advance(by: .seconds(10))
        try await ticker.value
        #expect(ticks.withLock { $0 } == [Self.at(1), Self.at(2), Self.at(3)])
    }

    @Test func aTimerTaskJustMadeIsWokenByTheAdvanceThatFollows() async {
        let clock = ManualClock()
        let fired = WaveLock(false)
        // The task has not begun to sleep when advance is called: the clock lets it.
        let timer = Task {
            try? await clock.sleep(until: Self.at(1))
            fired.withLock { $0 = true }
        }
        await clock.advance(by: .seconds(2))
        #expect(fired.withLock { $0 })
        _ = await timer.value
    }

    @Test func instantsMeasureDurationsBetweenThem() {
        let start = Self.at(2)
        #expect(start.advanced(by: .milliseconds(1_500)) == ManualClock.Instant(offset: .milliseconds(3_500)))
        #expect(start.duration(to: Self.at(5)) == .seconds(3))
        #expect(Self.at(1) < Self.at(2))
        #expect(ManualClock().minimumResolution == .zero)
    }
}
