internal import Synchronization
internal import WaveLinuxAdapter

/// A sink that discards every notification and only counts them, so the queue benchmark can prove that
/// nothing fired during the measured phase.
final class CountingSink: NotificationSink {
    private let delivered = Atomic<Int>(0)

    /// How many notifications were delivered.
    var count: Int { delivered.load(ordering: .relaxed) }

    func deliver(_ delivery: NotificationDelivery) async throws {
        delivered.add(1, ordering: .relaxed)
    }
}
