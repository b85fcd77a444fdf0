import Foundation
import Testing
import WaveNotifications
import WaveNotificationsTesting

struct DefaultNotificationSchedulerSchedulingTests {
    private static let hour = Duration.seconds(3600)
    private static let minute = Duration.seconds(60)

    @Test func anEventTwoHoursAwayGetsAllFiveRemindersAndTheFinishedNotificationWithExactDelays() async {
        let harness = SchedulerHarness()
        let event = Fixtures.event(startsIn: .seconds(2 * 3600), lasts: .seconds(3600))
        await harness.scheduler.scheduleAllNotifications(for: event)
        #expect(
            harness.manager.calls
                == SchedulerHarness.expectedSchedule(
                    of: event,
                    [
                        (.eventStarting(Self.hour), Self.hour),
                        (.eventStarting(Self.minute * 30), Self.minute * 90),
                        (.eventStarting(Self.minute * 10), Self.minute * 110),
                        (.eventStarting(Self.minute * 5), Self.minute * 115),
                        (.eventStarting(Self.minute), Self.minute * 119),
                        (.eventFinished, Self.hour * 3),
                    ]))
        #expect(harness.manager.pending.count == 6)
        #expect(harness.observer.reports.isEmpty)
    }

    @Test func anEventTwentyMinutesAwayGetsOnlyTheTenFiveAndOneMinuteRemindersAndFinished() async {
        let harness = SchedulerHarness()
        let event = Fixtures.event(startsIn: Self.minute * 20, lasts: Self.minute * 45)
        await harness.scheduler.scheduleAllNotifications(for: event)
        #expect(
            harness.manager.calls
                == SchedulerHarness.expectedSchedule(
                    of: event,
                    [
                        (.eventStarting(Self.minute * 10), Self.minute * 10),
                        (.eventStarting(Self.minute * 5), Self.minute * 15),
                        (.eventStarting(Self.minute), Self.minute * 19),
                        (.eventFinished, Self.minute * 65),
                    ]))
    }

    @Test(arguments: [
        (Duration.seconds(3600), [Duration.seconds(1800), .seconds(600), .seconds(300), .seconds(60)]),
        (.seconds(600), [.seconds(300), .seconds(60)]),
        (.seconds(60), []),
    ])
    func aReminderWhoseInstantIsExactlyNowIsSkipped(startsIn: Duration, expectedIntervals: [Duration]) async {
        let harness = SchedulerHarness()
        let event = Fixtures.event(startsIn: startsIn, lasts: .seconds(600))
        await harness.scheduler.scheduleAllNotifications(for: event)
        #expect(
            harness.managerCalls
                == expectedIntervals.map { .schedule(eventID: "paris", trigger: .eventStarting($0)) }
                + [.schedule(eventID: "paris", trigger: .eventFinished)])
    }

    @Test func subSecondInstantsGiveExactDelays() async {
        let harness = SchedulerHarness()
        let event = Fixtures.event(startsIn: .seconds(7200) + .milliseconds(250), lasts: .seconds(10))
        await harness.scheduler.scheduleAllNotifications(for: event)
        let delays = harness.manager.calls.compactMap { call -> Duration? in
            if case .schedule(_, _, let delay, _) = call { return delay }
            return nil
        }
        #expect(
            delays == [
                .milliseconds(3_600_250), .milliseconds(5_400_250), .milliseconds(6_600_250),
                .milliseconds(6_900_250), .milliseconds(7_140_250), .milliseconds(7_210_250),
            ])
    }

    @Test func anEventInProgressGetsOnlyTheFinishedNotification() async {
        let harness = SchedulerHarness()
        let event = Fixtures.event(startsIn: .seconds(-600), lasts: .seconds(1800))
        await harness.scheduler.scheduleAllNotifications(for: event)
        #expect(
            harness.manager.calls
                == SchedulerHarness.expectedSchedule(of: event, [(.eventFinished, .seconds(1200))]))
    }

    @Test(arguments: [Duration.zero, .seconds(-1)])
    func anEventEndedOrEndingExactlyNowGetsNothing(endsIn: Duration) async {
        let harness = SchedulerHarness()
        let event = Fixtures.event(startsIn: .seconds(-3600) + endsIn, lasts: .seconds(3600))
        await harness.scheduler.scheduleAllNotifications(for: event)
        #expect(harness.manager.calls.isEmpty)
    }

    @Test func eligibilityIsNotRecheckedWhenSchedulingDirectly() async {
        let harness = SchedulerHarness(favoriteIDs: [], simulation: Simulation(speed: 10))
        await harness.scheduler.scheduleAllNotifications(for: Fixtures.event(startsIn: .seconds(7200)))
        #expect(harness.manager.calls.count == 6)
    }

    @Test func nowIsReadOnceForAllDelays() async {
        let clock = TickingClock(start: Fixtures.now, tick: .seconds(1))
        let manager = RecordingNotificationManager()
        let scheduler = DefaultNotificationScheduler(
            manager: manager, favorites: InMemoryFavoriteEventsStore(), clock: clock)
        await scheduler.scheduleAllNotifications(for: Fixtures.event(startsIn: .seconds(7200), lasts: .seconds(3600)))
        let delays = manager.calls.compactMap { call -> Duration? in
            if case .schedule(_, _, let delay, _) = call { return delay }
            return nil
        }
        // A second reading would be one tick later and shorten every later delay by a second.
        #expect(
            delays == [
                Self.hour, Self.minute * 90, Self.minute * 110, Self.minute * 115, Self.minute * 119, Self.hour * 3,
            ])
        #expect(clock.readings == 1)
    }

    @Test func aFailingCallIsReportedAndTheOtherFiveStillHappen() async {
        let failing = ManagerCall.schedule(eventID: "paris", trigger: .eventStarting(.seconds(1800)))
        let harness = SchedulerHarness { $0.managerCall == failing ? InjectedFailure() : nil }
        await harness.scheduler.scheduleAllNotifications(for: Fixtures.event(startsIn: .seconds(7200)))
        #expect(
            harness.managerCalls
                == [Duration.seconds(3600), .seconds(1800), .seconds(600), .seconds(300), .seconds(60)].map {
                    .schedule(eventID: "paris", trigger: .eventStarting($0))
                } + [.schedule(eventID: "paris", trigger: .eventFinished)])
        #expect(harness.manager.pending.count == 5)
        #expect(harness.observer.reports == [.managerCallFailed(failing, error: "injected failure")])
    }

    @Test func everyFailingCallIsReported() async {
        let harness = SchedulerHarness { _ in InjectedFailure() }
        await harness.scheduler.scheduleAllNotifications(for: Fixtures.event(startsIn: .seconds(7200)))
        #expect(harness.manager.calls.count == 6)
        #expect(harness.manager.pending.isEmpty)
        #expect(
            harness.observer.reports
                == harness.managerCalls.map { .managerCallFailed($0, error: "injected failure") })
    }

    @Test func schedulingAgainReplacesInsteadOfAdding() async {
        let harness = SchedulerHarness()
        let event = Fixtures.event(startsIn: .seconds(7200))
        await harness.scheduler.scheduleAllNotifications(for: event)
        await harness.clock.advance(by: .seconds(60))
        await harness.scheduler.scheduleAllNotifications(for: event)
        #expect(harness.manager.pending.count == 6)
        let hourReminder = harness.manager.pending.values.first { $0.identifier.trigger == .eventStarting(Self.hour) }
        #expect(hourReminder?.delay == Self.minute * 59)
    }

    @Test func cancelAllPassesStraightToTheManager() async {
        let harness = SchedulerHarness()
        await harness.scheduler.scheduleAllNotifications(for: Fixtures.event(startsIn: .seconds(7200)))
        harness.manager.clearCalls()
        await harness.scheduler.cancelAllNotifications(eventID: "paris")
        await harness.scheduler.cancelAllNotifications(eventID: "not-a-favorite")
        #expect(harness.managerCalls == [.cancelAll(eventID: "paris"), .cancelAll(eventID: "not-a-favorite")])
        #expect(harness.manager.pending.isEmpty)
    }

    @Test func aFailingCancelAllIsReported() async {
        let harness = SchedulerHarness { _ in InjectedFailure() }
        await harness.scheduler.cancelAllNotifications(eventID: "paris")
        #expect(
            harness.observer.reports == [.managerCallFailed(.cancelAll(eventID: "paris"), error: "injected failure")])
    }
}

/// A clock that moves forward by `tick` every time it is read.
private final class TickingClock: WaveClock {
    private struct State {
        var now: Date
        var readings = 0
    }

    private let state: WaveLock<State>
    private let tick: TimeInterval

    init(start: Date, tick: Duration) {
        state = WaveLock(State(now: start))
        self.tick = Fixtures.seconds(tick)
    }

    var readings: Int { state.withLock { $0.readings } }

    var now: Date {
        state.withLock { state in
            defer {
                state.now = state.now.addingTimeInterval(tick)
                state.readings += 1
            }
            return state.now
        }
    }
}
