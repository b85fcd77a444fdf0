internal import Foundation
internal import WaveNotifications

/// Suspends the replay until an instant on an alarm clock (used with the wall clock only).
struct AlarmWaiter: Sendable {
    let clock: any AlarmClock
    private let id = AlarmID()

    init(clock: any AlarmClock) {
        self.clock = clock
    }

    func wait(until deadline: Date) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            clock.setAlarm(id, at: deadline) { continuation.resume() }
        }
    }
}
