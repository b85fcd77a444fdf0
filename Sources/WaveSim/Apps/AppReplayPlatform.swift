internal import Foundation
internal import WaveNotifications

/// The platform an app replay runs on: the request seam plus the virtual clock it advances.
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

    /// What the platform holds of what the app wants pending now, and how long the app may stay closed.
    ///
    /// - Returns: The runway of the app's wanted requests at the platform's limit.
    /// - Throws: When the platform fails to list its requests.
    func runway() async throws -> NotificationRunway

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
    func runway() async throws -> NotificationRunway {
        NotificationRunway(desired: try await pendingRequests(), limit: pendingLimit)
    }

    func startRun() async {}

    func finishRun() async {}

    var wasListedDuringRun: Bool { true }
}
