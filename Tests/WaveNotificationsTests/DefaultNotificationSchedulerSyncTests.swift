import Foundation
import Testing
import WaveNotifications
import WaveNotificationsTesting

struct DefaultNotificationSchedulerSyncTests {
    private static let missing = "a-missing"
    private static let eligible = Fixtures.event(id: "b-eligible", startsIn: .seconds(7200))
    private static let started = Fixtures.event(id: "c-started", startsIn: .seconds(-60))
    private static let outsider = Fixtures.event(id: "d-outsider", startsIn: .seconds(7200))
    private static let content = NotificationContent(titleKey: "t", bodyKey: "b", deepLink: "")

    private static let eligibleSchedule: [ManagerCall] =
        NotificationTrigger.standardStartingIntervals.map {
            .schedule(eventID: eligible.id, trigger: .eventStarting($0))
        } + [.schedule(eventID: eligible.id, trigger: .eventFinished)]

    /// A harness whose manager already holds a pending request for each of the four ids, calls cleared.
    private static func harness(simulation: Simulation?) async throws -> SchedulerHarness {
        let harness = SchedulerHarness(
            favoriteIDs: [missing, eligible.id, started.id, outsider.id], simulation: simulation)
        for id in [missing, eligible.id, started.id, outsider.id] {
            try await harness.manager.scheduleNotification(
                eventID: id, trigger: .eventStarting(.seconds(120)), delay: .seconds(1), content: content)
        }
        harness.manager.clearCalls()
        return harness
    }

    /// Missing and started events are cancelled; the eligible one is cancelled, then rescheduled, unless an
    /// accelerated or paused simulation makes it ineligible too. The outsider is never touched.
    @Test(arguments: [
        (Simulation?.none, true), (Simulation(speed: 1), true), (Simulation(speed: 10), false),
        (Simulation(speed: 0), false),
    ])
    func syncCancelsOrReschedulesEachGivenIDExactly(simulation: Simulation?, eligibleIsScheduled: Bool) async throws {
        let harness = try await Self.harness(simulation: simulation)
        await harness.scheduler.syncNotifications(
            favoriteIDs: [Self.started.id, Self.missing, Self.eligible.id],
            currentEvents: [Self.outsider, Self.started, Self.eligible])

        let expected: [ManagerCall] =
            [.cancelAll(eventID: Self.missing), .cancelAll(eventID: Self.eligible.id)]
            + (eligibleIsScheduled ? Self.eligibleSchedule : []) + [.cancelAll(eventID: Self.started.id)]
        #expect(harness.managerCalls == expected)
        #expect(
            harness.manager.pending.keys.filter { $0.eventID == Self.eligible.id }.count
                == (eligibleIsScheduled ? 6 : 0))
        #expect(
            harness.manager.pending.keys.filter { $0.eventID == Self.missing || $0.eventID == Self.started.id }.isEmpty)
        #expect(harness.manager.pending.keys.filter { $0.eventID == Self.outsider.id }.count == 1)
        #expect(harness.observer.reports.isEmpty)
    }

    @Test func anEmptySetMakesNoManagerCall() async throws {
        let harness = try await Self.harness(simulation: nil)
        await harness.scheduler.syncNotifications(
            favoriteIDs: [], currentEvents: [Self.outsider, Self.started, Self.eligible])
        #expect(harness.manager.calls.isEmpty)
        #expect(harness.manager.pending.count == 4)
    }

    @Test func noCurrentEventsCancelsEveryGivenID() async throws {
        let harness = try await Self.harness(simulation: nil)
        await harness.scheduler.syncNotifications(favoriteIDs: [Self.eligible.id, Self.missing], currentEvents: [])
        #expect(harness.managerCalls == [.cancelAll(eventID: Self.missing), .cancelAll(eventID: Self.eligible.id)])
    }

    /// Eligibility asks the favorites store, as the original app does: an id given to sync that the store no
    /// longer holds is cancelled, not rescheduled.
    @Test func anIDTheStoreNoLongerHoldsIsOnlyCancelled() async throws {
        let harness = try await Self.harness(simulation: nil)
        await harness.favorites.setFavorite(false, eventID: Self.eligible.id)
        await harness.scheduler.syncNotifications(favoriteIDs: [Self.eligible.id], currentEvents: [Self.eligible])
        #expect(harness.managerCalls == [.cancelAll(eventID: Self.eligible.id)])
    }

    @Test func theFirstOfTwoEventsWithTheSameIDCounts() async throws {
        let harness = try await Self.harness(simulation: nil)
        let startedTwin = Fixtures.event(id: Self.eligible.id, startsIn: .seconds(-60))
        await harness.scheduler.syncNotifications(
            favoriteIDs: [Self.eligible.id], currentEvents: [Self.eligible, startedTwin])
        #expect(harness.managerCalls == [.cancelAll(eventID: Self.eligible.id)] + Self.eligibleSchedule)

        harness.manager.clearCalls()
        await harness.scheduler.syncNotifications(
            favoriteIDs: [Self.eligible.id], currentEvents: [startedTwin, Self.eligible])
        #expect(harness.managerCalls == [.cancelAll(eventID: Self.eligible.id)])
    }

    @Test func aFailingCancelIsReportedAndSyncCarriesOn() async throws {
        let harness = SchedulerHarness(favoriteIDs: [Self.eligible.id]) { call in
            call.managerCall == .cancelAll(eventID: Self.missing) ? InjectedFailure() : nil
        }
        await harness.scheduler.syncNotifications(
            favoriteIDs: [Self.missing, Self.eligible.id], currentEvents: [Self.eligible])
        #expect(
            harness.managerCalls
                == [.cancelAll(eventID: Self.missing), .cancelAll(eventID: Self.eligible.id)] + Self.eligibleSchedule)
        #expect(
            harness.observer.reports == [
                .managerCallFailed(.cancelAll(eventID: Self.missing), error: "injected failure")
            ])
    }

    @Test func syncingTwiceLeavesTheSamePendingSet() async throws {
        let harness = try await Self.harness(simulation: nil)
        let ids: Set<String> = [Self.missing, Self.eligible.id, Self.started.id]
        await harness.scheduler.syncNotifications(favoriteIDs: ids, currentEvents: [Self.started, Self.eligible])
        let afterFirst = harness.manager.pending
        await harness.scheduler.syncNotifications(favoriteIDs: ids, currentEvents: [Self.started, Self.eligible])
        #expect(harness.manager.pending == afterFirst)
        #expect(afterFirst.count == 7)
    }
}
