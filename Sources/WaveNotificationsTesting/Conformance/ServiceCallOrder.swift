public import WaveNotifications

/// Checks that an app service runs its calls one at a time, in the order they arrived: a reconcile that arrives while
/// another waits on the platform (its first `add` held by a ``HoldingRequestCenter``) must end as if it had come after
/// it: the same pending requests and the same report as the two reconciles one after the other on a fresh service.
///
/// Without the order, the second reconcile plans against the pending requests the first has not added yet, and the
/// first's requests, added last, win.
public enum ServiceCallOrder {
    /// What a run of two reconciles left: the pending identifiers (sorted) and the second reconcile's events.
    public struct Outcome<Fact: Hashable & Sendable>: Hashable, Sendable {
        /// The identifiers pending at the end, sorted.
        public var pending: [String]
        /// What the second reconcile reported.
        public var secondReport: ServiceReport<Fact>
    }

    /// Reconciles at `first`, then at `second`, one after the other.
    ///
    /// - Parameters:
    ///   - service: A fresh service over `center`.
    ///   - center: Its platform.
    ///   - first: The first reconcile's device state.
    ///   - second: The second's.
    /// - Returns: What they left.
    /// - Throws: What the service throws.
    public static func sequential<Service: AppNotificationService>(
        _ service: Service, center: RecordingRequestCenter, first: DeviceState, second: DeviceState
    ) async throws -> Outcome<Service.Fact> {
        _ = try await service.reconcile(device: first, cause: .launch)
        let report = try await service.reconcile(device: second, cause: .timeZone)
        return Outcome(pending: center.pending.map(\.identifier).sorted(), secondReport: report)
    }

    /// Reconciles at `first`, holds its first `add`, makes a reconcile at `second` arrive (it waits at the service's
    /// gate: `waitingCalls` counts it), then lets the first go on.
    ///
    /// - Parameters:
    ///   - service: A fresh service over `center`.
    ///   - center: Its platform, holding the first `add`.
    ///   - first: The first reconcile's device state.
    ///   - second: The second's.
    ///   - waitingCalls: How many calls wait at the service's gate.
    /// - Returns: What they left.
    /// - Throws: What the service throws, or when the second never arrives.
    public static func interleaved<Service: AppNotificationService>(
        _ service: Service, center: HoldingRequestCenter, first: DeviceState, second: DeviceState,
        waitingCalls: @escaping @Sendable () async -> Int
    ) async throws -> Outcome<Service.Fact> {
        let firstCall = Task { try await service.reconcile(device: first, cause: .launch) }
        await center.hold.firstHeld()
        let finished = WaveLock(false)
        let secondCall = Task {
            defer { finished.withLock { $0 = true } }
            return try await service.reconcile(device: second, cause: .timeZone)
        }
        try await waitForArrival(waitingCalls: waitingCalls, finished: { finished.withLock { $0 } })
        center.hold.release()
        _ = try await firstCall.value
        let report = try await secondCall.value
        return Outcome(pending: center.recorder.pending.map(\.identifier).sorted(), secondReport: report)
    }

    /// Returns once a call made to a service has arrived: it waits at the service's gate (`waitingCalls` counts it)
    /// or, without a gate, has finished. It yields to other tasks meanwhile, and never waits on a clock.
    ///
    /// - Parameters:
    ///   - waitingCalls: How many calls wait at the service's gate.
    ///   - finished: Whether the call has finished.
    /// - Throws: ``ServiceCallOrderError/secondCallNeverArrived`` after a million turns without either.
    public static func waitForArrival(
        waitingCalls: @Sendable () async -> Int, finished: @Sendable () -> Bool
    ) async throws {
        var turns = 0
        while await waitingCalls() == 0, !finished() {
            turns += 1
            guard turns < 1_000_000 else { throw ServiceCallOrderError.secondCallNeverArrived }
            await Task.yield()
        }
    }
}

/// Why ``ServiceCallOrder/interleaved(_:center:first:second:waitingCalls:)`` could not run its check.
public enum ServiceCallOrderError: Error, Equatable {
    /// The second reconcile neither waited at the gate nor finished.
    case secondCallNeverArrived
}
