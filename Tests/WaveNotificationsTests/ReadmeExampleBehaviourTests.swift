import Foundation
import Testing
import WaveNotifications
import WaveNotificationsTesting

/// What the conformer example of ReadmeExampleTests.swift (docs/conformers.md) does, tested.
struct ReadmeExampleBehaviourTests {
    @Test func favoritingSchedulesThroughTheCenter() async throws {
        let center = InMemoryNotificationCenter()
        let favorites = InMemoryFavoriteEventsStore()
        let observer = RecordingSchedulerObserver()
        let clock = ManualWaveClock(now: Fixtures.now)
        let scheduler = DefaultNotificationScheduler(
            manager: CenterNotificationManager(center: center), favorites: favorites, clock: clock, observer: observer)
        let event = Fixtures.event(id: "a", startsIn: .seconds(20 * 60))

        await userDidFavorite(event, favorites: favorites, scheduler: scheduler)

        #expect(
            await center.pending.keys.sorted() == [
                "event_a_finished", "event_a_start_10m", "event_a_start_1m", "event_a_start_5m",
            ])
        #expect(await center.pending["event_a_start_10m"]?.delay == .seconds(10 * 60))
        #expect(await center.pending["event_a_start_10m"]?.thread == "event_a")
        #expect(observer.reports.isEmpty)
    }

    @Test func theManagerKeepsTheContract() async throws {
        let center = InMemoryNotificationCenter()
        let manager = CenterNotificationManager(center: center)
        let content = NotificationContent(titleKey: "t", bodyKey: "b", deepLink: "worldwidewaves://event?id=a")
        try await manager.scheduleNotification(
            eventID: "a", trigger: .eventFinished, delay: .seconds(1), content: content)
        try await manager.scheduleNotification(
            eventID: "a", trigger: .eventFinished, delay: .seconds(2), content: content)
        try await manager.scheduleNotification(
            eventID: "a_b", trigger: .eventFinished, delay: .seconds(3), content: content)
        try await manager.scheduleNotification(
            eventID: "a", trigger: .eventStarting(.seconds(60)), delay: .seconds(4), content: content)
        #expect(await center.pending.count == 3)
        #expect(await center.pending["event_a_finished"]?.delay == .seconds(2))

        try await manager.deliverNow(eventID: "a", trigger: .waveHit, content: content)
        #expect(await center.shown.map(\.identifier) == ["event_a_wave_hit"])
        #expect(await center.pending.count == 3)

        try await manager.cancelNotification(eventID: "a", trigger: .eventStarting(.seconds(60)))
        #expect(await center.pending.keys.sorted() == ["event_a_b_finished", "event_a_finished"])

        try await manager.cancelAllNotifications(eventID: "a")
        #expect(await center.pending.keys.sorted() == ["event_a_b_finished"])

        await #expect(throws: EventIDError.invalidCharacter("/", offset: 1)) {
            try await manager.scheduleNotification(
                eventID: "a/b", trigger: .eventFinished, delay: .seconds(1), content: content)
        }
        await #expect(throws: EventIDError.empty) {
            try await manager.cancelAllNotifications(eventID: "")
        }
    }

    @Test func aFailingCenterIsReportedThroughTheScheduler() async {
        let center = InMemoryNotificationCenter(failing: true)
        let observer = RecordingSchedulerObserver()
        let scheduler = makeScheduler(
            center: center, favorites: InMemoryFavoriteEventsStore(favoriteIDs: ["a"]), observer: observer)
        #expect(await scheduler.deliverWaveHit(for: Fixtures.event(id: "a")) == .failed)
        #expect(
            observer.reports == [
                .managerCallFailed(.deliverNow(eventID: "a", trigger: .waveHit), error: "injected failure")
            ])
    }

    @Test func everyPublicProtocolCanBeImplementedOutsideTheModule() async {
        let event = ConcertEvent(id: "concert", title: "Concert Wave", venue: "Stadium", start: Fixtures.now + 7200)
        let favorites = ActorFavoritesStore()
        await favorites.setFavorite(true, eventID: "concert")
        let observer = CountingSchedulerObserver()
        let manager = RecordingNotificationManager { call -> (any Error)? in
            if case .cancelAll = call { return InjectedFailure() }
            return nil
        }
        let scheduler = DefaultNotificationScheduler(
            manager: manager, contentProvider: ShoutingContentProvider(), favorites: favorites,
            simulation: FixedSimulationSettings(simulation: Simulation(speed: 1)), clock: FixedClock(now: Fixtures.now),
            observer: observer)

        #expect(await favorites.favoriteIDs() == ["concert"])
        #expect(await scheduler.shouldScheduleNotifications(for: event))
        await scheduler.syncNotifications(favoriteIDs: ["concert"], currentEvents: [event])
        #expect(observer.count == 1)
        #expect(manager.pending.count == 6)
        #expect(manager.pending.values.allSatisfy { $0.content.titleKey == "CONCERT WAVE" })
        #expect(
            manager.pending.values.first { $0.identifier.trigger == .eventFinished }?.delay
                == .seconds(7200 + 5400))

        let disabled = DisabledNotificationScheduler()
        #expect(await !disabled.shouldScheduleNotifications(for: event))
        await exercise(disabled, with: event)

        let alarms = QueueAlarmClock(now: Fixtures.now)
        let woken = WaveLock(0)
        alarms.setAlarm(AlarmID(), at: Fixtures.now) { woken.withLock { $0 += 1 } }
        alarms.setAlarm(AlarmID(), at: Fixtures.now + 1) { woken.withLock { $0 += 10 } }
        await alarms.wakeDueAlarms()
        #expect(woken.withLock { $0 } == 1)
    }

    private func exercise(_ scheduler: some NotificationScheduler, with event: some WaveEvent) async {
        await scheduler.scheduleAllNotifications(for: event)
        await scheduler.cancelAllNotifications(eventID: event.id)
        await scheduler.syncNotifications(favoriteIDs: [event.id], currentEvents: [event])
    }
}

/// An in-memory center for the tests.
private actor InMemoryNotificationCenter: NotificationCenterClient {
    private(set) var pending: [String: CenterRequest] = [:]
    private(set) var shown: [CenterRequest] = []
    private let failing: Bool

    init(failing: Bool = false) {
        self.failing = failing
    }

    func add(_ request: CenterRequest) async throws {
        if failing { throw InjectedFailure() }
        if request.delay == nil {
            shown.append(request)
        } else {
            pending[request.identifier] = request
        }
    }

    func pendingIdentifiers(inThread thread: String) async -> [String] {
        pending.values.filter { $0.thread == thread }.map(\.identifier)
    }

    func removePendingRequests(withIdentifiers identifiers: [String]) async {
        for identifier in identifiers {
            pending[identifier] = nil
        }
    }
}

/// An app's own event model.
private struct ConcertEvent: WaveEvent {
    var id: String
    var title: String
    var venue: String
    var start: Date
    var name: String { title }
    var location: String { venue }
    var startDate: Date { start }
    var endDate: Date { start + 5400 }
    var timeZone: TimeZone? { nil }
}

/// Favorites kept by an actor.
private actor ActorFavoritesStore: FavoriteEventsStore {
    private var ids: Set<String> = []

    func isFavorite(eventID: String) async -> Bool { ids.contains(eventID) }
    func favoriteIDs() async -> Set<String> { ids }
    func setFavorite(_ isFavorite: Bool, eventID: String) async {
        if isFavorite { ids.insert(eventID) } else { ids.remove(eventID) }
    }
}

/// Settings that never change.
private struct FixedSimulationSettings: SimulationSettings {
    var simulation: Simulation?
    func currentSimulation() async -> Simulation? { simulation }
}

/// A clock stopped at one instant.
private struct FixedClock: WaveClock {
    var now: Date
}

/// An alarm clock whose owner decides when due alarms run.
private final class QueueAlarmClock: AlarmClock {
    private let alarms = WaveLock<[AlarmID: (Date, @Sendable () async -> Void)]>([:])
    let now: Date

    init(now: Date) {
        self.now = now
    }

    func setAlarm(_ id: AlarmID, at deadline: Date?, wake: @escaping @Sendable () async -> Void) {
        alarms.withLock { $0[id] = deadline.map { ($0, wake) } }
    }

    func wakeDueAlarms() async {
        let due = alarms.withLock { alarms in
            let due = alarms.filter { $0.value.0 <= now }
            for id in due.keys { alarms[id] = nil }
            return due.values.map(\.1)
        }
        for wake in due { await wake() }
    }
}

/// Content whose keys are the event name in capitals, to prove the scheduler uses the given provider.
private struct ShoutingContentProvider: NotificationContentProvider {
    func startingNotification(for event: some WaveEvent, before interval: Duration) -> NotificationContent {
        NotificationContent(titleKey: event.name.uppercased(), bodyKey: interval.description, deepLink: "")
    }

    func finishedNotification(for event: some WaveEvent) -> NotificationContent {
        NotificationContent(titleKey: event.name.uppercased(), bodyKey: "finished", deepLink: "")
    }

    func waveHitNotification(for event: some WaveEvent) -> NotificationContent {
        NotificationContent(titleKey: event.name.uppercased(), bodyKey: "hit", deepLink: "")
    }
}

/// A scheduler for users who turned notifications off.
private struct DisabledNotificationScheduler: NotificationScheduler {
    func shouldScheduleNotifications(for event: some WaveEvent) async -> Bool { false }
    func scheduleAllNotifications(for event: some WaveEvent) async {}
    func cancelAllNotifications(eventID: String) async {}
    func syncNotifications(favoriteIDs: Set<String>, currentEvents: [any WaveEvent]) async {}
}

/// An observer that only counts reports.
private final class CountingSchedulerObserver: SchedulerObserver {
    private let reports = WaveLock(0)
    var count: Int { reports.withLock { $0 } }
    func schedulerDidReport(_ problem: SchedulerProblem) { reports.withLock { $0 += 1 } }
}
