import Testing
import WaveNotifications
import WaveNotificationsTesting

struct DefaultNotificationSchedulerInvalidIDTests {
    private static let invalidIDs: [(String, EventIDError)] = [
        ("", .empty), (String(repeating: "a", count: 51), .tooLong(length: 51)),
        ("a b", .invalidCharacter(" ", offset: 1)), ("../etc", .invalidCharacter(".", offset: 0)),
        ("caf\u{E9}", .invalidCharacter("\u{E9}", offset: 3)), ("x\ny", .invalidCharacter("\n", offset: 1)),
    ]

    @Test(arguments: invalidIDs)
    func schedulingAnInvalidIDMakesNoManagerCallAndIsReported(id: String, error: EventIDError) async {
        let harness = SchedulerHarness(favoriteIDs: [id])
        await harness.scheduler.scheduleAllNotifications(for: Fixtures.event(id: id))
        #expect(harness.manager.calls.isEmpty)
        #expect(harness.observer.reports == [.invalidEventID(id, error)])
    }

    @Test(arguments: invalidIDs)
    func anInvalidIDIsNeverEligible(id: String, error: EventIDError) async {
        let harness = SchedulerHarness(favoriteIDs: [id])
        #expect(await !harness.scheduler.shouldScheduleNotifications(for: Fixtures.event(id: id)))
        #expect(harness.manager.calls.isEmpty)
        #expect(harness.observer.reports == [.invalidEventID(id, error)])
    }

    @Test(arguments: invalidIDs)
    func anInvalidIDGetsNoWaveHit(id: String, error: EventIDError) async {
        let harness = SchedulerHarness(favoriteIDs: [id])
        #expect(await harness.scheduler.deliverWaveHit(for: Fixtures.event(id: id)) == .invalidEventID)
        #expect(harness.manager.calls.isEmpty)
        #expect(harness.observer.reports == [.invalidEventID(id, error)])
    }

    @Test(arguments: invalidIDs)
    func syncSkipsAnInvalidIDWithoutAManagerCall(id: String, error: EventIDError) async {
        let harness = SchedulerHarness(favoriteIDs: [id, "paris"])
        await harness.scheduler.syncNotifications(
            favoriteIDs: [id, "paris"], currentEvents: [Fixtures.event(id: id), Fixtures.event(id: "paris")])
        #expect(harness.managerCalls.allSatisfy { $0 != .cancelAll(eventID: id) })
        #expect(harness.managerCalls.first == .cancelAll(eventID: "paris"))
        #expect(harness.manager.calls.count == 7)
        #expect(harness.observer.reports == [.invalidEventID(id, error)])
    }
}
