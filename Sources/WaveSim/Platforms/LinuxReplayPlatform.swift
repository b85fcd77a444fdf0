internal import Foundation
internal import WaveLinuxAdapter
internal import WaveNotifications
internal import WaveNotificationsTesting
internal import WaveStrings

/// The app replay's platform: the real `LinuxNotificationManager` (budget, timer queue) on a manual clock.
///
/// Requests that come due reach the engine through a collecting sink; what the engine shows itself (a late
/// catch-up, a push) goes through ``show(_:)`` and is not collected twice.
final class LinuxReplayPlatform: SimulatedDevice {
    /// The manager renders every delivery for its sink; the replay's lines render their own (the app's driver
    /// decides what a line shows), so the collecting sink gets no text and rendering is not done twice.
    private struct UnrenderedText: NotificationTextRenderer {
        func render(_ content: NotificationContent) -> RenderedText {
            RenderedText(title: "", body: "", locale: "")
        }
    }

    /// Collects what the manager delivers while the clock advances.
    private final class CollectingSink: NotificationSink {
        private let due = WaveLock<[NotificationRequest]>([])

        func deliver(_ delivery: NotificationDelivery) async throws {
            guard !delivery.isImmediate else { return }
            due.withLock { $0.append(delivery.request) }
        }

        func drain() -> [NotificationRequest] {
            due.withLock { due in
                defer { due.removeAll() }
                return due
            }
        }
    }

    /// The Linux adapter's manager: WorldWideWaves' scheduler calls it directly, as a Linux app does.
    let manager: LinuxNotificationManager
    private let clock: ManualWaveClock
    private let sink = CollectingSink()
    /// Counts the manager's calls, when the app's summary prints them (WorldWideWaves'); the others skip the cost.
    private let counters: ReplayCounters?
    let pendingLimit: Int

    /// Creates the platform at the replay's start.
    ///
    /// - Parameters:
    ///   - clock: The replay's clock at its first instant; the platform moves it as time passes.
    ///   - pendingLimit: The budget (64 for iOS, 500 for Android, or `--pending-limit`).
    ///   - countsCalls: Whether to count the requests added and removed (``addedCount``, ``removedCount``).
    init(
        clock: ManualWaveClock, pendingLimit: Int, countsCalls: Bool = false
    ) throws {
        self.clock = clock
        let counters = countsCalls ? ReplayCounters() : nil
        self.counters = counters
        self.pendingLimit = pendingLimit
        manager = try LinuxNotificationManager(
            configuration: .init(pendingLimit: pendingLimit, stateDirectory: nil), clock: clock, sink: sink,
            renderer: UnrenderedText(), observer: counters ?? IgnoringManagerObserver())
    }

    /// The always-running Linux process.
    var platform: DevicePlatform { .linux }

    var addedCount: Int { counters?.snapshot.scheduled ?? 0 }

    var removedCount: Int { counters?.snapshot.cancelled ?? 0 }

    func advance(to instant: Date) async -> [DeviceFact] {
        await clock.advance(to: instant)
        return sink.drain().map(DeviceFact.due)
    }

    var nextFireDate: Date? {
        get async { manager.nextFireDate }
    }

    var peakPendingCount: Int {
        get async { manager.peakArmedCount }
    }

    func add(_ requests: [NotificationRequest]) async throws {
        try await manager.add(requests)
    }

    func removePending(identifiers: [String], reason: NotificationReason) async throws {
        try await manager.removePending(identifiers: identifiers, reason: reason)
    }

    func removePending(threadID: String, reason: NotificationReason) async throws {
        try await manager.removePending(threadID: threadID, reason: reason)
    }

    func pendingRequests() async throws -> [NotificationRequest] {
        try await manager.pendingRequests()
    }

    func show(_ request: NotificationRequest) async throws {
        try await manager.show(request)
    }

    func withdrawShown(identifiers: [String], reason: NotificationReason) async throws {
        try await manager.withdrawShown(identifiers: identifiers, reason: reason)
    }
}
