import Foundation
import Testing
import WaveLinuxAdapter
import WaveNotifications
import WaveNotificationsTesting

/// A center that forwards to another and records which threads it was asked to read.
private actor ReadRecordingCenter: NotificationRequestCenter {
    let center: any NotificationRequestCenter
    private(set) var threadsRead: [String] = []

    init(_ center: any NotificationRequestCenter) {
        self.center = center
    }

    func clearReads() {
        threadsRead = []
    }

    func add(_ requests: [NotificationRequest]) async throws {
        try await center.add(requests)
    }

    func removePending(identifiers: [String], reason: NotificationReason) async throws {
        try await center.removePending(identifiers: identifiers, reason: reason)
    }

    func removePending(threadID: String, reason: NotificationReason) async throws {
        try await center.removePending(threadID: threadID, reason: reason)
    }

    func pendingRequests() async throws -> [NotificationRequest] {
        try await center.pendingRequests()
    }

    func pendingRequests(threadIDs: [String]) async throws -> [[NotificationRequest]] {
        threadsRead += threadIDs
        return try await center.pendingRequests(threadIDs: threadIDs)
    }

    func changeCounts(threadIDs: [String]) async throws -> [UInt64]? {
        try await center.changeCounts(threadIDs: threadIDs)
    }

    func show(_ request: NotificationRequest) async throws {
        try await center.show(request)
    }

    func withdrawShown(identifiers: [String], reason: NotificationReason) async throws {
        try await center.withdrawShown(identifiers: identifiers, reason: reason)
    }
}

/// ``LinuxNotificationManager/changeCounts(threadIDs:)``: every change to what is pending in a thread moves its
/// count to a value it never had, and nothing else moves it.
struct LinuxNotificationManagerChangeCountsTests {
    let clock = ManualWaveClock(now: Fixtures.start)
    let sink = RecordingSink()

    func makeManager(limit: Int = 2) throws -> LinuxNotificationManager {
        try LinuxNotificationManager(
            configuration: .init(pendingLimit: limit), clock: clock, sink: sink, renderer: FakeRenderer())
    }

    /// Runs `change`, then tells which of the threads a, b and c changed count, checking that no thread ever
    /// shows a count it showed before, and that the manager's own count moved exactly when a thread's did.
    private final class Watch {
        let manager: LinuxNotificationManager
        private var last: [UInt64] = []
        private var lastTotal: UInt64?
        private var seen: [Set<UInt64>] = [[], [], []]

        init(_ manager: LinuxNotificationManager) async throws {
            self.manager = manager
            last = try await Self.counts(manager)
            lastTotal = try await manager.changeCount()
            for (index, count) in last.enumerated() {
                seen[index].insert(count)
            }
        }

        private static func counts(_ manager: LinuxNotificationManager) async throws -> [UInt64] {
            try #require(try await manager.changeCounts(threadIDs: ["a", "b", "c"]))
        }

        func moved(after change: () async throws -> Void) async throws -> [String] {
            try await change()
            let now = try await Self.counts(manager)
            var moved: [String] = []
            for (index, thread) in ["a", "b", "c"].enumerated() where now[index] != last[index] {
                moved.append(thread)
                #expect(seen[index].insert(now[index]).inserted, "thread \(thread) repeated a count")
            }
            last = now
            let total = try await manager.changeCount()
            #expect(total != nil)
            #expect((total != lastTotal) == !moved.isEmpty, "the manager's count and its threads' disagree")
            lastTotal = total
            return moved
        }
    }

    @Test func eachChangeToAThreadMovesItsCountAndNothingElseDoes() async throws {
        let manager = try makeManager()
        let watch = try await Watch(manager)
        let a1 = Fixtures.request("a1", thread: "a", at: 100)
        #expect(try await watch.moved { try await manager.add([a1]) } == ["a"])
        #expect(
            try await watch.moved {
                _ = try await manager.pendingRequests()
                _ = try await manager.pendingRequests(threadIDs: ["a", "b"])
                try await manager.show(Fixtures.request("shown", thread: "b", at: 0))
                try await manager.withdrawShown(identifiers: ["shown"], reason: .responded)
                try await manager.removePending(identifiers: ["nobody"], reason: .reschedule)
                try await manager.removePending(threadID: "nobody", reason: .reschedule)
            }.isEmpty)
        // Replaced within its thread, then moved to another: both threads changed.
        #expect(try await watch.moved { try await manager.add([a1]) } == ["a"])
        #expect(
            try await watch.moved { try await manager.add([Fixtures.request("a1", thread: "b", at: 100)]) } == [
                "a", "b",
            ])
        #expect(
            try await watch.moved { try await manager.removePending(identifiers: ["a1"], reason: .reschedule) } == ["b"]
        )
        // Over the limit of 2: the backlogged request counts as pending too.
        let batch = [
            Fixtures.request("b1", thread: "b", at: 10), Fixtures.request("b2", thread: "b", at: 20),
            Fixtures.request("c1", thread: "c", at: 30),
        ]
        #expect(try await watch.moved { try await manager.add(batch) } == ["b", "c"])
        #expect(try await watch.moved { try await manager.removePending(threadID: "b", reason: .reschedule) } == ["b"])
        // A request that comes due leaves pending: its thread changed.
        #expect(try await watch.moved { await clock.advance(by: .seconds(30)) } == ["c"])
        #expect(sink.queuedRequestIdentifiers == ["c1"])
    }

    @Test func aThreadThatEmptiesAndIsFilledAgainNeverRepeatsACount() async throws {
        let manager = try makeManager()
        let watch = try await Watch(manager)
        let a1 = Fixtures.request("a1", thread: "a", at: 100)
        for _ in 0..<3 {
            #expect(try await watch.moved { try await manager.add([a1]) } == ["a"])
            #expect(
                try await watch.moved { try await manager.removePending(threadID: "a", reason: .reschedule) } == ["a"])
        }
    }

    /// Stamps of threads that emptied are forgotten once they far outnumber what is pending; that moves every
    /// count (a caller reads its threads once more), and still no thread ever shows an earlier count.
    @Test func stampsOfEmptiedThreadsDoNotAccumulate() async throws {
        let manager = try makeManager()
        try await manager.add([Fixtures.request("a1", thread: "a", at: 100)])
        let watch = try await Watch(manager)
        #expect(
            try await watch.moved {
                for number in 0..<1_100 {
                    try await manager.add([Fixtures.request("x", thread: "churn-\(number)", at: 100)])
                    try await manager.removePending(identifiers: ["x"], reason: .reschedule)
                }
            } == ["a", "b", "c"])
        #expect(try await watch.moved { try await manager.removePending(threadID: "a", reason: .reschedule) } == ["a"])
    }

    @Test func aRestartMovesEveryCount() async throws {
        let manager = try makeManager()
        try await manager.add([Fixtures.request("a1", thread: "a", at: 100)])
        let watch = try await Watch(manager)
        #expect(
            try await watch.moved {
                await manager.stop()
                try await manager.start()
            } == ["a", "b", "c"])
        #expect(try await manager.pendingRequests().map(\.identifier) == ["a1"])
    }

    @Test func aStoppedManagerThrowsInsteadOfAnsweringCounts() async throws {
        let manager = try makeManager()
        try await manager.start()
        await manager.stop()
        await #expect(throws: LinuxNotificationManagerError.stopped) {
            try await manager.changeCounts(threadIDs: ["a"])
        }
    }

    /// WorldWideWaves' reconcile into the manager: with nothing changed it reads no thread; a request removed
    /// directly is noticed from its thread's count alone and added again; one that fired is not wanted any more.
    @Test func aReconcileReadsOnlyTheThreadsThatChanged() async throws {
        let manager = try makeManager(limit: PendingLimit.iOS)
        let center = ReadRecordingCenter(manager)
        let favorites = InMemoryFavoriteEventsStore(favoriteIDs: ["paris", "rome"])
        let scheduler = DefaultNotificationScheduler(manager: manager, favorites: favorites, clock: clock)
        let events = ["paris", "rome"].enumerated().map { index, id in
            let start = Fixtures.start.addingTimeInterval(7_200 + Double(index) * 3_600)
            return WaveEventRecord(
                id: id, name: "\(id) wave", location: id, startDate: start, endDate: start.addingTimeInterval(1_800))
        }
        let reconcile = {
            try await scheduler.reconcileNotifications(
                favoriteIDs: ["paris", "rome"], currentEvents: events, center: center)
        }
        #expect(try await reconcile().count == 1)
        await center.clearReads()
        #expect(try await reconcile().isEmpty)
        #expect(await center.threadsRead.isEmpty)

        let removed = try #require(try await manager.pendingRequests().first { $0.identifier == "event_rome_start_5m" })
        try await manager.removePending(identifiers: [removed.identifier], reason: .reschedule)
        await center.clearReads()
        #expect(try await reconcile() == [.add([removed])])
        // Read once to find what changed, and once after the add, to remember the thread as it now is.
        #expect(await center.threadsRead == ["event_rome", "event_rome"])
        await center.clearReads()
        #expect(try await reconcile().isEmpty)
        #expect(await center.threadsRead.isEmpty)

        // Paris' 60-minute reminder fires: no longer wanted, nothing to do, and only its thread is read.
        await clock.advance(by: .seconds(3_600))
        #expect(sink.queuedRequestIdentifiers == ["event_paris_start_60m"])
        await center.clearReads()
        #expect(try await reconcile().isEmpty)
        #expect(await center.threadsRead == ["event_paris"])
    }
}
