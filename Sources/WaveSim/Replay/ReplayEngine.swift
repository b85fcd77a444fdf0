public import Foundation
public import WaveLinuxAdapter
internal import WaveNotifications

/// Replays a scenario through the real scheduler and the real Linux adapter, on a virtual or wall clock.
///
/// Rules (see the README): the replay starts with an app launch; time jumps to the next due thing; at one
/// instant, deliveries (scheduled notifications, then wave hits) come before actions, and actions run in
/// file order; the replay ends when nothing remains to deliver and no action remains.
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

    /// Creates an engine.
    ///
    /// - Parameters:
    ///   - scenario: The scenario.
    ///   - options: Speed, clock and budget.
    ///   - renderer: The string resolver.
    ///   - sink: Where deliveries go.
    ///   - actionLog: Told about each action, if given.
    public init(
        scenario: Scenario, options: ReplayOptions, renderer: any NotificationTextRenderer,
        sink: any NotificationSink, actionLog: (any ReplayActionLog)? = nil
    ) {
        self.scenario = scenario
        self.options = options
        self.renderer = renderer
        self.sink = sink
        self.actionLog = actionLog
    }

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
        let counters = ReplayCounters()
        let manager = try LinuxNotificationManager(
            configuration: .init(pendingLimit: options.pendingLimit, stateDirectory: nil),
            clock: clock, sink: sink, renderer: renderer, observer: counters)
        try await manager.start()

        var state = ReplayState(scenario: scenario, start: clock.now)
        let favorites = InMemoryFavoriteEventsStore(favoriteIDs: Set(scenario.events.filter(\.isFavorite).map(\.id)))
        let scheduler = DefaultNotificationScheduler(
            manager: manager, favorites: favorites,
            simulation: SimulationSettingsStore(simulation: Simulation(speed: options.speed)), clock: clock)
        let waiter = AlarmWaiter(clock: clock)

        await launch(scheduler: scheduler, favorites: favorites, state: state, at: clock.now)
        var actionIndex = 0
        while true {
            let nextDelivery = await manager.nextFireDate
            let nextHit = state.nextWaveHit
            let nextAction = actionIndex < scenario.actions.count ? scenario.actions[actionIndex].at : nil
            guard let next = [nextDelivery, nextHit, nextAction].compactMap({ $0 }).min() else { break }
            if let manualClock {
                await manualClock.advance(to: next)
            } else if next > clock.now {
                await waiter.wait(until: next)
                continue
            } else if next == nextDelivery && nextHit.map({ $0 > clock.now }) ?? true
                && nextAction.map({ $0 > clock.now }) ?? true
            {
                // The adapter's own alarm delivers this; give it a moment instead of spinning.
                await waiter.wait(until: clock.now.addingTimeInterval(0.002 * Double(max(options.speed, 1))))
                continue
            }
            let now = clock.now
            while let hit = state.popWaveHit(dueBy: now) {
                if let event = state.events[hit] {
                    await scheduler.deliverWaveHit(for: event)
                }
            }
            while actionIndex < scenario.actions.count, scenario.actions[actionIndex].at <= now {
                let action = scenario.actions[actionIndex]
                actionIndex += 1
                await perform(action, scheduler: scheduler, favorites: favorites, state: &state, at: now)
            }
        }
        await manager.stop()
        let counts = counters.snapshot
        return ReplaySummary(
            speed: options.speed, isGated: options.speed != 1, scheduled: counts.scheduled, cancelled: counts.cancelled,
            delivered: counts.delivered, missed: counts.missed, failed: counts.failed,
            peakPending: await manager.peakArmedCount, pendingLimit: options.pendingLimit)
    }

    private func launch(
        scheduler: DefaultNotificationScheduler, favorites: InMemoryFavoriteEventsStore, state: ReplayState,
        at now: Date
    ) async {
        let favoriteIDs = await favorites.favoriteIDs()
        actionLog?.replay(didLaunchAt: now, favorites: favoriteIDs.count, events: state.events.count)
        await scheduler.syncNotifications(favoriteIDs: favoriteIDs, currentEvents: state.orderedEvents)
    }

    private func perform(
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
