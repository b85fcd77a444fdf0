public import WaveNotifications

/// An in-memory ``NotificationManager`` that records every call and keeps the pending set a real manager
/// would keep, for tests and for trying the scheduler out.
///
/// It follows the manager contract (same identifier replaces, cancels remove, invalid event ids throw)
/// but never fires anything by itself: inspect ``pending`` and ``delivered`` instead. ``failure`` lets a
/// test make chosen calls throw.
public final class RecordingNotificationManager: NotificationManager {
    /// One call as the manager received it.
    public enum Call: Hashable, Sendable {
        /// `scheduleNotification`.
        case schedule(eventID: String, trigger: NotificationTrigger, delay: Duration, content: NotificationContent)
        /// `deliverNow`.
        case deliverNow(eventID: String, trigger: NotificationTrigger, content: NotificationContent)
        /// `cancelNotification`.
        case cancel(eventID: String, trigger: NotificationTrigger)
        /// `cancelAllNotifications`.
        case cancelAll(eventID: String)

        /// The call without its payload, as the scheduler's observer names it.
        public var managerCall: ManagerCall {
            switch self {
            case .schedule(let eventID, let trigger, _, _): return .schedule(eventID: eventID, trigger: trigger)
            case .deliverNow(let eventID, let trigger, _): return .deliverNow(eventID: eventID, trigger: trigger)
            case .cancel(let eventID, let trigger): return .cancel(eventID: eventID, trigger: trigger)
            case .cancelAll(let eventID): return .cancelAll(eventID: eventID)
            }
        }
    }

    /// A pending request.
    public struct PendingRequest: Hashable, Sendable {
        /// The request's identity.
        public var identifier: NotificationIdentifier
        /// The delay it was scheduled with.
        public var delay: Duration
        /// Its payload.
        public var content: NotificationContent

        /// Creates a pending request, for comparing with ``RecordingNotificationManager/pending``.
        ///
        /// - Parameters:
        ///   - identifier: The request's identity.
        ///   - delay: The delay it was scheduled with.
        ///   - content: Its payload.
        public init(identifier: NotificationIdentifier, delay: Duration, content: NotificationContent) {
            self.identifier = identifier
            self.delay = delay
            self.content = content
        }
    }

    /// A notification shown through `deliverNow`.
    public struct DeliveredNotification: Hashable, Sendable {
        /// The notification's identity.
        public var identifier: NotificationIdentifier
        /// Its payload.
        public var content: NotificationContent

        /// Creates a delivered notification, for comparing with ``RecordingNotificationManager/delivered``.
        ///
        /// - Parameters:
        ///   - identifier: The notification's identity.
        ///   - content: Its payload.
        public init(identifier: NotificationIdentifier, content: NotificationContent) {
            self.identifier = identifier
            self.content = content
        }
    }

    private struct State {
        var calls: [Call] = []
        var pending: [NotificationIdentifier: PendingRequest] = [:]
        /// The pending identifiers of each event, so cancelling an event's requests does not scan all of them.
        var identifiersByEvent: [String: Set<NotificationIdentifier>] = [:]
        var delivered: [DeliveredNotification] = []
    }

    private let state = WaveLock(State())
    private let failure: @Sendable (Call) -> (any Error)?

    /// Creates a manager.
    ///
    /// - Parameter failure: Returns the error a call should throw, or `nil` to carry it out; a failed
    ///   call is still recorded in ``calls`` but changes nothing else.
    public init(failure: @escaping @Sendable (Call) -> (any Error)? = { _ in nil }) {
        self.failure = failure
    }

    /// Every call received, in order, including those that threw.
    public var calls: [Call] { state.withLock { $0.calls } }

    /// The pending requests, keyed by identifier.
    public var pending: [NotificationIdentifier: PendingRequest] { state.withLock { $0.pending } }

    /// The notifications delivered through `deliverNow`, in order.
    public var delivered: [DeliveredNotification] { state.withLock { $0.delivered } }

    /// Forgets the recorded calls, keeping pending and delivered notifications.
    public func clearCalls() {
        state.withLock { $0.calls.removeAll() }
    }

    public func scheduleNotification(
        eventID: String, trigger: NotificationTrigger, delay: Duration, content: NotificationContent
    ) async throws {
        let call = Call.schedule(eventID: eventID, trigger: trigger, delay: delay, content: content)
        let identifier = try record(call, eventID: eventID, trigger: trigger)
        state.withLock {
            $0.pending[identifier] = PendingRequest(identifier: identifier, delay: delay, content: content)
            $0.identifiersByEvent[eventID, default: []].insert(identifier)
        }
    }

    public func deliverNow(eventID: String, trigger: NotificationTrigger, content: NotificationContent) async throws {
        let call = Call.deliverNow(eventID: eventID, trigger: trigger, content: content)
        let identifier = try record(call, eventID: eventID, trigger: trigger)
        state.withLock { $0.delivered.append(DeliveredNotification(identifier: identifier, content: content)) }
    }

    public func cancelNotification(eventID: String, trigger: NotificationTrigger) async throws {
        let identifier = try record(.cancel(eventID: eventID, trigger: trigger), eventID: eventID, trigger: trigger)
        state.withLock { state in
            state.pending[identifier] = nil
            state.identifiersByEvent[eventID]?.remove(identifier)
        }
    }

    public func cancelAllNotifications(eventID: String) async throws {
        _ = try record(.cancelAll(eventID: eventID), eventID: eventID, trigger: .eventFinished)
        state.withLock { state in
            for identifier in state.identifiersByEvent.removeValue(forKey: eventID) ?? [] {
                state.pending[identifier] = nil
            }
        }
    }

    private func record(_ call: Call, eventID: String, trigger: NotificationTrigger) throws -> NotificationIdentifier {
        state.withLock { $0.calls.append(call) }
        if let error = failure(call) {
            throw error
        }
        return try NotificationIdentifier(eventID: eventID, trigger: trigger)
    }
}
