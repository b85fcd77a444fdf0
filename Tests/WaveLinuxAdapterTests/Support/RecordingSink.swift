import Synchronization
import WaveLinuxAdapter
import WaveNotifications

/// A sink that records deliveries and cancellations, and can be told to fail chosen deliveries.
final class RecordingSink: NotificationSink {
    struct Failure: Error, Equatable {
        var identifier: NotificationIdentifier
    }

    private struct State {
        var deliveries: [NotificationDelivery] = []
        var cancellations: [String] = []
    }

    private let state = Mutex(State())
    private let shouldFail: @Sendable (NotificationIdentifier) -> Bool

    init(failing shouldFail: @escaping @Sendable (NotificationIdentifier) -> Bool = { _ in false }) {
        self.shouldFail = shouldFail
    }

    var deliveries: [NotificationDelivery] { state.withLock { $0.deliveries } }

    /// Identifiers delivered by the timer queue (not `deliverNow`), in order.
    var queuedRequestIdentifiers: [String] {
        deliveries.filter { !$0.isImmediate }.map(\.identifier.requestIdentifier)
    }

    /// `eventID/triggerID` (or `eventID/*`) for each cancellation, in order.
    var cancellations: [String] { state.withLock { $0.cancellations } }

    func deliver(_ delivery: NotificationDelivery) async throws {
        if shouldFail(delivery.identifier) {
            throw Failure(identifier: delivery.identifier)
        }
        state.withLock { $0.deliveries.append(delivery) }
    }

    func cancelled(eventID: String, trigger: NotificationTrigger?) async throws {
        state.withLock { $0.cancellations.append("\(eventID)/\(trigger?.id ?? "*")") }
    }
}
