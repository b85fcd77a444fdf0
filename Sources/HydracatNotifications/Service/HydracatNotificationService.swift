public import Foundation
public import WaveNotifications

/// Hydracat's notifications at run time: what the app calls when it runs, when a reminder was shown, and when the
/// user logs or snoozes a treatment.
///
/// The service keeps the settings, the treatments logged and the snoozes asked for, and, through its session,
/// the one history of what was shown and is on screen; ``HydracatPlanner`` reads that history from the session at
/// every call and never keeps a copy. A notification already shown is never scheduled again, except a snooze the
/// user asks for again.
///
/// Call ``reconcile(device:cause:)`` at every app run, at local midnight (``nextOwnMoment(after:in:)``: the midnight
/// cleanup) and after a DST change; ``notificationShown(_:device:)`` when a pending request was shown;
/// ``log(_:device:)`` and ``snooze(_:device:)`` for the user's actions. Texts and links carry the pet's name, never
/// a medication name or dose; errors quote neither. Calls take turns as ``SessionBackedService`` says.
public actor HydracatNotificationService: SessionBackedService, MidnightReconciling {
    /// Exact while allowed, else inexact allow-while-idle (seed 001's reminders go through the platform's alarms).
    public static let androidScheduling: AndroidScheduling = .exactWithInexactFallback

    /// Hydracat's rules with the app's state: settings, logs, snoozes.
    public private(set) var planner: HydracatPlanner {
        didSet { plannerRevision &+= 1 }
    }
    /// Changes whenever ``planner`` does (settings, logs, snoozes).
    private var plannerRevision = 0
    /// The last plan and what it was made of: a reconcile at the same instant with nothing changed reuses it.
    private var lastPlan: (key: PlanKey, plan: HydracatPlan)?
    /// How much planning work the reconciles did so far (for tests).
    package private(set) var planningCounts = PlanReuseCounts()

    /// What a plan is made of: equal keys give equal plans.
    private struct PlanKey: Hashable {
        var plannerRevision: Int
        var logRevision: Int
        var now: Date
        var timeZone: TimeZone
        var permission: PermissionStatus
    }
    /// The session and the gate the calls take turns at (``SessionBackedService``).
    public let sessionBacking: SessionBacking

    /// What the service remembers between app runs: the treatments logged, the snoozes asked for and the session's
    /// history. Save ``savedState`` when the app's process may end (on iOS, at the end of every run) and pass it to
    /// ``init(settings:start:center:restoring:)`` at the next run.
    public struct SavedState: Hashable, Sendable, Codable {
        /// Treatments logged as done (logs saved before logs named their pet decode with no pet, see
        /// ``TreatmentLog``).
        public var logs: Set<TreatmentLog>
        /// Snoozes asked for, by snooze identifier.
        public var snoozes: [String: SnoozeRecord]
        /// What was shown and is on screen, and the suppressions reported.
        public var session: NotificationSession.State

        /// Creates a state.
        ///
        /// - Parameters:
        ///   - logs: Treatments logged.
        ///   - snoozes: Snoozes asked for.
        ///   - session: The session's state.
        public init(
            logs: Set<TreatmentLog> = [], snoozes: [String: SnoozeRecord] = [:],
            session: NotificationSession.State = NotificationSession.State()
        ) {
            self.logs = logs
            self.snoozes = snoozes
            self.session = session
        }
    }

    /// Creates the service.
    ///
    /// - Parameters:
    ///   - settings: The user's settings.
    ///   - start: Only treatments due at or after this instant count (the app's first run with these schedules).
    ///   - center: The platform conformer its requests go to.
    ///   - state: What the service remembered at the end of the app's last run; empty for a first run.
    public init(
        settings: HydracatSettings, start: Date, center: any NotificationRequestCenter,
        restoring state: SavedState = SavedState()
    ) {
        planner = HydracatPlanner(settings: settings, logs: state.logs, replayStart: start, snoozes: state.snoozes)
        sessionBacking = SessionBacking(session: NotificationSession(center: center, restoring: state.session))
    }

    /// What the service remembers now, to save between app runs (the settings and the start are the app's own).
    public var savedState: SavedState {
        get async {
            await inTurn { SavedState(logs: planner.logs, snoozes: planner.snoozes, session: await session.state) }
        }
    }

    /// Replaces the settings; the next reconcile plans with them.
    ///
    /// - Parameter settings: The new settings.
    public func replaceSettings(_ settings: HydracatSettings) {
        planner.settings = settings
    }

    /// Forgets what no rule reads any more (a week of what was shown, two weeks of logs), then plans yesterday's,
    /// today's and tomorrow's treatments and summaries and brings the platform to the plan:
    /// withdraws logged slots' shown notifications (`responded`) and yesterday's (`expired`), reports what is held
    /// back, changes the pending requests, and shows now an unlogged reminder within its 30-minute grace (`late`).
    ///
    /// A reconcile at the same instant as the last one, with the same zone and permission and nothing logged,
    /// snoozed, set, shown or withdrawn since, reuses the last plan.
    ///
    /// - Parameters:
    ///   - device: The instant, zone and permission now.
    ///   - cause: Why the app reconciles (Hydracat plans the same for every cause).
    /// - Returns: Withdrawals, suppressions, cancellations and late deliveries, in that order.
    /// - Throws: What the platform conformer throws; the calls made before it stand.
    @discardableResult
    public func reconcile(device: DeviceState, cause: ReconcileCause) async throws -> ServiceReport<Never> {
        try await inTurn { try await reconciling(device: device) }
    }

    /// ``reconcile(device:cause:)`` in its turn.
    private func reconciling(device: DeviceState) async throws -> ServiceReport<Never> {
        await forgetWhatNoRuleReads(device: device)
        let pending = try await session.pendingRequests()
        let plan = await plan(device: device)
        return ServiceReport(
            try await session.reconcile(plan.plan, withdrawals: plan.withdrawals, pending: pending, at: device.now))
    }

    /// How far back a reconcile keeps what was shown, the suppressions reported and the snoozes (docs/core.md,
    /// "Bounded state"): a week. The plan reads what was shown only for the slots of yesterday, today and tomorrow,
    /// this week's summary and the end-of-day ones of today and tomorrow (each shown at or after its slot, at most a
    /// day after it), its candidates are due from yesterday's first slot on, and a snooze is read while its
    /// notification is on screen, which the midnight cleanup ends.
    static let shownLookBack: TimeInterval = 7 * 86_400
    /// How many local days back a reconcile keeps the treatments logged: two weeks. The plan reads the logs of
    /// yesterday's to tomorrow's slots, and Monday's summary the seven days before it, at most seven days ago.
    static let logLookBackDays = 14

    /// Forgets what no rule reads any more: what was shown and the suppressions of candidates due more than a week
    /// ago (unless on screen), the snoozes due then, and the logs of slots more than two weeks ago.
    private func forgetWhatNoRuleReads(device: DeviceState) async {
        let cutoff = device.now.addingTimeInterval(-Self.shownLookBack)
        await session.forget(shownBefore: cutoff, suppressionsDueBefore: cutoff)
        let oldest = device.timeZone.localDate(for: device.now).adding(days: -Self.logLookBackDays)
        if planner.logs.contains(where: { $0.slot.date < oldest }) {
            planner.logs = planner.logs.filter { $0.slot.date >= oldest }
        }
        if planner.snoozes.values.contains(where: { $0.fireAt < cutoff }) {
            planner.snoozes = planner.snoozes.filter { $0.value.fireAt >= cutoff }
        }
    }

    /// The requests the plan at this instant wants pending, soonest first (identifiers already done left out).
    ///
    /// - Parameter device: The instant, zone and permission now.
    /// - Returns: The desired requests.
    public func desiredRequests(device: DeviceState) async throws -> [NotificationRequest] {
        await inTurn {
            await session.removingDone(from: plan(device: device).plan).desired.sorted { $0.fireAt < $1.fireAt }
        }
    }

    /// The plan at an instant: the last one when nothing it was made of changed since.
    private func plan(device: DeviceState) async -> HydracatPlan {
        let key = PlanKey(
            plannerRevision: plannerRevision, logRevision: await session.logRevision, now: device.now,
            timeZone: device.timeZone, permission: device.permission)
        planningCounts.plans += 1
        let plan: HydracatPlan
        if let lastPlan, lastPlan.key == key {
            planningCounts.plansReused += 1
            plan = lastPlan.plan
        } else {
            plan = planner.plan(
                at: device.now, in: device.timeZone, permission: device.permission, shown: await session.log)
            lastPlan = (key, plan)
        }
        return plan
    }

    /// The user responded to a treatment notification: `log` logs its slot (``log(_:device:)``), `snooze` snoozes it
    /// (``snooze(_:device:)``); a tap or any other action changes nothing.
    ///
    /// - Parameters:
    ///   - identifier: The notification's identifier.
    ///   - actionID: `log`, `snooze` or another action's id.
    ///   - device: The instant, zone and permission now.
    /// - Returns: What the log or snooze did.
    /// - Throws: ``HydracatError`` when the identifier is malformed or names another user, an unknown pet or an
    ///   unknown schedule; what the platform conformer throws.
    @discardableResult
    public func respond(
        to identifier: String, actionID: String, device: DeviceState
    ) async throws -> ServiceReport<Never> {
        try await inTurn { try await responding(to: identifier, actionID: actionID, device: device) }
    }

    /// ``respond(to:actionID:device:)`` in its turn.
    private func responding(
        to identifier: String, actionID: String, device: DeviceState
    ) async throws -> ServiceReport<Never> {
        switch actionID {
        case HydracatContent.logAction.id:
            let parsed = try HydracatIdentifier(parsing: identifier)
            guard parsed.userID == planner.settings.userID else { throw HydracatError.unknownUser }
            guard let pet = planner.settings.pet(withID: parsed.petID) else { throw HydracatError.unknownPet }
            guard parsed.type.isTreatment else { return ServiceReport() }
            guard pet.schedules.contains(where: { $0.id == parsed.scheduleID }) else {
                throw HydracatError.unknownSchedule(petID: pet.id)
            }
            return try await logging(
                TreatmentLog(petID: pet.id, scheduleID: parsed.scheduleID, slot: parsed.slot), device: device)
        case HydracatContent.snoozeAction.id:
            return try await snoozing(identifier, device: device)
        default:
            return ServiceReport()
        }
    }

    /// The user logged a pet's treatment: that pet's slot wants nothing more. Its pending reminder, follow-up and
    /// snooze are removed (`reschedule`) and its shown ones withdrawn (`responded`), by a reconcile; another pet's
    /// notifications of a schedule with the same id do not move.
    ///
    /// - Parameters:
    ///   - treatment: The pet, schedule and slot logged (a log naming no pet covers every pet with the schedule id,
    ///     see ``TreatmentLog``).
    ///   - device: The device's state now.
    /// - Returns: What the reconcile did.
    /// - Throws: What the platform conformer throws.
    @discardableResult
    public func log(_ treatment: TreatmentLog, device: DeviceState) async throws -> ServiceReport<Never> {
        try await inTurn { try await logging(treatment, device: device) }
    }

    /// ``log(_:device:)`` in its turn.
    private func logging(_ treatment: TreatmentLog, device: DeviceState) async throws -> ServiceReport<Never> {
        planner.logs.insert(treatment)
        return try await reconciling(device: device)
    }

    /// The user snoozed a shown treatment notification: it leaves the screen (`snoozed`) and its texts come back
    /// 15 minutes later under the slot's `snooze` identifier, the user's own request (scheduled even when a snooze
    /// of the slot was shown before; it replaces a snooze still pending).
    ///
    /// - Parameters:
    ///   - identifier: The shown notification's identifier.
    ///   - device: The device's state now.
    /// - Returns: The withdrawal; empty when the snooze does nothing (snoozing off, a gate closed, not on screen,
    ///   a summary).
    /// - Throws: ``HydracatError`` when the identifier is malformed or names another user, an unknown pet or an
    ///   unknown schedule (nothing changes); what the platform conformer throws.
    @discardableResult
    public func snooze(_ identifier: String, device: DeviceState) async throws -> ServiceReport<Never> {
        try await inTurn { try await snoozing(identifier, device: device) }
    }

    /// ``snooze(_:device:)`` in its turn.
    private func snoozing(_ identifier: String, device: DeviceState) async throws -> ServiceReport<Never> {
        let snooze = try planner.snooze(
            identifier: identifier, at: device.now, in: device.timeZone, permission: device.permission,
            shown: await session.log)
        guard let snooze else { return ServiceReport() }
        let events = try await session.withdraw([snooze.withdrawal], at: device.now)
        planner.snoozes[snooze.request.identifier] = snooze.record
        try await session.addRequestedByUser([snooze.request], at: device.now)
        return ServiceReport(events)
    }
}
