internal import Foundation
internal import WaveNotifications

/// The device a replay runs on: the request seam plus the virtual clock it advances (`docs/scenario-format.md`,
/// Platforms).
protocol AppReplayPlatform: NotificationRequestCenter {
    /// Moves the clock to `instant` and returns what the system did on the way, in order: the requests that came
    /// due, and the wanted ones it did not hold at their instant.
    ///
    /// - Parameter instant: The new current instant.
    /// - Returns: The system's facts.
    func advance(to instant: Date) async -> [SystemFact]

    /// When the next pending request comes due.
    var nextFireDate: Date? { get async }

    /// The most requests armed at once so far.
    var peakPendingCount: Int { get async }

    /// The platform's pending budget.
    var pendingLimit: Int { get }

    /// Requests handed over so far (each request of an `add`, replacements included).
    var addedCount: Int { get async }

    /// Pending requests removed so far.
    var removedCount: Int { get async }

    /// What the system holds, after an app run, of what the app handed it.
    ///
    /// - Returns: How many requests the app wants pending, how many the system holds, and the instant of the first
    ///   one it does not hold, else of the last one it holds.
    /// - Throws: When the platform fails to list its requests.
    func heldAfterRun() async throws -> (wanted: Int, held: Int, refreshDeadline: Date?)

    /// An app run begins (iOS forgets, at its end, a discarded request the app did not hand over again).
    func startRun() async

    /// The app run ends.
    func finishRun() async

    /// Whether the app listed the pending requests since the run began (it reconciled).
    var wasListedDuringRun: Bool { get async }
}

/// Defaults for a platform whose app is always running. A conformer that implements one of these declares it `async`,
/// as here: a sync method of an actor loses, in an async context, to this async default when called on the concrete
/// type.
extension AppReplayPlatform {
    func heldAfterRun() async throws -> (wanted: Int, held: Int, refreshDeadline: Date?) {
        let runway = NotificationRunway(desired: try await pendingRequests(), limit: pendingLimit)
        return (runway.held.count + runway.notHeld.count, runway.held.count, runway.refreshDeadline)
    }

    func startRun() async {}

    func finishRun() async {}

    var wasListedDuringRun: Bool { true }
}

/// What the system did at an instant without the app.
enum SystemFact: Sendable {
    /// A pending request came due.
    case due(NotificationRequest)
    /// A request the app wanted came due while the system did not hold it.
    case lost(NotificationRequest, reason: LossReason)

    /// The request's identifier.
    var identifier: String {
        switch self {
        case .due(let request), .lost(let request, _): return request.identifier
        }
    }
}

/// Why the system did not hold a request the app wanted.
enum LossReason: String, Sendable {
    /// iOS kept the soonest 64 and discarded it.
    case pendingLimit = "pending_limit"
    /// Android's reboot removed it.
    case reboot
}
