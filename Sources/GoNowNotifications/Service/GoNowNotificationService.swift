public import Foundation
public import WaveNotifications

/// GoNow's notifications at run time: what the app calls when it runs, when a forecast arrives, and when one of its
/// notifications was shown.
///
/// The service keeps the settings, the latest forecast and, through its session, the one history of what was
/// shown, recorded with GoNow's own keys (``GoNowShownNotification/init(request:shownAt:)``: mode and window start,
/// mode) so the planner's no-re-notify rule reads them. At each ``reconcile(device:cause:)`` it plans with
/// ``GoNowPlanner`` (a foreground or background moment by ``WaveNotifications/ReconcileCause/isForeground``) and
/// brings the platform's pending requests to that plan; an identifier already shown is never scheduled again.
///
/// Every call returns a ``GoNowReport``: the notification events and the analytics events GoNow logs (its table:
/// `notif_scheduled`, `notif_fired`, `notif_cancelled`, `notif_dst_reschedule`), in the order they happened.
/// GoNow's notifications neither expire nor collapse, and GoNow has no reconcile moment of its own.
///
/// Call ``reconcile(device:cause:)`` at every app run and after a DST change or a time-zone move,
/// ``receiveForecast(_:device:)`` when a forecast was fetched, and ``notificationShown(_:device:)`` when a pending
/// request was shown. Calls take turns as ``SessionBackedService`` says: a forecast that arrives while a reconcile
/// waits on the platform is planned after it, against what it left pending.
public actor GoNowNotificationService: SessionBackedService {
    /// What the service remembers between app runs: the session's history (the settings and the forecast are the
    /// app's).
    public typealias SavedState = NotificationSession.State

    /// flutter_local_notifications: exact while allowed, else inexact allow-while-idle (seed 000).
    public static let androidScheduling: AndroidScheduling = .exactWithInexactFallback

    /// The user's settings; replace them with ``replaceSettings(_:)``, then reconcile.
    public private(set) var settings: GoNowSettings
    /// The latest forecast; `nil` before the first one (nothing new is planned, pending requests are kept).
    public private(set) var forecast: GoNowForecast?
    /// The session and the gate the calls take turns at (``SessionBackedService``).
    public let sessionBacking: SessionBacking
    /// Counts the forecasts received, so the plan cache knows a new one without comparing it hour by hour.
    private var forecastRevision = 0
    /// The last plan's candidates and requests, so a reconcile plans only what changed since.
    private var planCache = GoNowPlanCache()

    /// How much planning work the reconciles did so far (for tests: a reconcile where nothing changed reuses the
    /// last plan).
    package var planningCounts: GoNowPlanCache.Counts { planCache.counts }

    /// Creates the service.
    ///
    /// - Parameters:
    ///   - settings: The user's settings.
    ///   - forecast: The latest forecast, if one was fetched before (default none).
    ///   - center: The platform conformer its requests go to.
    ///   - state: What the service remembered at the end of the app's last run (``savedState``, saved by the app);
    ///     empty for a first run.
    public init(
        settings: GoNowSettings, forecast: GoNowForecast? = nil, center: any NotificationRequestCenter,
        restoring state: NotificationSession.State = NotificationSession.State()
    ) {
        self.settings = settings
        self.forecast = forecast
        let session = NotificationSession(center: center, restoring: state) { request, shownAt in
            GoNowShownNotification(request: request, shownAt: shownAt).shownNotification
        }
        sessionBacking = SessionBacking(session: session)
    }

    /// GoNow's notifications do not expire.
    public var nextExpiry: Date? { nil }

    /// GoNow has no moment of its own: it plans at app runs, forecasts and offset changes.
    ///
    /// - Parameters:
    ///   - instant: The current instant.
    ///   - zone: The device's zone.
    /// - Returns: `nil`.
    public nonisolated func nextOwnMoment(after instant: Date, in zone: TimeZone) -> Date? { nil }

    /// Nothing expires.
    ///
    /// - Parameter device: The instant now.
    /// - Returns: An empty report.
    public func withdrawExpired(device: DeviceState) async throws -> GoNowReport { GoNowReport() }

    /// A tap opens the window's hour in the app; nothing changes in the notifications.
    ///
    /// - Parameters:
    ///   - identifier: The notification's identifier.
    ///   - actionID: The action's id.
    ///   - device: The instant now.
    /// - Returns: An empty report.
    public func respond(to identifier: String, actionID: String, device: DeviceState) async throws -> GoNowReport {
        GoNowReport()
    }

    /// The requests the latest forecast wants pending now, soonest first (the plan a reconcile at this instant, as a
    /// background moment, would carry out).
    ///
    /// - Parameter device: The instant, zone and permission now.
    /// - Returns: The desired requests.
    /// - Throws: What the platform conformer throws when listing its pending requests.
    public func desiredRequests(device: DeviceState) async throws -> [NotificationRequest] {
        try await inTurn {
            let pending = try await session.pendingRequests()
            let planned = planCache.plan(
                settings: settings, forecast: forecast, forecastRevision: forecastRevision, now: device.now,
                moment: .background, timeZone: device.timeZone, permission: device.permission,
                history: await session.log.history, pending: pending)
            return await session.removingDone(from: planned).desired.sorted { $0.fireAt < $1.fireAt }
        }
    }

    /// How far back a reconcile keeps what was shown (on screen or not) and the suppressions reported
    /// (docs/core.md, "Bounded state"): four days.
    ///
    /// A reconcile reads the history only for candidates firing after now whose window ends after their fire
    /// instant (a forecast's older windows, a stale forecast's included, are discarded or `window_passed` first).
    /// Such a window lies within one local date of today's zone (25 hours at most), so it starts less than 25 hours
    /// before now. A notification with the same dedupe key (mode and window start) was shown at or after its fire
    /// instant, at the earliest 06:30 on the day before the window's date in the zone of then (the heads-up), and
    /// that window starts less than 42.5 hours after that. So nothing shown more than 67.5 hours ago shares a dedupe
    /// key with a candidate read. The same identifier (mode, date, kind) fires at the same local slot, moved at most
    /// 24 hours later by quiet hours and 26 by a zone move (UTC+14 → UTC−12): 50 hours; the cap key looks 30 minutes
    /// back; candidates are due after now. GoNow's rules never read the screen (nothing is withdrawn, expires or
    /// collapses), so what is on screen is forgotten on the same horizon.
    static let lookBack: TimeInterval = 4 * 86_400

    /// Replaces the settings; the next reconcile plans with them.
    ///
    /// - Parameter settings: The new settings.
    public func replaceSettings(_ settings: GoNowSettings) {
        self.settings = settings
    }

    /// A forecast was fetched: it replaces the previous one, then the service reconciles as at a user action
    /// (a foreground moment).
    ///
    /// - Parameters:
    ///   - forecast: The new forecast.
    ///   - device: The instant, zone and permission now.
    /// - Returns: What the reconcile did (see ``reconcile(device:cause:)``).
    /// - Throws: What the platform conformer throws; the calls made before it stand, and the forecast is replaced.
    @discardableResult
    public func receiveForecast(_ forecast: GoNowForecast, device: DeviceState) async throws -> GoNowReport {
        try await inTurn {
            self.forecast = forecast
            forecastRevision += 1
            return try await reconciling(device: device, cause: .userAction("forecast"))
        }
    }

    /// Plans with the latest forecast and brings the pending requests to the plan.
    ///
    /// Only what changed since the last reconcile is planned again: nothing when the forecast, the settings, the
    /// zone, the permission, what was shown, the pending requests and the candidates still to fire are the same and
    /// the forecast has not aged past 3 or 6 hours since. First it forgets what was shown, and the suppressions of
    /// candidates due, more than four days ago (``lookBack``), which no plan reads again.
    ///
    /// The report lists, in order: the candidates held back (each identifier, fire instant and reason once per
    /// session), `notif_dst_reschedule` when `cause` is an offset change (`count_rescheduled`: the requests pending
    /// before the reconcile), the pending requests cancelled with their reasons, the `notif_cancelled` and
    /// `notif_scheduled` events of the change, then anything shown at once, each delivery followed by its
    /// `notif_fired`.
    ///
    /// - Parameters:
    ///   - device: The instant, zone and permission now.
    ///   - cause: Why the app reconciles: a foreground cause lets data more than 6 hours old remove everything
    ///     pending (`stale_data`); a background one keeps pending requests as they are.
    /// - Returns: What happened, in order.
    /// - Throws: What the platform conformer throws; the calls made before it stand.
    @discardableResult
    public func reconcile(device: DeviceState, cause: ReconcileCause) async throws -> GoNowReport {
        try await inTurn { try await reconciling(device: device, cause: cause) }
    }

    /// ``reconcile(device:cause:)`` in its turn.
    private func reconciling(device: DeviceState, cause: ReconcileCause) async throws -> GoNowReport {
        let now = device.now
        let horizon = now.addingTimeInterval(-Self.lookBack)
        await session.forget(shownBefore: horizon, suppressionsDueBefore: horizon, includingOnScreen: true)
        let pending = try await session.pendingRequests()
        let planned = planCache.plan(
            settings: settings, forecast: forecast, forecastRevision: forecastRevision, now: now,
            moment: cause.isForeground ? .foreground : .background, timeZone: device.timeZone,
            permission: device.permission, history: await session.log.history, pending: pending)
        let plan = await session.removingDone(from: planned)
        var entries = await session.report(plan.suppressed, at: now).map(GoNowReport.Entry.notification)
        if case .offsetChange(let oldOffset, let newOffset) = cause {
            entries.append(
                .fact(
                    .dstReschedule(oldOffset: oldOffset, newOffset: newOffset, countRescheduled: pending.count, at: now)
                ))
        }
        entries += try await session.applyPending(plan, over: pending, at: now).map(GoNowReport.Entry.notification)
        entries += GoNowAnalyticsEvent.events(applying: plan, over: pending, at: now).map(GoNowReport.Entry.fact)
        for request in plan.showNow {
            entries += Self.entries(try await session.show(request, at: now))
        }
        return GoNowReport(entries: entries)
    }

    /// Records a notification the platform showed at its instant, at once, not in turn (as
    /// ``SessionBackedService``'s, "Which calls take turns"), and logs its `notif_fired`.
    ///
    /// - Parameters:
    ///   - request: The request shown.
    ///   - device: The device's state when it was shown.
    /// - Returns: The delivery, followed by its `notif_fired`.
    /// - Throws: What the platform conformer throws.
    @discardableResult
    public func notificationShown(_ request: NotificationRequest, device: DeviceState) async throws -> GoNowReport {
        GoNowReport(entries: Self.entries(try await session.recordShown(request, at: device.now)))
    }

    /// Records a window notification the system showed while the app was not running, as
    /// ``SessionBackedService``'s does, and logs its `notif_fired` at this run.
    ///
    /// - Parameters:
    ///   - request: The request the system showed.
    ///   - shownAt: When it was shown.
    ///   - device: The device's state at this app run.
    /// - Returns: Its `notif_fired`, at this run (the app learns of the delivery now).
    /// - Throws: What the platform conformer throws.
    @discardableResult
    public func notificationShownWhileClosed(
        _ request: NotificationRequest, shownAt: Date, device: DeviceState
    ) async throws -> GoNowReport {
        let events = try await inTurn {
            try await session.recordShownWhileClosed(request, shownAt: shownAt, now: device.now)
        }
        let fired = GoNowAnalyticsEvent.fired(request, at: device.now).map { [GoNowReport.Entry.fact($0)] } ?? []
        return GoNowReport(entries: fired + events.map(GoNowReport.Entry.notification))
    }

    /// The session's events as report entries, each delivery followed by its `notif_fired`.
    private static func entries(_ events: [NotificationEvent]) -> [GoNowReport.Entry] {
        events.flatMap { event -> [GoNowReport.Entry] in
            guard case .delivered(let request, let at, _) = event,
                let fired = GoNowAnalyticsEvent.fired(request, at: at)
            else { return [.notification(event)] }
            return [.notification(event), .fact(fired)]
        }
    }
}
