internal import WaveLinuxAdapter
internal import WaveNotifications

/// Counts what the adapter reports during a replay, for the summary.
final class ReplayCounters: NotificationManagerObserver {
    struct Counts {
        var scheduled = 0
        var cancelled = 0
        var delivered = 0
        var missed = 0
        var failed = 0
        var failures: [String] = []
    }

    private let counts = WaveLock(Counts())

    var snapshot: Counts { counts.withLock { $0 } }

    func manager(didReport event: ManagerEvent) {
        counts.withLock { counts in
            switch event {
            case .scheduled, .replaced: counts.scheduled += 1
            case .cancelled: counts.cancelled += 1
            case .delivered: counts.delivered += 1
            case .missed: counts.missed += 1
            case .failed(let failure):
                counts.failed += 1
                if counts.failures.count < 20 { counts.failures.append("\(failure)") }
            default: break
            }
        }
    }
}
