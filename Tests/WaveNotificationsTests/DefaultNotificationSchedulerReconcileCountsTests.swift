import Foundation
import Testing
import WaveNotifications
import WaveNotificationsTesting

/// The reconcile over a center that keeps change counts: threads whose count and desired requests are unchanged
/// are not read, and anything that moved a thread's count is read and repaired exactly as without counts.
struct DefaultNotificationSchedulerReconcileCountsTests {
    private static let ids: Set<String> = ["paris", "rome", "tokyo"]
    private static let events = [
        Fixtures.event(id: "paris"), Fixtures.event(id: "rome", startsIn: .seconds(3 * 60 * 60)),
        Fixtures.event(id: "tokyo", startsIn: .seconds(4 * 60 * 60)),
    ]

    @discardableResult
    private static func reconcile(
        _ harness: SchedulerHarness, _ center: some NotificationRequestCenter,
        events: [WaveEventRecord] = Self.events, channel: NotificationChannel? = nil
    ) async throws -> [ReconcileCall] {
        if let channel {
            return try await harness.scheduler.reconcileNotifications(
                favoriteIDs: ids, currentEvents: events, center: center, channel: channel)
        }
        return try await harness.scheduler.reconcileNotifications(
            favoriteIDs: ids, currentEvents: events, center: center)
    }

    @Test(arguments: [CountingRequestCenter.Counts.perThread, .perThreadAndCenter])
    func anUnchangedReconcileReadsNoThread(counts: CountingRequestCenter.Counts) async throws {
        let harness = SchedulerHarness(favoriteIDs: Self.ids)
        let center = CountingRequestCenter(counts: counts)
        let first = try await Self.reconcile(harness, center)
        #expect(first.count == 1)
        await center.clearReads()
        let second = try await Self.reconcile(harness, center)
        #expect(second.isEmpty)
        #expect(await center.threadsRead.isEmpty)
        #expect(await center.fullReads == 0)
        // With a count for the whole center, not even the threads' counts are read.
        #expect(await center.threadCountReads == (counts == .perThread ? 1 : 0))
    }

    @Test(arguments: [CountingRequestCenter.Counts.perThread, .perThreadAndCenter])
    func aRequestRemovedBehindTheSchedulersBackIsNoticedAndAddedAgain(
        counts: CountingRequestCenter.Counts
    )
        async throws
    {
        let harness = SchedulerHarness(favoriteIDs: Self.ids)
        let center = CountingRequestCenter(counts: counts)
        try await Self.reconcile(harness, center)
        let removed = try #require(await center.pending.first { $0.identifier == "event_rome_start_10m" })
        await center.removePending(identifiers: [removed.identifier], reason: .reschedule)
        await center.clearReads()
        let calls = try await Self.reconcile(harness, center)
        #expect(calls == [.add([removed])])
        // Only the thread that changed is read to find out; the plan then lists everything, as before counts.
        #expect(await center.threadsRead.first == "event_rome")
        #expect(await center.fullReads == 1)
        await center.clearReads()
        #expect(try await Self.reconcile(harness, center).isEmpty)
        #expect(await center.threadsRead.isEmpty)
    }

    @Test func aPendingRequestThatFiredIsNoticed() async throws {
        let harness = SchedulerHarness(favoriteIDs: Self.ids)
        let center = CountingRequestCenter()
        try await Self.reconcile(harness, center)
        let fired = try #require(await center.pending.first { $0.identifier == "event_tokyo_finished" })
        await center.fire(fired.identifier)
        // Still desired at the scheduler's now, so it is handed over again, as without counts.
        #expect(try await Self.reconcile(harness, center) == [.add([fired])])
    }

    @Test func aRequestAddedToAThreadBehindTheSchedulersBackIsRemoved() async throws {
        let harness = SchedulerHarness(favoriteIDs: Self.ids)
        let center = CountingRequestCenter()
        try await Self.reconcile(harness, center)
        let stray = PolicyFixtures.request(
            "event_paris_stray", at: Fixtures.now.addingTimeInterval(600), thread: "event_paris")
        await center.add([stray])
        let calls = try await Self.reconcile(harness, center)
        #expect(calls == [.removePending(identifiers: ["event_paris_stray"], reason: .reschedule)])
    }

    /// Counts of one center mean nothing on another: a second center whose thread has the very count the first
    /// one's had is still read, and its missing requests are added.
    @Test func anotherCenterWithTheSameCountsIsStillRead() async throws {
        let harness = SchedulerHarness(favoriteIDs: ["paris"])
        let first = CountingRequestCenter()
        try await harness.scheduler.reconcileNotifications(
            favoriteIDs: ["paris"], currentEvents: [Fixtures.event()], center: first)
        let second = CountingRequestCenter()
        // Six changes to event_paris, leaving it empty: the count the first center's thread has after six adds.
        let strays = (1...5).map { number in
            PolicyFixtures.request(
                "stray_\(number)", at: Fixtures.now.addingTimeInterval(60), thread: "event_paris")
        }
        await second.add(strays)
        await second.removePending(threadID: "event_paris", reason: .reschedule)
        let counts = (try await second.changeCounts(threadIDs: ["event_paris"]), try await second.changeCount())
        let firstCounts = (try await first.changeCounts(threadIDs: ["event_paris"]), try await first.changeCount())
        #expect(counts == firstCounts)
        let calls = try await harness.scheduler.reconcileNotifications(
            favoriteIDs: ["paris"], currentEvents: [Fixtures.event()], center: second)
        #expect(calls.count == 1)
        #expect(await second.pending.count == 6)
    }

    /// A center that keeps fewer requests than wanted (iOS's 64) never holds exactly what is desired, so the
    /// thread it dropped from is read and handed over again at every reconcile, as without counts.
    @Test func aThreadTheCenterDidNotKeepWholeIsHandedOverAgainEveryTime() async throws {
        let harness = SchedulerHarness(favoriteIDs: Self.ids)
        let center = CountingRequestCenter(keepLimit: 14)
        let first = try await Self.reconcile(harness, center)
        #expect(first.count == 1)
        let second = try await Self.reconcile(harness, center)
        #expect(await center.pending.count == 14)
        guard second.count == 1, case .add(let requests) = try #require(second.first) else {
            Issue.record("expected one add, got \(second)")
            return
        }
        #expect(
            Set(requests.map(\.identifier)) == [
                "event_rome_finished", "event_tokyo_start_5m", "event_tokyo_start_1m", "event_tokyo_finished",
            ])
        #expect(try await Self.reconcile(harness, center) == second)
    }

    /// A script of changes, reconciled after each step into a center with counts and one without: the calls are
    /// the same at every step, and the center with counts, when it keeps everything, is read less.
    @Test(arguments: [Int.max, 14], [CountingRequestCenter.Counts.perThread, .perThreadAndCenter])
    func everyStepMakesTheSameCallsAsWithoutCounts(keepLimit: Int, counts: CountingRequestCenter.Counts) async throws {
        let withCounts = SchedulerHarness(favoriteIDs: Self.ids)
        let withoutCounts = SchedulerHarness(favoriteIDs: Self.ids)
        let counting = CountingRequestCenter(counts: counts, keepLimit: keepLimit)
        let plain = CountingRequestCenter(counts: .none, keepLimit: keepLimit)
        let quiet = NotificationChannel(
            id: "wave_quiet", importance: .low, categoryID: "WAVE_QUIET", interruptionLevel: .passive,
            name: LocalizedText(table: "Notifications", key: "channel_name"),
            channelDescription: LocalizedText(table: "Notifications", key: "channel_description"))
        let moved = [Fixtures.event(id: "paris", startsIn: .seconds(5 * 60 * 60))] + Self.events.dropFirst()
        let renamed = [Fixtures.event(id: "paris", name: "Paris Night Wave")] + Self.events.dropFirst()
        typealias Step = (name: String, change: (SchedulerHarness, CountingRequestCenter) async -> Void)
        let steps: [Step] = [
            ("first", { _, _ in }),
            ("unchanged", { _, _ in }),
            (
                "removed behind its back",
                { _, center in
                    await center.removePending(identifiers: ["event_rome_start_5m"], reason: .reschedule)
                }
            ),
            ("fired", { _, center in await center.fire("event_paris_start_60m") }),
            (
                "thread removed behind its back",
                { _, center in
                    await center.removePending(threadID: "event_tokyo", reason: .reschedule)
                }
            ),
            ("no longer a favorite", { harness, _ in await harness.favorites.setFavorite(false, eventID: "rome") }),
            ("a favorite again", { harness, _ in await harness.favorites.setFavorite(true, eventID: "rome") }),
            (
                "an accelerated simulation",
                { harness, _ in harness.simulation.setSimulation(Simulation(speed: 10)) }
            ),
            ("unchanged in simulation", { _, _ in }),
            ("simulation over", { harness, _ in harness.simulation.setSimulation(nil) }),
            ("70 minutes on", { harness, _ in await harness.clock.advance(by: .seconds(70 * 60)) }),
            ("unchanged later", { _, _ in }),
        ]
        for step in steps {
            await step.change(withCounts, counting)
            await step.change(withoutCounts, plain)
            let expected = try await Self.reconcile(withoutCounts, plain)
            #expect(try await Self.reconcile(withCounts, counting) == expected, "\(step.name)")
            #expect(await counting.pending == plain.pending, "\(step.name)")
        }
        for (name, events, channel) in [("moved", moved, nil), ("renamed", renamed, nil), ("quiet", renamed, quiet)] {
            let expected = try await Self.reconcile(withoutCounts, plain, events: events, channel: channel)
            #expect(
                try await Self.reconcile(withCounts, counting, events: events, channel: channel) == expected, "\(name)")
            #expect(await counting.pending == plain.pending, "\(name)")
        }
        if keepLimit == .max {
            #expect(await counting.threadsRead.count < plain.threadsRead.count)
        }
        #expect(await plain.threadCountReads == 0)
    }

    @Test func aCenterWithoutCountsKeepsTheDefaultAndIsReadEveryTime() async throws {
        let recording = RecordingRequestCenter()
        #expect(try await recording.changeCounts(threadIDs: ["event_paris"]) == nil)
        #expect(try await recording.changeCount() == nil)
        let harness = SchedulerHarness(favoriteIDs: Self.ids)
        let center = CountingRequestCenter(counts: .none)
        try await Self.reconcile(harness, center)
        await center.clearReads()
        #expect(try await Self.reconcile(harness, center).isEmpty)
        #expect(await center.threadsRead == ["event_paris", "event_rome", "event_tokyo"])
    }
}
