public import Foundation
public import WaveLinuxAdapter
internal import WaveNotifications

/// Replays a scenario through the real scheduler on the platform imitated, on a virtual or wall clock.
///
/// Rules (see `docs/scenario-format.md`): the replay starts with an app launch; time jumps to the next due thing; at
/// one instant, deliveries (scheduled notifications, then wave hits) come before actions, and actions run in file
/// order; the replay ends when nothing remains to deliver and no action remains. On `linux` and `android` the real
/// Linux adapter holds the requests (Android's 500, forgotten at a reboot); on `ios`, the default, the simulated
/// notification center holds 64 and the app hands over more only when it runs (`ReplayEngine+IOS.swift`).
public struct ReplayEngine: Sendable {
    /// The scenario to replay.
    public let scenario: Scenario
    /// How to run it.
    public let options: ReplayOptions
    /// Resolves notification text at delivery time.
    public let renderer: any NotificationTextRenderer
    /// Receives every delivery: the timeline printer, JSON Lines, or the desktop.
    public let sink: any NotificationSink
    /// Told about each action as it runs (the text timeline prints them).
    public let actionLog: (any ReplayActionLog)?
    /// Told about app runs and lost notifications on iOS and Android.
    public let platformLog: (any ReplayPlatformLog)?

    /// Creates an engine.
    ///
    /// - Parameters:
    ///   - scenario: The scenario.
    ///   - options: Speed, clock, platform and budget.
    ///   - renderer: The string resolver.
    ///   - sink: Where deliveries go.
    ///   - actionLog: Told about each action, if given.
    ///   - platformLog: Told about app runs and lost notifications, if given.
    public init(
        scenario: Scenario, options: ReplayOptions, renderer: any NotificationTextRenderer,
        sink: any NotificationSink, actionLog: (any ReplayActionLog)? = nil, platformLog: (any ReplayPlatformLog)? = nil
    ) {
        self.scenario = scenario
        self.options = options
        self.renderer = renderer
        self.sink = sink
        self.actionLog = actionLog
        self.platformLog = platformLog
    }

    /// The platform imitated: `--platform`, else the scenario's `platform`, else iOS.
    public var platform: ReplayOptions.Platform { options.requestedPlatform ?? scenario.platform ?? .ios }

    /// Runs the replay to its end.
    ///
    /// - Returns: The summary.
    /// - Throws: When the adapter cannot start.
    public func run() async throws -> ReplaySummary {
        let clock: any AlarmClock
        let manualClock: ManualWaveClock?
        switch options.clock {
        case .virtual:
            let manual = ManualWaveClock(now: scenario.start)
            (clock, manualClock) = (manual, manual)
        case .wall:
            clock = SystemAlarmClock(origin: options.startsNow ? nil : scenario.start, speed: Double(options.speed))
            manualClock = nil
        }
        if platform == .ios {
            return try await runOnIOS(clock: clock, manualClock: manualClock)
        }
        let limit = options.pendingLimit(on: platform)
        let counters = ReplayCounters()
        let adapter = try LinuxNotificationManager(
            configuration: .init(pendingLimit: limit, stateDirectory: nil),
            clock: clock, sink: sink, renderer: renderer, observer: counters)
        try await adapter.start()
        // Android is the adapter plus a reboot that forgets; Linux calls the adapter directly, as it always has.
        let android = platform == .android ? AndroidRebootCenter(base: adapter) : nil
        let manager: any NotificationManager =
            android.map { NotificationManagerBridge(center: $0, clock: clock) } ?? adapter
        var tally = PlatformTally(platform: platform, log: android == nil ? nil : platformLog)

        var state = ReplayState(scenario: scenario, start: clock.now)
        let favorites = InMemoryFavoriteEventsStore(favoriteIDs: Set(scenario.events.filter(\.isFavorite).map(\.id)))
        let scheduler = DefaultNotificationScheduler(
            manager: manager, favorites: favorites,
            simulation: SimulationSettingsStore(simulation: Simulation(speed: options.speed)), clock: clock)
        let waiter = AlarmWaiter(clock: clock)
        let report = { (cause: AppRunReport.Cause, now: Date) async throws -> AppRunReport in
            AppRunReport(
                at: now, cause: cause, platform: platform,
                runway: NotificationRunway(desired: try await adapter.pendingRequests(), limit: limit),
                missing: await android?.stillWanted ?? [])
        }

        await launch(scheduler: scheduler, favorites: favorites, state: state, at: clock.now)
        if android != nil { tally.ran(try await report(.start, clock.now)) }
        var actionIndex = 0
        while true {
            let nextDelivery = await adapter.nextFireDate
            let nextLoss = await android?.nextLossDate
            let nextHit = state.nextWaveHit
            let nextAction = actionIndex < scenario.actions.count ? scenario.actions[actionIndex].at : nil
            guard let next = [nextDelivery, nextLoss, nextHit, nextAction].compactMap({ $0 }).min() else { break }
            if let manualClock {
                await manualClock.advance(to: next)
            } else if next > clock.now {
                await waiter.wait(until: next)
                continue
            } else if next == nextDelivery && nextHit.map({ $0 > clock.now }) ?? true
                && nextAction.map({ $0 > clock.now }) ?? true && nextLoss.map({ $0 > clock.now }) ?? true
            {
                // The adapter's own alarm delivers this; give it a moment instead of spinning.
                await waiter.wait(until: clock.now.addingTimeInterval(0.002 * Double(max(options.speed, 1))))
                continue
            }
            let now = clock.now
            for request in await android?.lost(dueBy: now) ?? [] {
                tally.lose(request, reason: .reboot)
            }
            while let hit = state.popWaveHit(dueBy: now) {
                if let event = state.events[hit] {
                    await scheduler.deliverWaveHit(for: event)
                }
            }
            while actionIndex < scenario.actions.count, scenario.actions[actionIndex].at <= now {
                let action = scenario.actions[actionIndex]
                actionIndex += 1
                let cause: AppRunReport.Cause?
                switch action.kind {
                case .reboot:
                    actionLog?.replay(didPerform: action, at: now)
                    if let android {
                        try await android.reboot()
                        cause = scenario.bootReceiver ? .boot : nil
                    } else {
                        cause = .boot
                    }
                    // Linux's always-running process and Android's boot receiver sync as at a launch.
                    if cause != nil {
                        await sync(scheduler: scheduler, favorites: favorites, state: state)
                    }
                case .backgroundRefresh:
                    cause = .backgroundRefresh
                    await perform(action, scheduler: scheduler, favorites: favorites, state: &state, at: now)
                default:
                    cause = .action
                    await perform(action, scheduler: scheduler, favorites: favorites, state: &state, at: now)
                }
                if android != nil, let cause {
                    tally.ran(try await report(cause, now))
                }
            }
        }
        await adapter.stop()
        let counts = counters.snapshot
        var summary = ReplaySummary(
            speed: options.speed, isGated: options.speed != 1, scheduled: counts.scheduled, cancelled: counts.cancelled,
            delivered: counts.delivered, missed: counts.missed, failed: counts.failed,
            peakPending: await adapter.peakArmedCount, pendingLimit: limit)
        if android != nil {
            tally.close(&summary)
        }
        return summary
    }

    func launch(
        scheduler: DefaultNotificationScheduler, favorites: InMemoryFavoriteEventsStore, state: ReplayState,
        at now: Date
    ) async {
        let favoriteIDs = await favorites.favoriteIDs()
        actionLog?.replay(didLaunchAt: now, favorites: favoriteIDs.count, events: state.events.count)
        await scheduler.syncNotifications(favoriteIDs: favoriteIDs, currentEvents: state.orderedEvents)
    }

    /// The app's sync at a run that is not a launch (a background refresh, a boot): as a launch, without its line.
    func sync(
        scheduler: DefaultNotificationScheduler, favorites: InMemoryFavoriteEventsStore, state: ReplayState
    ) async {
        let favoriteIDs = await favorites.favoriteIDs()
        await scheduler.syncNotifications(favoriteIDs: favoriteIDs, currentEvents: state.orderedEvents)
    }

    /// Runs an action as the app does. A reboot is the platform's, not the app's: the caller plays it.
    func perform(
        _ action: ScenarioAction, scheduler: DefaultNotificationScheduler, favorites: InMemoryFavoriteEventsStore,
        state: inout ReplayState, at now: Date
    ) async {
        if let id = action.eventID, state.events[id] == nil {
            actionLog?.replay(didSkip: action, at: now, reason: "event '\(id)' was removed")
            return
        }
        actionLog?.replay(didPerform: action, at: now)
        switch action.kind {
        case .launch:
            await launch(scheduler: scheduler, favorites: favorites, state: state, at: now)
        case .backgroundRefresh:
            await sync(scheduler: scheduler, favorites: favorites, state: state)
        case .reboot:
            return
        case .favorite(let id):
            await favorites.setFavorite(true, eventID: id)
            if let event = state.events[id], await scheduler.shouldScheduleNotifications(for: event) {
                await scheduler.scheduleAllNotifications(for: event)
            }
        case .unfavorite(let id):
            await favorites.setFavorite(false, eventID: id)
            await scheduler.cancelAllNotifications(eventID: id)
        case .update(let id, let start, let end, let waveHitAt):
            guard var event = state.events[id] else { return }
            event.record.startDate = start ?? event.startDate
            event.record.endDate = end ?? event.endDate
            if let waveHitAt {
                event.waveHitAt = waveHitAt
            }
            state.replace(event, now: now)
            if await favorites.isFavorite(eventID: id) {
                await scheduler.cancelAllNotifications(eventID: id)
                if await scheduler.shouldScheduleNotifications(for: event) {
                    await scheduler.scheduleAllNotifications(for: event)
                }
            }
        case .remove(let id):
            state.remove(id)
            await scheduler.cancelAllNotifications(eventID: id)
        }
    }
}

/// The platform's facts of a replay on iOS or Android: counted for the summary and told to the log.
struct PlatformTally {
    /// The platform.
    let platform: ReplayOptions.Platform
    /// Where `run` and `lost` lines go.
    let log: (any ReplayPlatformLog)?
    /// Notifications lost so far.
    private(set) var lost = 0
    /// The shortest runway of a run that wanted something.
    private(set) var minRunwayMinutes: Int?

    /// An app run ended as `report` says.
    mutating func ran(_ report: AppRunReport) {
        if report.wanted > 0 {
            minRunwayMinutes = min(minRunwayMinutes ?? .max, report.runwayMinutes)
        }
        log?.replay(didRun: report)
    }

    /// The user lost `request` at its instant.
    mutating func lose(_ request: NotificationRequest, reason: LossReason) {
        lost += 1
        log?.replay(didLose: request, reason: reason)
    }

    /// Adds the platform, the losses and the shortest runway to the summary.
    func close(_ summary: inout ReplaySummary) {
        summary.platform = platform
        summary.lost = lost
        summary.minRunwayMinutes = minRunwayMinutes
    }
}

/// Told about each action of a replay as it runs.
public protocol ReplayActionLog: Sendable {
    /// The app launched and synced.
    ///
    /// - Parameters:
    ///   - instant: When.
    ///   - favorites: How many favorites were synced.
    ///   - events: How many events are listed.
    func replay(didLaunchAt instant: Date, favorites: Int, events: Int)

    /// An action ran.
    ///
    /// - Parameters:
    ///   - action: The action.
    ///   - instant: When.
    func replay(didPerform action: ScenarioAction, at instant: Date)

    /// An action changed nothing.
    ///
    /// - Parameters:
    ///   - action: The action.
    ///   - instant: When.
    ///   - reason: Why it changed nothing.
    func replay(didSkip action: ScenarioAction, at instant: Date, reason: String)
}
