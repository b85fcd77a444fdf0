import Foundation
import TestSupport
import Testing
import WaveLinuxAdapter
import WaveNotifications
import WaveNotificationsTesting

/// `DefaultNotificationScheduler.syncNotifications` into the Linux manager, which takes an event's notifications
/// in one batch, leaves what the single calls leave: the same manager events in the same order, the same pending
/// requests, and the same scheduler reports when calls fail.
struct BatchedSyncTests {
    /// Why a test manager refuses a call.
    struct Refused: Error, CustomStringConvertible {
        let eventID: String
        var description: String { "refused \(eventID)" }
    }

    /// Forwards the single calls only, so the scheduler makes one call per notification (the path before batches).
    final class SingleCallManager: NotificationManager {
        let wrapped: LinuxNotificationManager
        let refuses: @Sendable (String, NotificationTrigger?) -> Bool
        private let log = WaveLock<[String]>([])

        init(
            wrapping wrapped: LinuxNotificationManager,
            refuses: @escaping @Sendable (String, NotificationTrigger?) -> Bool
        ) {
            self.wrapped = wrapped
            self.refuses = refuses
        }

        var calls: [String] { log.withLock { $0 } }

        func note(_ call: String) {
            log.withLock { $0.append(call) }
        }

        func scheduleNotification(
            eventID: String, trigger: NotificationTrigger, delay: Duration, content: NotificationContent
        ) async throws {
            note("schedule \(eventID)")
            if refuses(eventID, trigger) { throw Refused(eventID: eventID) }
            try await wrapped.scheduleNotification(eventID: eventID, trigger: trigger, delay: delay, content: content)
        }

        func deliverNow(eventID: String, trigger: NotificationTrigger, content: NotificationContent) async throws {
            try await wrapped.deliverNow(eventID: eventID, trigger: trigger, content: content)
        }

        func cancelNotification(eventID: String, trigger: NotificationTrigger) async throws {
            try await wrapped.cancelNotification(eventID: eventID, trigger: trigger)
        }

        func cancelAllNotifications(eventID: String) async throws {
            note("cancelAll \(eventID)")
            if refuses(eventID, nil) { throw Refused(eventID: eventID) }
            try await wrapped.cancelAllNotifications(eventID: eventID)
        }
    }

    /// The same, taking batches whole: a batch holding a refused call is refused before anything changes.
    final class BatchManager: BatchingNotificationManager {
        let single: SingleCallManager

        init(
            wrapping wrapped: LinuxNotificationManager,
            refuses: @escaping @Sendable (String, NotificationTrigger?) -> Bool
        ) {
            single = SingleCallManager(wrapping: wrapped, refuses: refuses)
        }

        func scheduleNotification(
            eventID: String, trigger: NotificationTrigger, delay: Duration, content: NotificationContent
        ) async throws {
            try await single.scheduleNotification(eventID: eventID, trigger: trigger, delay: delay, content: content)
        }

        func deliverNow(eventID: String, trigger: NotificationTrigger, content: NotificationContent) async throws {
            try await single.deliverNow(eventID: eventID, trigger: trigger, content: content)
        }

        func cancelNotification(eventID: String, trigger: NotificationTrigger) async throws {
            try await single.cancelNotification(eventID: eventID, trigger: trigger)
        }

        func cancelAllNotifications(eventID: String) async throws {
            try await single.cancelAllNotifications(eventID: eventID)
        }

        func scheduleNotifications(_ schedules: [NotificationSchedule]) async throws {
            single.note("batch \(schedules.map(\.eventID).joined(separator: ","))")
            if let refused = schedules.first(where: { single.refuses($0.eventID, $0.trigger) }) {
                throw Refused(eventID: refused.eventID)
            }
            try await single.wrapped.scheduleNotifications(schedules)
        }
    }

    final class Reports: SchedulerObserver {
        private let reports = WaveLock<[String]>([])
        var all: [String] { reports.withLock { $0 } }

        func schedulerDidReport(_ problem: SchedulerProblem) {
            reports.withLock { $0.append(String(describing: problem)) }
        }
    }

    /// What one sync left: the manager's events, what is pending, the scheduler's reports, the calls made.
    struct Outcome {
        var events: [String]
        var pending: [PendingNotification]
        var reports: [String]
        var calls: [String]
    }

    static let now = Fixtures.start

    /// Four favorites: "berlin" with every notification ahead, "lima" with two reminders already past, "oslo"
    /// already started (only cancelled), "rome" not among the current events (only cancelled); "paris" is
    /// current but not a favorite. Each favorite has a request pending from before.
    static let events: [any WaveEvent] = [
        WaveEventRecord(
            id: "berlin", name: "Berlin", location: "Berlin", startDate: now.addingTimeInterval(7_200),
            endDate: now.addingTimeInterval(9_000)),
        WaveEventRecord(
            id: "lima", name: "Lima", location: "Lima", startDate: now.addingTimeInterval(900),
            endDate: now.addingTimeInterval(2_700)),
        WaveEventRecord(
            id: "oslo", name: "Oslo", location: "Oslo", startDate: now.addingTimeInterval(-60),
            endDate: now.addingTimeInterval(1_000)),
        WaveEventRecord(
            id: "paris", name: "Paris", location: "Paris", startDate: now.addingTimeInterval(3_600),
            endDate: now.addingTimeInterval(5_400)),
    ]
    static let favorites: Set<String> = ["berlin", "lima", "oslo", "rome"]

    /// How the scheduler reaches the Linux manager.
    enum Path {
        /// Through ``SingleCallManager``: one call per notification.
        case single
        /// Through ``BatchManager``: a cancel and one batch per event.
        case batched
        /// The manager itself, a `ReplacingNotificationManager`: one `replaceAllNotifications` per kept event.
        case direct
    }

    func sync(
        batched: Bool, stopped: Bool = false, refuses: @escaping @Sendable (String, NotificationTrigger?) -> Bool
    )
        async throws -> Outcome
    {
        try await sync(path: batched ? .batched : .single, stopped: stopped, refuses: refuses)
    }

    func sync(
        path: Path, stopped: Bool = false, pendingLimit: Int = 64, passes: Int = 1,
        refuses: @escaping @Sendable (String, NotificationTrigger?) -> Bool = { _, _ in false }
    )
        async throws -> Outcome
    {
        let log = EventLog()
        let clock = ManualWaveClock(now: Self.now)
        let linux = try LinuxNotificationManager(
            configuration: .init(pendingLimit: pendingLimit), clock: clock, sink: RecordingSink(),
            renderer: FakeRenderer(),
            observer: log)
        for eventID in Self.favorites.sorted() {
            try await linux.scheduleNotification(
                eventID: eventID, trigger: .eventFinished, delay: .seconds(5_000), content: BatchCallTests.content)
        }
        if stopped {
            await linux.stop()
        }
        let single = SingleCallManager(wrapping: linux, refuses: refuses)
        let batch = BatchManager(wrapping: linux, refuses: refuses)
        let reports = Reports()
        let manager: any NotificationManager =
            switch path {
            case .single: single
            case .batched: batch
            case .direct: linux
            }
        let scheduler = DefaultNotificationScheduler(
            manager: manager, favorites: InMemoryFavoriteEventsStore(favoriteIDs: Self.favorites),
            clock: clock, observer: reports)
        let before = log.names.count
        for pass in 0..<passes {
            // A later pass a minute on: the same identifiers again, each at the same instant, in a new order.
            await clock.advance(by: .seconds(60 * pass))
            await scheduler.syncNotifications(favoriteIDs: Self.favorites, currentEvents: Self.events)
        }
        let counts = try? await linux.changeCounts(threadIDs: Self.favorites.sorted().map { "event_\($0)" })
        return Outcome(
            events: Array(log.names.dropFirst(before)) + ["counts \(counts.map(String.init(describing:)) ?? "-")"],
            pending: linux.pendingSnapshot(), reports: reports.all,
            calls: path == .batched ? batch.single.calls : single.calls)
    }

    @Test
    func aBatchedSyncLeavesWhatTheSingleCallsLeave() async throws {
        let single = try await sync(batched: false) { _, _ in false }
        let batched = try await sync(batched: true) { _, _ in false }
        #expect(batched.events == single.events)
        #expect(batched.pending == single.pending)
        #expect(single.pending.count == 6 + 4)  // lima's two past reminders are not scheduled
        #expect(batched.reports.isEmpty && single.reports.isEmpty)
        #expect(
            batched.calls == [
                "cancelAll berlin", "batch berlin,berlin,berlin,berlin,berlin,berlin", "cancelAll lima",
                "batch lima,lima,lima,lima", "cancelAll oslo", "cancelAll rome",
            ])
        #expect(single.calls.count == 4 + 6 + 4)
    }

    @Test
    func aRefusedBatchFallsBackToTheSingleCallsAndReportsEachFailure() async throws {
        // Lima's finished notification and every call for berlin's event are refused.
        let refuses: @Sendable (String, NotificationTrigger?) -> Bool = { eventID, trigger in
            eventID == "berlin" || (eventID == "lima" && trigger == .eventFinished)
        }
        let single = try await sync(batched: false, refuses: refuses)
        let batched = try await sync(batched: true, refuses: refuses)
        #expect(batched.events == single.events)
        #expect(batched.pending == single.pending)
        #expect(batched.reports == single.reports)
        #expect(single.reports.count == 1 + 6 + 1)
        // After each refused batch, the single calls, in order, as the manager without batches receives them.
        #expect(batched.calls.filter { !$0.hasPrefix("batch") } == single.calls)
        #expect(batched.calls.filter { $0.hasPrefix("batch") }.count == 2)
    }

    @Test
    func aStoppedManagerGetsTheSameReportsBatchedOrNot() async throws {
        let single = try await sync(batched: false, stopped: true) { _, _ in false }
        let batched = try await sync(batched: true, stopped: true) { _, _ in false }
        #expect(batched.events == single.events)
        #expect(batched.pending == single.pending)
        #expect(batched.reports == single.reports)
        #expect(single.reports.count == 4 + 6 + 4)
    }

    /// The manager taking each kept event as one `replaceAllNotifications`, its identifiers re-added in place on the
    /// second sync, leaves the events, pending requests, change counts and reports the single calls leave; also
    /// with a limit small enough that a backlog forms (the queue then removes and inserts), and stopped.
    @Test(arguments: [64, 3])
    func aSyncReplacingEachEventInOneCallLeavesWhatTheSingleCallsLeave(pendingLimit: Int) async throws {
        let single = try await sync(path: .single, pendingLimit: pendingLimit, passes: 3)
        let direct = try await sync(path: .direct, pendingLimit: pendingLimit, passes: 3)
        #expect(direct.events == single.events)
        #expect(direct.pending == single.pending)
        #expect(direct.reports == single.reports && single.reports.isEmpty)
        #expect(single.events.filter { $0.hasPrefix("cancelled event_berlin") }.count == 1 + 6 + 6)

        let stoppedSingle = try await sync(path: .single, stopped: true, pendingLimit: pendingLimit)
        let stoppedDirect = try await sync(path: .direct, stopped: true, pendingLimit: pendingLimit)
        #expect(stoppedDirect.events == stoppedSingle.events)
        #expect(stoppedDirect.reports == stoppedSingle.reports)
        #expect(stoppedSingle.reports.count == 4 + 6 + 4)
    }
}
