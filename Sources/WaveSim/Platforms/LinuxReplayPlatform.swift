internal import Foundation
internal import WaveLinuxAdapter
internal import WaveNotifications
internal import WaveNotificationsTesting
internal import WaveStrings

/// The app replay's platform: the real `LinuxNotificationManager` (budget, timer queue) on a manual clock.
///
/// Requests that come due reach the engine through a collecting sink; what the engine shows itself (a late
/// catch-up, a push) goes through ``show(_:)`` and is not collected twice.
///
/// Time is virtual, so nothing waits for an alarm to ring: the manager's clock keeps the deadline of its one alarm
/// and nothing else, and ``advance(to:)`` moves the replay's clock to each deadline on the way and runs the
/// manager's own delivery pass there (`LinuxNotificationManager.deliverDue()`, what the alarm would run). The
/// manager decides what is due, in what order and with what outcome, as it does for an app; only the clock's
/// machinery of alarms and wake-ups is skipped.
final class LinuxReplayPlatform: SimulatedDevice {
    /// The manager's clock: the replay's instant, and the deadline of the manager's alarm kept instead of a wake-up
    /// (``advance(to:)`` runs the pass at it). The manager is its only owner.
    private final class VirtualAlarm: AlarmClock {
        private let clock: ManualWaveClock
        private let deadline = WaveLock<Date?>(nil)

        init(clock: ManualWaveClock) {
            self.clock = clock
        }

        var now: Date { clock.now }

        func setAlarm(_ id: AlarmID, at deadline: Date?, wake: @escaping @Sendable () async -> Void) {
            self.deadline.withLock { $0 = deadline }
        }

        /// Clears and returns the alarm's deadline when it is at or before `instant`.
        func takeDeadline(dueBy instant: Date) -> Date? {
            deadline.withLock { deadline in
                guard let due = deadline, due <= instant else { return nil }
                deadline = nil
                return due
            }
        }
    }

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
    private let alarm: VirtualAlarm
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
        let alarm = VirtualAlarm(clock: clock)
        self.alarm = alarm
        let counters = countsCalls ? ReplayCounters() : nil
        self.counters = counters
        self.pendingLimit = pendingLimit
        manager = try LinuxNotificationManager(
            configuration: .init(pendingLimit: pendingLimit, stateDirectory: nil), clock: alarm, sink: sink,
            renderer: UnrenderedText(), observer: counters ?? IgnoringManagerObserver())
    }

    /// The always-running Linux process.
    var policy: DevicePolicy { DevicePolicy(platform: .linux, pendingLimit: pendingLimit) }

    var addedCount: Int { counters?.snapshot.scheduled ?? 0 }

    var removedCount: Int { counters?.snapshot.cancelled ?? 0 }

    /// Moves the clock to `instant`, stopping at each deadline of the manager's alarm on the way to run its delivery
    /// pass there, as `ManualWaveClock.advance(to:)` would wake the alarm at each (the manager sets the next one as
    /// the pass ends).
    func advance(to instant: Date) async -> [DeviceFact] {
        while let deadline = alarm.takeDeadline(dueBy: instant) {
            await clock.advance(to: deadline)
            await manager.deliverDue()
        }
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
