public import Foundation

/// An app service whose history and platform calls go through one ``NotificationSession`` and whose calls take turns
/// at one gate: the calls such services make the same way, written once.
///
/// A conformer keeps its session and its gate in ``sessionBacking`` and gets, unless it declares its own, the
/// session's answers to ``withdrawExpired(device:)``, ``nextExpiry``, ``notificationShown(_:device:)`` and
/// ``notificationShownWhileClosed(_:shownAt:device:)``, and, when what it saves is the session's state,
/// ``savedState``. What remains in a service is its app's own: its rules, its actions, and what it adds to these calls.
///
/// ## Which calls take turns
///
/// Every call of the service that waits on the session, the platform or a store of the app's runs in turn: one at a
/// time, in the order they arrived (a package `CallGate`), so that a push arriving while a reconcile waits on the
/// platform is decided after it, against what it left. One call never takes its turn, in any service:
/// ``notificationShown(_:device:)`` runs at once, because the platform may report a showing while one of the
/// service's calls waits on it (the Linux adapter's delivery gate is asked inside the manager's `show`, which a
/// reconcile may be waiting on), and waiting for that call would never end. A service that decides or adds to a
/// showing does so at once too.
public protocol SessionBackedService: AppNotificationService {
    /// The service's session and the gate its calls take turns at: the service's own, not a call for the app.
    var sessionBacking: SessionBacking { get }
}

extension SessionBackedService {
    /// The history of what was shown, and the platform calls.
    package var session: NotificationSession { sessionBacking.session }

    /// How many calls wait for the one running (for tests).
    package var waitingCallCount: Int { sessionBacking.gate.waitingCount }

    /// Runs `body` in turn: once every call of the service that arrived before it has left
    /// (see "Which calls take turns").
    ///
    /// - Parameter body: The call's work.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    package func inTurn<Result>(_ body: () async throws -> Result) async rethrows -> Result {
        try await sessionBacking.gate.run(body)
    }

    /// When the next shown notification expires, if one does: the session's.
    public var nextExpiry: Date? {
        get async { await inTurn { await session.nextExpiry } }
    }

    /// Withdraws the shown notifications whose expiry has come (`expired`), in turn.
    ///
    /// - Parameter device: The instant now.
    /// - Returns: The withdrawals.
    /// - Throws: What the platform conformer throws.
    @discardableResult
    public func withdrawExpired(device: DeviceState) async throws -> ServiceReport<Fact> {
        try await inTurn { ServiceReport(try await session.withdrawExpired(at: device.now)) }
    }

    /// Records a notification the platform showed at its instant; it runs at once, not in turn (see "Which calls
    /// take turns").
    ///
    /// - Parameters:
    ///   - request: The request shown.
    ///   - device: The device's state when it was shown.
    /// - Returns: The delivery, then the withdrawal of an older notification it collapses.
    /// - Throws: What the platform conformer throws.
    @discardableResult
    public func notificationShown(
        _ request: NotificationRequest, device: DeviceState
    ) async throws -> ServiceReport<Fact> {
        ServiceReport(try await session.recordShown(request, at: device.now))
    }

    /// Records a notification the system showed while the app was not running (iOS shows a pending request at its
    /// instant without running the app), in turn: call it at the next app run, before reconciling, for each one the
    /// platform reports shown since the last run, in the order they were shown.
    ///
    /// - Parameters:
    ///   - request: The request the system showed.
    ///   - shownAt: When it was shown.
    ///   - device: The device's state at this app run.
    /// - Returns: The withdrawal of an older notification it collapses, if any (no delivery: the system showed it).
    /// - Throws: What the platform conformer throws.
    @discardableResult
    public func notificationShownWhileClosed(
        _ request: NotificationRequest, shownAt: Date, device: DeviceState
    ) async throws -> ServiceReport<Fact> {
        try await inTurn {
            ServiceReport(try await session.recordShownWhileClosed(request, shownAt: shownAt, now: device.now))
        }
    }
}

extension SessionBackedService {
    /// Forgets what the system took off the screen (``AppNotificationService/notificationsRemovedBySystem(_:device:)``).
    public func notificationsRemovedBySystem(_ identifiers: [String], device: DeviceState) async {
        await inTurn { await session.forgetOnScreen(identifiers) }
    }
}

extension SessionBackedService where SavedState == NotificationSession.State {
    /// What the service remembers now, to save between app runs: the session's history (the app keeps its settings).
    public var savedState: NotificationSession.State {
        get async { await inTurn { await session.state } }
    }
}
