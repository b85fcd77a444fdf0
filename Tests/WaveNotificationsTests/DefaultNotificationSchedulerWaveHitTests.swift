import Testing
import WaveNotifications
import WaveNotificationsTesting

struct DefaultNotificationSchedulerWaveHitTests {
    @Test func aFavoriteGetsTheWaveHitNotificationNow() async {
        let harness = SchedulerHarness()
        let event = Fixtures.event()
        #expect(await harness.scheduler.deliverWaveHit(for: event) == .delivered)
        #expect(
            harness.manager.calls == [
                .deliverNow(
                    eventID: "paris", trigger: .waveHit,
                    content: DefaultNotificationContentProvider().waveHitNotification(for: event))
            ])
        #expect(harness.manager.pending.isEmpty)
    }

    @Test func aNonFavoriteGetsNothing() async {
        let harness = SchedulerHarness(favoriteIDs: ["tokyo"])
        #expect(await harness.scheduler.deliverWaveHit(for: Fixtures.event(id: "paris")) == .notFavorite)
        #expect(harness.manager.calls.isEmpty)
    }

    @Test func theWaveHitIsDeliveredOncePerEvent() async {
        let harness = SchedulerHarness(favoriteIDs: ["paris", "tokyo"])
        #expect(await harness.scheduler.deliverWaveHit(for: Fixtures.event(id: "paris")) == .delivered)
        #expect(await harness.scheduler.deliverWaveHit(for: Fixtures.event(id: "paris")) == .alreadyDelivered)
        #expect(await harness.scheduler.deliverWaveHit(for: Fixtures.event(id: "tokyo")) == .delivered)
        #expect(
            harness.managerCalls == [
                .deliverNow(eventID: "paris", trigger: .waveHit), .deliverNow(eventID: "tokyo", trigger: .waveHit),
            ])
    }

    @Test func copiesOfASchedulerShareWhatWasDelivered() async {
        let harness = SchedulerHarness()
        let copy = harness.scheduler
        #expect(await harness.scheduler.deliverWaveHit(for: Fixtures.event()) == .delivered)
        #expect(await copy.deliverWaveHit(for: Fixtures.event()) == .alreadyDelivered)
    }

    @Test func concurrentCallsDeliverExactlyOnce() async {
        let harness = SchedulerHarness()
        let scheduler = harness.scheduler
        let outcomes = await withTaskGroup(of: WaveHitOutcome.self) { group in
            for _ in 0..<20 {
                group.addTask { await scheduler.deliverWaveHit(for: Fixtures.event()) }
            }
            return await group.reduce(into: [WaveHitOutcome]()) { $0.append($1) }
        }
        #expect(outcomes.filter { $0 == .delivered }.count == 1)
        #expect(outcomes.filter { $0 == .alreadyDelivered }.count == 19)
        #expect(harness.manager.calls.count == 1)
    }

    @Test(arguments: [Simulation(speed: 10), Simulation(speed: 0), Simulation(speed: 1)])
    func simulationSpeedDoesNotGateTheWaveHit(simulation: Simulation) async {
        let harness = SchedulerHarness(simulation: simulation)
        #expect(await harness.scheduler.deliverWaveHit(for: Fixtures.event()) == .delivered)
        #expect(harness.manager.delivered.count == 1)
    }

    @Test func anEventInProgressStillGetsItsWaveHit() async {
        let harness = SchedulerHarness()
        #expect(await harness.scheduler.deliverWaveHit(for: Fixtures.event(startsIn: .seconds(-300))) == .delivered)
    }

    @Test func aFailedDeliveryIsReportedAndCanBeRetried() async {
        let failing = WaveLock(true)
        let harness = SchedulerHarness { _ in failing.withLock { $0 } ? InjectedFailure() : nil }
        #expect(await harness.scheduler.deliverWaveHit(for: Fixtures.event()) == .failed)
        #expect(
            harness.observer.reports == [
                .managerCallFailed(.deliverNow(eventID: "paris", trigger: .waveHit), error: "injected failure")
            ])
        #expect(harness.manager.delivered.isEmpty)

        failing.withLock { $0 = false }
        #expect(await harness.scheduler.deliverWaveHit(for: Fixtures.event()) == .delivered)
        #expect(await harness.scheduler.deliverWaveHit(for: Fixtures.event()) == .alreadyDelivered)
        #expect(harness.manager.delivered.count == 1)
        #expect(harness.manager.calls.count == 2)
    }
}
