import Foundation
import Testing
import WaveNotifications
import WaveNotificationsTesting

struct ManualWaveClockTests {
    private let start = Fixtures.now

    private func at(_ seconds: TimeInterval) -> Date {
        start.addingTimeInterval(seconds)
    }

    @Test func startsAtTheGivenInstantAndOnlyMovesWhenAdvanced() async {
        let clock = ManualWaveClock(now: start)
        #expect(clock.now == start)
        await clock.advance(by: .seconds(90))
        #expect(clock.now == at(90))
        await clock.advance(to: at(100))
        #expect(clock.now == at(100))
    }

    @Test func advanceWakesDueAlarmsInDeadlineOrderWithNowAtEachDeadline() async {
        let clock = ManualWaveClock(now: start)
        let woken = WaveLock<[(String, Date)]>([])
        for (name, offset) in [("thirty", 30.0), ("ten", 10), ("twenty", 20), ("later", 100)] {
            clock.setAlarm(AlarmID(), at: at(offset)) {
                woken.withLock { $0.append((name, clock.now)) }
            }
        }
        await clock.advance(to: at(60))
        #expect(woken.withLock { $0 }.map(\.0) == ["ten", "twenty", "thirty"])
        #expect(woken.withLock { $0 }.map(\.1) == [at(10), at(20), at(30)])
        #expect(clock.now == at(60))
        #expect(clock.nextDeadline == at(100))
    }

    @Test func anAlarmExactlyAtTheTargetIsWokenOnce() async {
        let clock = ManualWaveClock(now: start)
        let count = WaveLock(0)
        clock.setAlarm(AlarmID(), at: at(10)) { count.withLock { $0 += 1 } }
        await clock.advance(to: at(9))
        #expect(count.withLock { $0 } == 0)
        await clock.advance(to: at(10))
        #expect(count.withLock { $0 } == 1)
        await clock.advance(to: at(1000))
        #expect(count.withLock { $0 } == 1)
        #expect(clock.nextDeadline == nil)
    }

    @Test func alarmsSetWhileWakingAreHonouredWhenDue() async {
        let clock = ManualWaveClock(now: start)
        let woken = WaveLock<[Date]>([])
        let chained = AlarmID()
        clock.setAlarm(AlarmID(), at: at(10)) {
            woken.withLock { $0.append(clock.now) }
            // Due within this advance: woken before it returns.
            clock.setAlarm(chained, at: at(15)) {
                woken.withLock { $0.append(clock.now) }
                // Already past: woken at once, without moving time back.
                clock.setAlarm(AlarmID(), at: at(5)) { woken.withLock { $0.append(clock.now) } }
                // Beyond the target: left for a later advance.
                clock.setAlarm(chained, at: at(500)) { woken.withLock { $0.append(clock.now) } }
            }
        }
        await clock.advance(to: at(60))
        #expect(woken.withLock { $0 } == [at(10), at(15), at(15)])
        #expect(clock.now == at(60))
        #expect(clock.nextDeadline == at(500))
        await clock.advance(to: at(600))
        #expect(woken.withLock { $0 } == [at(10), at(15), at(15), at(500)])
    }

    @Test func settingAnAlarmAgainReplacesIt() async {
        let clock = ManualWaveClock(now: start)
        let woken = WaveLock<[String]>([])
        let id = AlarmID()
        clock.setAlarm(id, at: at(10)) { woken.withLock { $0.append("first") } }
        clock.setAlarm(id, at: at(20)) { woken.withLock { $0.append("second") } }
        #expect(clock.nextDeadline == at(20))
        await clock.advance(to: at(60))
        #expect(woken.withLock { $0 } == ["second"])
    }

    @Test func clearingAnAlarmStopsIt() async {
        let clock = ManualWaveClock(now: start)
        let count = WaveLock(0)
        let id = AlarmID()
        let other = AlarmID()
        clock.setAlarm(id, at: at(10)) { count.withLock { $0 += 1 } }
        clock.setAlarm(other, at: at(20)) { count.withLock { $0 += 100 } }
        clock.setAlarm(id, at: nil) { count.withLock { $0 += 1 } }
        #expect(clock.nextDeadline == at(20))
        await clock.advance(to: at(60))
        #expect(count.withLock { $0 } == 100)
    }

    @Test func timeNeverMovesBackward() async {
        let clock = ManualWaveClock(now: start)
        await clock.advance(to: at(-100))
        #expect(clock.now == start)
        await clock.advance(by: .seconds(-5))
        #expect(clock.now == start)
        await clock.advance(to: at(50))
        await clock.advance(to: at(20))
        #expect(clock.now == at(50))
    }

    @Test func anOverdueAlarmWakesAtTheCurrentInstant() async {
        let clock = ManualWaveClock(now: start)
        let woken = WaveLock<[Date]>([])
        clock.setAlarm(AlarmID(), at: at(-30)) { woken.withLock { $0.append(clock.now) } }
        await clock.advance(to: at(-10))
        #expect(woken.withLock { $0 } == [start])
        #expect(clock.now == start)
    }

    @Test func alarmIDsAreUnique() {
        let ids = (0..<100).map { _ in AlarmID() }
        #expect(Set(ids).count == 100)
        #expect(Set(ids.map(\.rawValue)).count == 100)
    }
}
