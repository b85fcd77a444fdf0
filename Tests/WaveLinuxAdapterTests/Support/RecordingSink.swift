import WaveLinuxAdapter
import WaveNotifications

/// A sink that records deliveries and withdrawals, and can be told to fail chosen deliveries.
final class RecordingSink: NotificationSink {
    struct Failure: Error, Equatable {
        var identifier: String
    }

    private struct State {
        var deliveries: [NotificationDelivery] = []
        var cancellations: [String] = []
        var withdrawals: [String] = []
    }

    private let state = WaveLock(State())
    private let shouldFail: @Sendable (NotificationIdentifier) -> Bool

    init(failing shouldFail: @escaping @Sendable (NotificationIdentifier) -> Bool = { _ in false }) {
        self.shouldFail = shouldFail
    }

    var deliveries: [NotificationDelivery] { state.withLock { $0.deliveries } }

    /// Identifiers delivered by the timer queue (not `deliverNow`), in order.
    var queuedRequestIdentifiers: [String] {
        deliveries.filter { !$0.isImmediate }.map(\.identifier)
    }

    /// `eventID/triggerID` (or `eventID/*`) for each WorldWideWaves cancellation (reason `reschedule`), in order.
    var cancellations: [String] { state.withLock { $0.cancellations } }

    /// `identifier (reason)` or `thread <id> (reason)` for every withdrawal asked of the sink, in order.
    var withdrawals: [String] { state.withLock { $0.withdrawals } }

    func deliver(_ delivery: NotificationDelivery) async throws {
        if let identifier = Fixtures.identifier(of: delivery.request), shouldFail(identifier) {
            throw Failure(identifier: delivery.identifier)
        }
        state.withLock { $0.deliveries.append(delivery) }
    }

    func withdraw(identifiers: [String], threadID: String?, reason: NotificationReason) async throws {
        state.withLock { state in
            for identifier in identifiers {
                state.withdrawals.append("\(identifier) (\(reason))")
                if reason == .reschedule && identifier.hasPrefix("event_") {
                    state.cancellations.append("\(identifier.eventID)/\(identifier.trigger.id)")
                }
            }
            if let threadID {
                state.withdrawals.append("thread \(threadID) (\(reason))")
                if reason == .reschedule && threadID.hasPrefix("event_") {
                    state.cancellations.append("\(threadID.dropFirst("event_".count))/*")
                }
            }
        }
    }
}
