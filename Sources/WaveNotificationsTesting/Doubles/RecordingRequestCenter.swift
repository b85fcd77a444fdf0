public import WaveNotifications

/// An in-memory ``NotificationRequestCenter`` that records every call and keeps the pending and shown sets a real
/// platform would keep, for tests and for trying the policies and reconciles out.
///
/// It follows the center contract (the same identifier replaces, removals of unknown identifiers are ignored,
/// pending listed soonest first with ties in the order added) but never fires anything by itself, whatever the
/// fire instant: inspect ``pending`` and ``shown`` instead. ``failure`` lets a test make chosen calls throw.
public final class RecordingRequestCenter: NotificationRequestCenter {
    /// One call as the center received it.
    public enum Call: Hashable, Sendable {
        /// `add(_:)`.
        case add([NotificationRequest])
        /// `removePending(identifiers:reason:)`.
        case removePending(identifiers: [String], reason: NotificationReason)
        /// `removePending(threadID:reason:)`.
        case removePendingThread(threadID: String, reason: NotificationReason)
        /// `pendingRequests()`.
        case listPending
        /// `show(_:)`.
        case show(NotificationRequest)
        /// `withdrawShown(identifiers:reason:)`.
        case withdrawShown(identifiers: [String], reason: NotificationReason)

        /// Whether the call asks for a change (everything but ``listPending``).
        public var isChange: Bool { self != .listPending }
    }

    /// A shown notification taken off the screen, and why.
    public struct Withdrawal: Hashable, Sendable {
        /// The shown request.
        public var request: NotificationRequest
        /// Why it was withdrawn.
        public var reason: NotificationReason

        /// Creates a withdrawal, for comparing with ``RecordingRequestCenter/withdrawn``.
        ///
        /// - Parameters:
        ///   - request: The shown request.
        ///   - reason: Why it was withdrawn.
        public init(request: NotificationRequest, reason: NotificationReason) {
            self.request = request
            self.reason = reason
        }
    }

    /// A pending request taken off the queue before it fired, and why.
    public struct Removal: Hashable, Sendable {
        /// The pending request.
        public var request: NotificationRequest
        /// Why it was removed.
        public var reason: NotificationReason

        /// Creates a removal, for comparing with ``RecordingRequestCenter/removed``.
        ///
        /// - Parameters:
        ///   - request: The pending request.
        ///   - reason: Why it was removed.
        public init(request: NotificationRequest, reason: NotificationReason) {
            self.request = request
            self.reason = reason
        }
    }

    private struct State {
        var calls: [Call] = []
        /// Pending requests with the sequence number of the add that put them there, for the tie order.
        var pending: [String: (request: NotificationRequest, sequence: Int)] = [:]
        var nextSequence = 0
        var shown: [NotificationRequest] = []
        var withdrawn: [Withdrawal] = []
        var removed: [Removal] = []

        mutating func removePending(_ identifiers: some Sequence<String>, reason: NotificationReason) {
            for identifier in identifiers {
                if let entry = pending.removeValue(forKey: identifier) {
                    removed.append(Removal(request: entry.request, reason: reason))
                }
            }
        }
    }

    private let state = WaveLock(State())
    private let failure: @Sendable (Call) -> (any Error)?

    /// Creates a center.
    ///
    /// - Parameter failure: Returns the error a call should throw, or `nil` to carry it out; a failed call is still
    ///   recorded in ``calls`` but changes nothing else.
    public init(failure: @escaping @Sendable (Call) -> (any Error)? = { _ in nil }) {
        self.failure = failure
    }

    /// Every call received, in order, including listings and calls that threw.
    public var calls: [Call] { state.withLock { $0.calls } }

    /// The calls that ask for a change (``Call/isChange``), in order.
    public var changes: [Call] { calls.filter(\.isChange) }

    /// The pending requests, soonest first, ties in the order they were added.
    public var pending: [NotificationRequest] {
        state.withLock { state in
            state.pending.values.sorted { lhs, rhs in
                lhs.request.fireAt != rhs.request.fireAt
                    ? lhs.request.fireAt < rhs.request.fireAt : lhs.sequence < rhs.sequence
            }
            .map(\.request)
        }
    }

    /// The shown notifications not withdrawn, in the order shown (showing an identifier again replaces it).
    public var shown: [NotificationRequest] { state.withLock { $0.shown } }

    /// The withdrawn notifications, in order.
    public var withdrawn: [Withdrawal] { state.withLock { $0.withdrawn } }

    /// The pending requests removed before they fired, in order.
    public var removed: [Removal] { state.withLock { $0.removed } }

    /// Forgets the recorded calls, keeping pending, shown, withdrawn and removed notifications.
    public func clearCalls() {
        state.withLock { $0.calls.removeAll() }
    }

    public func add(_ requests: [NotificationRequest]) async throws {
        try record(.add(requests))
        state.withLock { state in
            for request in requests {
                state.pending[request.identifier] = (request, state.nextSequence)
                state.nextSequence += 1
            }
        }
    }

    public func removePending(identifiers: [String], reason: NotificationReason) async throws {
        try record(.removePending(identifiers: identifiers, reason: reason))
        state.withLock { $0.removePending(identifiers, reason: reason) }
    }

    public func removePending(threadID: String, reason: NotificationReason) async throws {
        try record(.removePendingThread(threadID: threadID, reason: reason))
        state.withLock { state in
            let identifiers = state.pending.values.filter { $0.request.threadID == threadID }
                .sorted { $0.sequence < $1.sequence }.map(\.request.identifier)
            state.removePending(identifiers, reason: reason)
        }
    }

    public func pendingRequests() async throws -> [NotificationRequest] {
        try record(.listPending)
        return pending
    }

    public func show(_ request: NotificationRequest) async throws {
        try record(.show(request))
        state.withLock { state in
            state.shown.removeAll { $0.identifier == request.identifier }
            state.shown.append(request)
        }
    }

    public func withdrawShown(identifiers: [String], reason: NotificationReason) async throws {
        try record(.withdrawShown(identifiers: identifiers, reason: reason))
        state.withLock { state in
            for identifier in identifiers {
                guard let index = state.shown.firstIndex(where: { $0.identifier == identifier }) else { continue }
                state.withdrawn.append(Withdrawal(request: state.shown.remove(at: index), reason: reason))
            }
        }
    }

    private func record(_ call: Call) throws {
        state.withLock { $0.calls.append(call) }
        if let error = failure(call) {
            throw error
        }
    }
}
