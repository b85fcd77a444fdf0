internal import Dispatch
internal import Foundation
public import WaveNotifications

/// The Linux reference ``NotificationRequestCenter`` (and, through ``NotificationManagerBridge``, WorldWideWaves'
/// ``NotificationManager``): one timer loop over an indexed priority queue of requests, a pending budget like iOS's
/// and Android's, delivery through a ``NotificationSink``, memory of what is shown, and crash-safe persistence.
///
/// - Timing: the manager keeps exactly one alarm on its ``AlarmClock``, set to the soonest armed fire date or shown
///   expiry. When it rings, everything due is delivered (and everything expired withdrawn) in instant order, ties in
///   order of addition, then the next alarm is set. On a ``ManualWaveClock``, `advance(to:)` therefore returns after
///   every due delivery.
/// - Budget: at most ``Configuration/pendingLimit`` requests are armed; the rest wait in a backlog and are
///   promoted, soonest first, as slots free. Only armed requests fire, and since the armed set is always the
///   soonest ones, nothing fires out of order and nothing is dropped.
/// - Requests are found by identifier and by thread through indexes: ``add(_:)`` and both `removePending` calls
///   take a batch in one step and cost O(log n) per request they touch.
/// - Shown notifications are remembered (up to ``Configuration/shownLimit``): ``withdrawShown(identifiers:reason:)``
///   withdraws them, one with ``NotificationRequest/expiresAfter`` is withdrawn at its fire instant plus that
///   (reason `expired`), and showing one with a ``NotificationRequest/collapseID`` withdraws the older one with the
///   same collapse id (reason `collapsed`). Removing a pending request also withdraws its shown notification.
/// - Every addition, replacement, removal, show, withdrawal and suppression reaches the observer as a
///   ``ManagerEvent``, with its ``NotificationReason`` where it has one.
/// - Strings are rendered by the ``NotificationTextRenderer`` at delivery time, never when scheduling.
/// - A sink that throws is reported (``ManagerFailure/delivery(_:error:)``); the request counts as attempted and
///   is removed, so one broken sink never wedges the queue or causes a retry storm.
/// - With a ``Configuration/stateDirectory``, state lives in the SQLite ``NotificationStore``
///   (`notifications.sqlite`, write-ahead log, `synchronous=FULL`): every change is one transaction, committed
///   before the call returns (concurrent changes share one), so a batch ``add(_:)`` is all on disk or none of it.
///   Shown notifications are written to the delivery history. On ``start()``, saved requests are re-armed; those
///   whose instant passed while the process was down are shown at once if within ``Configuration/gracePeriod``
///   (and not expired), marked late, and otherwise recorded as missed. Across a crash, delivery is at least once:
///   a crash between showing a notification and saving its removal shows it again, late, on the next start.
///   A `state.json` left by an earlier build is imported on start (see ``start()``). Without a state directory
///   everything stays in memory and nothing touches the disk.
/// - Every suppression (a due request whose expiry passed, one the ``NotificationDeliveryGate`` holds back, one
///   missed while the process was down) goes to the ``InboxStore`` given at creation, so the user can still read
///   it; without an inbox it is only reported.
///
/// - Concurrency: the manager is not an actor. Its state sits under one lock (a ``WaveLock``, which
///   ThreadSanitizer sees), and every call runs on its caller's executor, taking the lock only for its own steps:
///   no call waits for a hop onto the manager. Only the wait for the next instant is the clock's, and the delivery
///   pass its wake starts holds the lock one step at a time, never across a sink, gate or inbox call. A listing
///   copies the queue's slots under the lock and orders them outside it, so a delivery never waits for a listing.
///   The observer hears of each change under the lock, so it sees changes in the order they happen (a failure of
///   a sink, gate or inbox is reported when it comes back); it must return quickly and never call the manager.
///
/// The manager starts itself on first use; call ``start()`` explicitly to learn early that the state
/// directory is locked, and ``stop()`` to release it.
public final class LinuxNotificationManager: NotificationRequestCenter, NotificationManager, Sendable {
    enum Lifecycle {
        case idle, starting, running, stopped
    }

    /// Everything that changes, under ``state``'s lock.
    struct State {
        var lifecycle = Lifecycle.idle
        /// The database, open (holding the directory lock) while running with a state directory.
        var database: NotificationStore?
        var queue: NotificationQueue
        var shown: ShownRegistry
        var nextSequence: UInt64 = 0
        var peak = 0
        /// The deadline last given to the clock, so an unchanged one is not set again.
        var alarmDeadline: Date?
        /// Whether a delivery pass is running; a second wake meanwhile leaves the work to it, keeping order.
        var isDelivering = false
        /// Saved notifications that are due late after a restart, delivered before anything else.
        var lateToDeliver: [PendingNotification] = []
        /// The notification a sink is showing right now; its row stays in the database until its delivery finishes.
        var inFlight: PendingNotification?
        /// Callers of a start that another caller is running, resumed when it ends.
        var startWaiters: [CheckedContinuation<Void, any Error>] = []

        /// Changes made in memory and not yet handed to a commit.
        var unsavedChanges: [ManagerStoreChange] = []
        /// A commit failed: the next one rewrites everything, so the changes it lost are saved too.
        var needsFullSave = false
        var changeVersion: UInt64 = 0
        var attemptedVersion: UInt64 = 0
        var durableVersion: UInt64 = 0
        var isSaving = false
        /// Callers waiting for a commit that covers their change, each resumed with its outcome.
        var saveWaiters: [(version: UInt64, resume: SaveWaiter)] = []
    }

    /// Resumes a caller waiting for a commit with the commit's outcome.
    typealias SaveWaiter = @Sendable (Result<Void, any Error>) -> Void

    /// The settings the manager was created with.
    public let configuration: Configuration

    let clock: any AlarmClock
    let sink: any NotificationSink
    let renderer: any NotificationTextRenderer
    let observer: any NotificationManagerObserver
    let alarmID = AlarmID()
    let inbox: (any InboxStore)?
    let gate: (any NotificationDeliveryGate)?
    /// The `state.json` of earlier builds, read once at start to import it.
    let stateFile: StateFileStore?
    /// Whether changes are saved (a state directory is configured).
    let persists: Bool
    /// Blocking commits run here, off the cooperative thread pool, in the order they were queued.
    let writes = DispatchQueue(label: "WaveLinuxAdapter.LinuxNotificationManager.writes")
    /// The manager's state; every step takes it once and never across an `await`.
    let state: WaveLock<State>

    /// Creates a manager; nothing is loaded, locked or armed until ``start()`` or the first call.
    ///
    /// - Parameters:
    ///   - configuration: Budget, state directory and grace period.
    ///   - clock: The clock that measures delays and rings the manager's single alarm.
    ///   - sink: Where notifications go when they fire.
    ///   - renderer: Resolves titles and bodies at delivery time.
    ///   - observer: Receives what the manager does and what fails.
    ///   - inbox: Where suppressed notifications go, so the user can still read them; `nil` to only report them.
    ///   - gate: Decides at the due instant whether a request is shown; `nil` shows everything that comes due.
    /// - Throws: ``LinuxNotificationManagerError/invalidConfiguration(_:)`` for a limit below 1, a negative
    ///   grace period, or a state directory that is not a file URL.
    public init(
        configuration: Configuration = .init(), clock: any AlarmClock, sink: any NotificationSink,
        renderer: any NotificationTextRenderer, observer: any NotificationManagerObserver = IgnoringManagerObserver(),
        inbox: (any InboxStore)? = nil, gate: (any NotificationDeliveryGate)? = nil
    ) throws {
        try configuration.validate()
        self.configuration = configuration
        self.clock = clock
        self.sink = sink
        self.renderer = renderer
        self.observer = observer
        self.inbox = inbox
        self.gate = gate
        var queue = NotificationQueue(limit: configuration.pendingLimit)
        // What the queue would build for reports is read by no one when the observer ignores them and nothing is
        // saved: the queue then builds only what it hands back to be delivered.
        queue.reportsOutcomes = !(observer is IgnoringManagerObserver) || configuration.stateDirectory != nil
        state = WaveLock(State(queue: queue, shown: ShownRegistry(limit: configuration.shownLimit)))
        stateFile = configuration.stateDirectory.map { StateFileStore(directory: $0) }
        persists = configuration.stateDirectory != nil
    }

    deinit {
        // Leave no alarm behind on a clock that outlives the manager; the database and its lock close themselves.
        clock.setAlarm(alarmID, at: nil, wake: {})
    }
}
