internal import Foundation
internal import WaveNotifications
internal import WaveNotificationsTesting

/// The device a replay runs on: the request seam plus the virtual clock it advances (`docs/scenario-format.md`,
/// Platforms).
protocol AppReplayPlatform: NotificationRequestCenter {
    /// Moves the clock to `instant` and returns what the system did on the way, in order: the requests that came
    /// due, and the wanted ones it did not hold at their instant.
    ///
    /// - Parameter instant: The new current instant.
    /// - Returns: The system's facts.
    func advance(to instant: Date) async -> [DeviceFact]

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
    /// - Returns: How many requests the app wants pending, how many the system holds, and when the app must run
    ///   again.
    /// - Throws: When the platform fails to list its requests.
    func runReport() async throws -> DeviceRunReport

    /// An app run begins (iOS forgets, at its end, a discarded request the app did not hand over again).
    func beginRun() async

    /// The app run ends.
    func endRun() async

    /// Whether the app listed the pending requests since the run began (it reconciled).
    var wasListedDuringRun: Bool { get async }
}

/// Defaults for a platform whose app is always running. A conformer that implements one of these declares it `async`,
/// as here: a sync method of an actor loses, in an async context, to this async default when called on the concrete
/// type.
extension AppReplayPlatform {
    func runReport() async throws -> DeviceRunReport {
        let runway = NotificationRunway(desired: try await pendingRequests(), limit: pendingLimit)
        return DeviceRunReport(
            wanted: runway.held.count + runway.notHeld.count, held: runway.held.count,
            refreshDeadline: runway.refreshDeadline)
    }

    func beginRun() async {}

    func endRun() async {}

    var wasListedDuringRun: Bool { true }
}

/// iOS's center from the testing library, as the replay's platform.
extension SimulatedIOSCenter: AppReplayPlatform {
    nonisolated var pendingLimit: Int { limit }
}
