internal import Foundation
internal import WaveLinuxAdapter
internal import WaveNotifications

/// WorldWideWaves on iOS (`wavesim-apps.md`, Platforms): the notification center holds the soonest 64 requests it is
/// handed and discards the rest, and the app hands over more only when it runs.
///
/// WorldWideWaves' app runs are the start, every action (a `reboot` excepted: iOS keeps its pending requests) and each
/// wave hit (the app is in the foreground when it shows that notification at once). A run that syncs prints a `run`
/// line; a wave hit hands nothing over and prints none. Between runs only the center acts: it shows what it holds at
/// each request's instant; a request the app handed over, never removed and the center did not hold is `lost` at its
/// instant. The scheduler, its sync and its calls are the app's own, through ``NotificationManagerBridge``.
extension ReplayEngine {
    func runOnIOS(clock: any AlarmClock, manualClock: ManualWaveClock?) async throws -> ReplaySummary {
        let limit = options.pendingLimit(on: .ios)
        let center = SimulatedIOSCenter(limit: limit, start: clock.now, keepsShown: true)
        var tally = PlatformTally(platform: .ios, log: platformLog)
        var state = ReplayState(scenario: scenario, start: clock.now)
        let favorites = InMemoryFavoriteEventsStore(favoriteIDs: Set(scenario.events.filter(\.isFavorite).map(\.id)))
        let scheduler = DefaultNotificationScheduler(
            manager: NotificationManagerBridge(center: center, clock: clock), favorites: favorites,
            simulation: SimulationSettingsStore(simulation: Simulation(speed: options.speed)), clock: clock)
        let waiter = AlarmWaiter(clock: clock)
        var delivered = 0
        var failed = 0
        /// Hands one notification the system shows to the sink.
        func show(_ request: NotificationRequest, scheduledFor: Date, isImmediate: Bool) async {
            let delivery = NotificationDelivery(
                request: request, text: renderer.render(request), scheduledFor: scheduledFor, deliveredAt: clock.now,
                isImmediate: isImmediate)
            do {
                try await sink.deliver(delivery)
                delivered += 1
            } catch {
                failed += 1
            }
        }

        await center.startRun()
        await launch(scheduler: scheduler, favorites: favorites, state: state, at: clock.now)
        await center.finishRun()
        tally.ran(await center.runReport(at: clock.now, cause: .start))
        var actionIndex = 0
        while true {
            let nextFire = await center.nextFireDate
            let nextHit = state.nextWaveHit
            let nextAction = actionIndex < scenario.actions.count ? scenario.actions[actionIndex].at : nil
            guard let next = [nextFire, nextHit, nextAction].compactMap({ $0 }).min() else { break }
            if let manualClock {
                await manualClock.advance(to: next)
            } else if next > clock.now {
                await waiter.wait(until: next)
                continue
            }
            let now = clock.now
            for fact in await center.advance(to: now) {
                switch fact {
                case .due(let request): await show(request, scheduledFor: request.fireAt, isImmediate: false)
                case .lost(let request, let reason): tally.lose(request, reason: reason)
                }
            }
            while let hit = state.popWaveHit(dueBy: now) {
                guard let event = state.events[hit] else { continue }
                await scheduler.deliverWaveHit(for: event)
                for request in await center.takeShown() {
                    await show(request, scheduledFor: now, isImmediate: true)
                }
            }
            while actionIndex < scenario.actions.count, scenario.actions[actionIndex].at <= now {
                let action = scenario.actions[actionIndex]
                actionIndex += 1
                guard action.kind != .reboot else {
                    // iOS keeps its pending requests across a restart, and the app does not run at boot.
                    actionLog?.replay(didPerform: action, at: now)
                    continue
                }
                await center.startRun()
                await perform(action, scheduler: scheduler, favorites: favorites, state: &state, at: now)
                await center.finishRun()
                let cause: AppRunReport.Cause = action.kind == .backgroundRefresh ? .backgroundRefresh : .action
                tally.ran(await center.runReport(at: now, cause: cause))
            }
        }
        var summary = ReplaySummary(
            speed: options.speed, isGated: options.speed != 1, scheduled: await center.addedCount,
            cancelled: await center.removedCount, delivered: delivered, missed: 0, failed: failed,
            peakPending: await center.peakPendingCount, pendingLimit: limit)
        tally.close(&summary)
        return summary
    }
}
