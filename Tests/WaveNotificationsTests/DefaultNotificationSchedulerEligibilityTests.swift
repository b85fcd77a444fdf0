import Foundation
import Testing
import WaveNotifications
import WaveNotificationsTesting

struct DefaultNotificationSchedulerEligibilityTests {
    @Test func aFutureFavoriteWithoutSimulationIsEligible() async {
        let harness = SchedulerHarness()
        #expect(await harness.scheduler.shouldScheduleNotifications(for: Fixtures.event()))
        #expect(harness.manager.calls.isEmpty)
        #expect(harness.observer.reports.isEmpty)
    }

    @Test func aNonFavoriteIsNotEligible() async {
        let harness = SchedulerHarness(favoriteIDs: ["tokyo"])
        #expect(await !harness.scheduler.shouldScheduleNotifications(for: Fixtures.event(id: "paris")))
    }

    @Test func unmarkingAFavoriteMakesItIneligible() async {
        let harness = SchedulerHarness()
        await harness.favorites.setFavorite(false, eventID: "paris")
        #expect(await !harness.scheduler.shouldScheduleNotifications(for: Fixtures.event()))
    }

    @Test(arguments: [
        (Duration.seconds(-3600), false), (.seconds(-1), false), (.zero, false), (.milliseconds(1), true),
        (.seconds(1), true), (.seconds(24 * 60 * 60), true),
    ])
    func onlyAnEventStartingStrictlyAfterNowIsEligible(startsIn: Duration, eligible: Bool) async {
        let harness = SchedulerHarness()
        #expect(
            await harness.scheduler.shouldScheduleNotifications(for: Fixtures.event(startsIn: startsIn)) == eligible)
    }

    @Test func anEventStartingExactlyNowIsNotEligible() async {
        let harness = SchedulerHarness()
        let event = WaveEventRecord(
            id: "paris", name: "Paris Wave", location: "Paris", startDate: harness.clock.now,
            endDate: harness.clock.now.addingTimeInterval(3600))
        #expect(await !harness.scheduler.shouldScheduleNotifications(for: event))
    }

    @Test func eligibilityFollowsTheClock() async {
        let harness = SchedulerHarness()
        let event = Fixtures.event(startsIn: .seconds(60))
        #expect(await harness.scheduler.shouldScheduleNotifications(for: event))
        await harness.clock.advance(by: .seconds(60))
        #expect(await !harness.scheduler.shouldScheduleNotifications(for: event))
    }

    @Test(arguments: [
        (Simulation?.none, true), (Simulation(speed: 1), true), (Simulation(speed: 0), false),
        (Simulation(speed: 2), false), (Simulation(speed: 10), false), (Simulation(speed: -1), false),
    ])
    func onlyRealTimeOrNoSimulationIsEligible(simulation: Simulation?, eligible: Bool) async {
        let harness = SchedulerHarness(simulation: simulation)
        #expect(await harness.scheduler.shouldScheduleNotifications(for: Fixtures.event()) == eligible)
    }

    @Test func simulationChangesTakeEffectImmediately() async {
        let harness = SchedulerHarness()
        harness.simulation.setSimulation(Simulation(speed: 10))
        #expect(await !harness.scheduler.shouldScheduleNotifications(for: Fixtures.event()))
        harness.simulation.setSimulation(nil)
        #expect(await harness.scheduler.shouldScheduleNotifications(for: Fixtures.event()))
    }

    /// Checks run favorite, then start, then simulation: a check after a failing one is never consulted.
    @Test(arguments: [
        (false, Duration.seconds(-60), false, 0),
        (true, .zero, false, 0),
        (true, .seconds(60), false, 1),
    ])
    func checksRunInOrderFavoriteThenStartThenSimulation(
        isFavorite: Bool, startsIn: Duration, eligible: Bool, simulationQueries: Int
    ) async {
        let simulation = CountingSimulationSettings(simulation: Simulation(speed: 10))
        let scheduler = DefaultNotificationScheduler(
            manager: RecordingNotificationManager(),
            favorites: InMemoryFavoriteEventsStore(favoriteIDs: isFavorite ? ["paris"] : []),
            simulation: simulation, clock: ManualWaveClock(now: Fixtures.now))
        #expect(await scheduler.shouldScheduleNotifications(for: Fixtures.event(startsIn: startsIn)) == eligible)
        #expect(simulation.queries == simulationQueries)
    }
}

/// Simulation settings that count how often they are asked.
private final class CountingSimulationSettings: SimulationSettings {
    private let simulation: Simulation?
    private let count = WaveLock(0)

    init(simulation: Simulation?) {
        self.simulation = simulation
    }

    var queries: Int { count.withLock { $0 } }

    func currentSimulation() async -> Simulation? {
        count.withLock { $0 += 1 }
        return simulation
    }
}
