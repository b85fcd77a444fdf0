import Foundation
import WaveNotifications
import WaveNotificationsTesting

/// A ``DefaultNotificationScheduler`` wired to a recording manager, a recording observer, in-memory
/// favorites and simulation settings, and a manual clock at ``Fixtures/now``.
struct SchedulerHarness {
    let manager: RecordingNotificationManager
    let observer = RecordingSchedulerObserver()
    let favorites: InMemoryFavoriteEventsStore
    let simulation: SimulationSettingsStore
    let clock = ManualWaveClock(now: Fixtures.now)
    let scheduler: DefaultNotificationScheduler

    init(
        favoriteIDs: Set<String> = ["paris"],
        simulation: Simulation? = nil,
        failure: @escaping @Sendable (RecordingNotificationManager.Call) -> (any Error)? = { _ in nil }
    ) {
        manager = RecordingNotificationManager(failure: failure)
        favorites = InMemoryFavoriteEventsStore(favoriteIDs: favoriteIDs)
        self.simulation = SimulationSettingsStore(simulation: simulation)
        scheduler = DefaultNotificationScheduler(
            manager: manager, favorites: favorites, simulation: self.simulation, clock: clock, observer: observer)
    }

    /// The calls the manager received, without their payloads.
    var managerCalls: [ManagerCall] { manager.calls.map(\.managerCall) }

    /// The expected `schedule` calls for `event`, one per trigger, with the default content.
    static func expectedSchedule(
        of event: WaveEventRecord, _ triggers: [(NotificationTrigger, Duration)]
    ) -> [RecordingNotificationManager.Call] {
        let content = DefaultNotificationContentProvider()
        return triggers.map { trigger, delay in
            let payload: NotificationContent
            switch trigger {
            case .eventStarting(let interval): payload = content.startingNotification(for: event, before: interval)
            case .eventFinished: payload = content.finishedNotification(for: event)
            case .waveHit: payload = content.waveHitNotification(for: event)
            }
            return .schedule(eventID: event.id, trigger: trigger, delay: delay, content: payload)
        }
    }
}
