internal import Foundation
internal import WaveNotifications

/// The replay's clock: it reads what the replay set, and moves only forward.
final class ReplayClock: WaveClock {
    private let instant: WaveLock<Date>

    init(now: Date) {
        instant = WaveLock(now)
    }

    var now: Date { instant.withLock { $0 } }

    func move(to date: Date) {
        instant.withLock { $0 = max($0, date) }
    }
}
