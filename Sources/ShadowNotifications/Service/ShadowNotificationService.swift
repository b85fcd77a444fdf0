internal import Foundation
public import WaveNotifications

/// Shadow's notifications at run time: what the app calls when it runs, when a check-in comes due, and when the user
/// answers one.
///
/// The service keeps the settings and, through its session, the one history of what was shown and answered. At
/// each ``reconcile(device:cause:)`` it plans the next 48 hours with ``ShadowPlanner`` and brings the platform's
/// pending requests to that plan; a check-in already shown is never scheduled again; a shown check-in is withdrawn
/// at its fire instant plus its category's `expiresAfterMinutes` (`expired`) unless the user answered it
/// (`responded`).
///
/// Call ``reconcile(device:cause:)`` at every app run, at local midnight (``nextOwnMoment(after:in:)``, which moves
/// the 48-hour horizon) and after a DST change; ``notificationShown(_:device:)`` when a pending check-in was shown;
/// ``withdrawExpired(device:)`` at ``nextExpiry``. Calls take turns as ``SessionBackedService`` says.
public actor ShadowNotificationService: SessionBackedService, MidnightReconciling {
    /// What the service remembers between app runs: the session's history (the settings are the app's).
    public typealias SavedState = NotificationSession.State

    /// flutter_local_notifications: exact while allowed, else inexact allow-while-idle (seed 002).
    public static let androidScheduling: AndroidScheduling = .exactWithInexactFallback

    /// The user's settings; replace them with ``replaceSettings(_:)``, then reconcile.
    public private(set) var settings: ShadowSettings
    /// The session and the gate the calls take turns at (``SessionBackedService``).
    public let sessionBacking: SessionBacking
    /// The last plan's check-ins and requests, so a reconcile plans only what changed since.
    private var planCache = ShadowPlanCache()
    /// How much planning work the reconciles did so far (for tests: a reconcile where nothing changed reuses the
    /// last plan).
    package var planningCounts: ShadowPlanCache.Counts { planCache.counts }

    /// Creates the service.
    ///
    /// - Parameters:
    ///   - settings: The user's settings.
    ///   - center: The platform conformer its requests go to.
    ///   - state: What the service remembered at the end of the app's last run (``savedState``, saved by the app);
    ///     empty for a first run.
    public init(
        settings: ShadowSettings, center: any NotificationRequestCenter,
        restoring state: NotificationSession.State = NotificationSession.State()
    ) {
        self.settings = settings
        sessionBacking = SessionBacking(session: NotificationSession(center: center, restoring: state))
    }

    /// The check-ins the next 48 hours want pending now, soonest first (identifiers already shown left out).
    ///
    /// - Parameter device: The instant, zone and permission now.
    /// - Returns: The desired requests.
    /// - Throws: What the platform conformer throws when listing its pending requests.
    public func desiredRequests(device: DeviceState) async throws -> [NotificationRequest] {
        try await inTurn {
            let pending = try await session.pendingRequests()
            let plan = planCache.plan(
                settings: settings, now: device.now, timeZone: device.timeZone, permission: device.permission,
                history: await session.log.history, pending: pending)
            return await session.removingDone(from: plan).desired.sorted { $0.fireAt < $1.fireAt }
        }
    }

    /// The user responded to a shown check-in: a tap or any action answers it (``respond(to:device:)``).
    ///
    /// - Parameters:
    ///   - identifier: The check-in's identifier.
    ///   - actionID: The action's id (Shadow's check-ins have none but the tap).
    ///   - device: The device's state now.
    /// - Returns: The withdrawal; empty when the check-in is not on screen.
    /// - Throws: What the platform conformer throws.
    @discardableResult
    public func respond(
        to identifier: String, actionID: String, device: DeviceState
    ) async throws -> ServiceReport<Never> {
        try await respond(to: identifier, device: device)
    }

    /// How far back a reconcile keeps what was shown and the suppressions reported (docs/core.md, "Bounded state"):
    /// three days. Shadow plans check-ins due in [now, now + 48 h), each under its local slot; a check-in was shown
    /// at or after its instant, and a move to another zone puts the same slot at most 26 hours later (UTC+14 to
    /// UTC−12), so nothing shown more than 26 hours ago, and no suppression of a check-in due before now, is read
    /// again.
    static let lookBack: TimeInterval = 3 * 86_400

    /// Replaces the settings; the next reconcile plans with them.
    ///
    /// - Parameter settings: The new settings.
    public func replaceSettings(_ settings: ShadowSettings) {
        self.settings = settings
    }

    /// Plans the next 48 hours and brings the pending requests to the plan.
    ///
    /// Only what changed since the last reconcile is planned again: the check-ins of the time the horizon moved
    /// into, or nothing when the settings, the zone, the permission, what was shown and the check-ins in the horizon
    /// are the same. First it forgets what was shown, and the suppressions of check-ins due, more than three days
    /// ago (``lookBack``), which no plan reads again.
    ///
    /// - Parameters:
    ///   - device: The instant, zone and permission now.
    ///   - cause: Why the app reconciles (Shadow plans the same for every cause).
    /// - Returns: What happened: suppressions, cancellations with their reasons.
    /// - Throws: What the platform conformer throws; the calls made before it stand.
    @discardableResult
    public func reconcile(device: DeviceState, cause: ReconcileCause) async throws -> ServiceReport<Never> {
        try await inTurn {
            let horizon = device.now.addingTimeInterval(-Self.lookBack)
            await session.forget(shownBefore: horizon, suppressionsDueBefore: horizon)
            let pending = try await session.pendingRequests()
            let plan = planCache.plan(
                settings: settings, now: device.now, timeZone: device.timeZone, permission: device.permission,
                history: await session.log.history, pending: pending)
            return ServiceReport(try await session.reconcile(plan, pending: pending, at: device.now))
        }
    }

    /// The user answered a shown check-in: it leaves the screen (`responded`) and will not expire.
    ///
    /// - Parameters:
    ///   - identifier: The check-in's identifier.
    ///   - device: The device's state now.
    /// - Returns: The withdrawal; empty when the check-in is not on screen (the answer changes nothing).
    /// - Throws: What the platform conformer throws.
    @discardableResult
    public func respond(to identifier: String, device: DeviceState) async throws -> ServiceReport<Never> {
        try await inTurn {
            ServiceReport(
                try await session.withdraw([Withdrawal(identifier: identifier, reason: .responded)], at: device.now))
        }
    }
}
