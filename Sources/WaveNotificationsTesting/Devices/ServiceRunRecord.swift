public import Foundation
public import WaveNotifications

/// What a run of a service on a simulated device did, in order: the notification events the service reported, and
/// what the device did or decided on its own (``DeviceRunFact``), each at the instant the loop was at.
///
/// On iOS the system shows what it holds while the app is closed: those deliveries are device facts
/// (``DeviceRunFact/shownByTheSystem(_:quiet:)``), not service events; ``delivered`` has both.
public struct ServiceRunRecord: Sendable {
    /// One thing that happened.
    public enum Entry: Sendable {
        /// The service reported it.
        case service(NotificationEvent)
        /// The device did or decided it, at an instant.
        case device(DeviceRunFact, at: Date)
    }

    /// Everything, in order.
    public var entries: [Entry] = []
    /// How late the device showed a delivery the service reported, and why (Doze, a bucket, an inexact window), by the
    /// position of its ``Entry/service(_:)`` entry in ``entries``.
    public var delays: [Int: DeliveryDelay] = [:]

    /// Creates an empty record.
    public init() {}

    /// The notification events the service reported, in order.
    public var events: [NotificationEvent] {
        entries.compactMap {
            guard case .service(let event) = $0 else { return nil }
            return event
        }
    }

    /// What the device did on its own, each with its instant, in order.
    public var deviceFacts: [(fact: DeviceRunFact, at: Date)] {
        entries.compactMap {
            guard case .device(let fact, let at) = $0 else { return nil }
            return (fact, at)
        }
    }

    /// Every notification the user was shown, in order: those the service reported delivered and those iOS showed
    /// while the app was closed.
    public var delivered: [(request: NotificationRequest, at: Date)] {
        entries.compactMap {
            switch $0 {
            case .service(.delivered(let request, let at, _)): return (request, at)
            case .device(.shownByTheSystem(let request, _), let at): return (request, at)
            default: return nil
            }
        }
    }

    /// Every notification the user was shown, in order, with how late the device showed it (``DeliveryDelay``, its
    /// cause included) and, on iOS under Focus or the Scheduled Summary, when the user was told.
    public var deliveries: [ServiceRunDelivery] {
        entries.enumerated().compactMap { index, entry in
            switch entry {
            case .service(.delivered(let request, let at, _)):
                return ServiceRunDelivery(request: request, shownAt: at, delay: delays[index], quiet: nil)
            case .device(.shownByTheSystem(let request, let quiet), let at):
                return ServiceRunDelivery(request: request, shownAt: at, delay: nil, quiet: quiet)
            default:
                return nil
            }
        }
    }

    /// The requests the app wanted that the device did not hold at their instants: the user never saw them. Each is
    /// reported at its instant (``NotificationRequest/fireAt``).
    public var lost: [(request: NotificationRequest, reason: LossReason)] {
        deviceFacts.compactMap {
            guard case .lost(let request, let reason) = $0.fact else { return nil }
            return (request, reason)
        }
    }

    /// The app runs' reports (the `run` lines of a replay), each with its instant and cause, in order.
    public var runs: [(at: Date, cause: DeviceRunCause, report: DeviceRunReport)] {
        deviceFacts.compactMap {
            guard case .run(let cause, let report) = $0.fact else { return nil }
            return ($0.at, cause, report)
        }
    }
}
