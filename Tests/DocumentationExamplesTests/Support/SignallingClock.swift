import Foundation
import WaveNotifications
import WaveNotificationsTesting

/// A manual clock that tells the test when an alarm is set by code running in another task.
final class SignallingClock: AlarmClock {
    private let manual: ManualWaveClock
    private let deadlines = AsyncStream.makeStream(of: Date.self)

    init(now: Date) {
        manual = ManualWaveClock(now: now)
    }

    var now: Date { manual.now }

    func setAlarm(_ id: AlarmID, at deadline: Date?, wake: @escaping @Sendable () async -> Void) {
        manual.setAlarm(id, at: deadline, wake: wake)
        if let deadline { deadlines.continuation.yield(deadline) }
    }

    /// The first deadline set, or `nil` when the clock's user finished without setting one.
    func firstAlarm() async -> Date? {
        for await deadline in deadlines.stream { return deadline }
        return nil
    }

    /// Moves time to `instant`, waking the alarms due by then.
    func advance(to instant: Date) async { await manual.advance(to: instant) }

    /// Ends ``firstAlarm()``'s wait.
    func finish() { deadlines.continuation.finish() }
}
