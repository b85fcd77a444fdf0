internal import Foundation
internal import GrowBroServer
internal import WaveNotifications

/// Pings the service manager's watchdog (`WATCHDOG=1`) every `interval` while the service is healthy, on the
/// clock it is given (an alarm, never a sleep of its own).
///
/// Healthy means idle, or busy with work (a sender's round, an API request) that began less than `timeout` ago.
/// Work stuck longer (a store or a provider that never answers) stops the pings, so systemd, after `WatchdogSec`,
/// restarts the service; for a sender, the claims' leases hand its sends to the next one. The first missed ping is
/// reported once through `onStuck`.
final class ServiceWatchdog: Sendable {
    /// What the service is doing, as the watchdog judges it.
    enum Activity: Hashable, Sendable {
        /// Waiting for work.
        case idle
        /// Doing work, the oldest piece of it begun at `since`.
        case busy(since: Date)
        /// Stopped: no longer alive.
        case stopped

        /// A sender's activity.
        init(_ sender: PushSender.Activity) {
            switch sender {
            case .waiting: self = .idle
            case .sending(let since): self = .busy(since: since)
            case .stopped: self = .stopped
            }
        }
    }

    private let ping: @Sendable () -> Void
    private let clock: any AlarmClock
    private let interval: Duration
    private let timeout: Duration
    private let activity: @Sendable () -> Activity
    private let onStuck: @Sendable (Duration) -> Void
    private let alarm = AlarmID()
    private let state = WaveLock((running: false, reported: false))

    /// Creates a watchdog; it pings nothing before ``start()``.
    ///
    /// - Parameters:
    ///   - ping: Tells the service manager the service is alive (`WATCHDOG=1`).
    ///   - clock: The clock it sets its alarm on.
    ///   - interval: Between pings (half the manager's `WATCHDOG_USEC`).
    ///   - timeout: How long work may last before the service counts as stuck (`WATCHDOG_USEC`).
    ///   - activity: What the service is doing.
    ///   - onStuck: Called once, with how long the work has lasted, when a ping is withheld.
    init(
        ping: @escaping @Sendable () -> Void, clock: any AlarmClock, interval: Duration, timeout: Duration,
        activity: @escaping @Sendable () -> Activity, onStuck: @escaping @Sendable (Duration) -> Void
    ) {
        self.ping = ping
        self.clock = clock
        self.interval = interval
        self.timeout = timeout
        self.activity = activity
        self.onStuck = onStuck
    }

    /// Whether a service doing `activity` at `now` is healthy.
    ///
    /// - Parameters:
    ///   - activity: What it is doing.
    ///   - now: The instant.
    ///   - timeout: The longest healthy piece of work.
    /// - Returns: `true` when idle, or busy for less than `timeout`.
    static func isHealthy(_ activity: Activity, now: Date, timeout: Duration) -> Bool {
        switch activity {
        case .idle: true
        case .busy(let since): now.timeIntervalSince(since) < timeout.timeInterval
        case .stopped: false
        }
    }

    /// Pings at once and then every `interval`.
    func start() {
        state.withLock { $0.running = true }
        tick()
    }

    /// Stops pinging: once it returns, no ping is sent.
    func stop() {
        state.withLock { $0.running = false }
        clock.setAlarm(alarm, at: nil) {}
    }

    /// Pings (or reports) under the lock ``stop()`` takes, so that no ping follows a `stop()` that has returned;
    /// the alarm is set outside it (a clock may wake at once), and a tick after `stop()` does nothing.
    private func tick() {
        let now = clock.now
        let running = state.withLock { state in
            guard state.running else { return false }
            let current = activity()
            if Self.isHealthy(current, now: now, timeout: timeout) {
                ping()
                state.reported = false
            } else if case .busy(let since) = current, !state.reported {
                state.reported = true
                onStuck(.milliseconds(Int64(now.timeIntervalSince(since) * 1000)))
            }
            return true
        }
        guard running else { return }
        clock.setAlarm(alarm, at: now.addingTimeInterval(interval.timeInterval)) { [weak self] in self?.tick() }
    }
}
