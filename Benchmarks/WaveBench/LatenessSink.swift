internal import Foundation
internal import WaveLinuxAdapter
internal import WaveNotifications

/// A sink that measures, for each notification it receives, the wall clock at delivery minus the instant
/// the benchmark intended; it also catches what should never happen (unexpected and duplicate deliveries).
final class LatenessSink: NotificationSink {
    private struct State {
        var intended: [String: Date] = [:]
        var seen: Set<String> = []
        var latenessSeconds: [Double] = []
        var unexpected = 0
        var duplicates = 0
    }

    private let state = WaveLock(State())

    /// Sets the notifications expected, with the instant each is meant for.
    func expect(_ intended: [NotificationIdentifier: Date]) {
        state.withLock {
            $0.intended = Dictionary(uniqueKeysWithValues: intended.map { ($0.key.requestIdentifier, $0.value) })
            $0.latenessSeconds.reserveCapacity(intended.count)
        }
    }

    /// Expected notifications received so far.
    var count: Int { state.withLock { $0.latenessSeconds.count } }

    /// The lateness samples in seconds, plus the unexpected and duplicate deliveries seen.
    var results: (latenessSeconds: [Double], unexpected: Int, duplicates: Int) {
        state.withLock { ($0.latenessSeconds, $0.unexpected, $0.duplicates) }
    }

    func deliver(_ delivery: NotificationDelivery) async throws {
        // Read the clock first: everything after this line is the benchmark's own cost.
        let now = Date()
        state.withLock { state in
            guard let intended = state.intended[delivery.identifier] else {
                state.unexpected += 1
                return
            }
            guard state.seen.insert(delivery.identifier).inserted else {
                state.duplicates += 1
                return
            }
            state.latenessSeconds.append(now.timeIntervalSince(intended))
        }
    }
}
