import Foundation
import Testing
import WaveNotifications
import WaveNotificationsTesting

/// iOS's center as the testing library plays it (and the replay uses it): the soonest within the limit, ties in hand-over order, the rest lost at
/// their instant unless handed over again, nothing added or withdrawn by the system.
struct SimulatedIOSCenterTests {
    private static let start = Date(timeIntervalSince1970: 1_790_000_000)
    private static let channel = NotificationChannel(
        id: "c", categoryID: "C", name: LocalizedText(table: "T", key: "n"),
        channelDescription: LocalizedText(table: "T", key: "d"))

    private static func request(_ identifier: String, minutes: Double) -> NotificationRequest {
        NotificationRequest(
            identifier: identifier, channel: channel, fireAt: start.addingTimeInterval(minutes * 60),
            title: LocalizedText(table: "T", key: "t"), body: LocalizedText(table: "T", key: "b"), deepLink: "x://")
    }

    /// `a1` and `a2` in thread `a`, `b1` and `b2` in thread `b`, 10, 20, 30 and 40 minutes after the start.
    private static var twoThreads: [NotificationRequest] {
        [("a1", "a", 10.0), ("b1", "b", 20), ("b2", "b", 30), ("a2", "a", 40)].map { identifier, thread, minutes in
            var request = request(identifier, minutes: minutes)
            request.threadID = thread
            return request
        }
    }

    private static func describe(_ facts: [DeviceFact]) -> [String] {
        facts.map {
            switch $0 {
            case .due(let request): "due \(request.identifier)"
            case .lost(let request, let reason): "lost \(request.identifier) \(reason.rawValue)"
            case .shownLate(let request, let delay): "late \(request.identifier) \(delay.cause.rawValue)"
            case .notShown(let request, let reason): "not shown \(request.identifier) \(reason.rawValue)"
            }
        }
    }

    @Test func itHoldsTheSoonestAndListsOnlyWhatItHolds() async {
        let center = SimulatedIOSCenter(limit: 2, clock: ManualWaveClock(now: Self.start))
        await center.add([
            Self.request("c", minutes: 30), Self.request("a", minutes: 10), Self.request("b", minutes: 20),
        ])
        #expect(await center.pendingRequests().map(\.identifier) == ["a", "b"])
        #expect(await center.wanted.map(\.identifier) == ["a", "b", "c"])
        #expect(await center.heldCount == 2)
    }

    @Test func equalInstantsKeepTheOneHandedOverFirst() async {
        let center = SimulatedIOSCenter(limit: 1, clock: ManualWaveClock(now: Self.start))
        await center.add([Self.request("first", minutes: 10)])
        await center.add([Self.request("second", minutes: 10)])
        #expect(await center.pendingRequests().map(\.identifier) == ["first"])
    }

    @Test func aDiscardedRequestIsLostAtItsInstantAndASoonerOneIsShown() async {
        let center = SimulatedIOSCenter(limit: 1, clock: ManualWaveClock(now: Self.start))
        await center.add([Self.request("a", minutes: 10), Self.request("b", minutes: 20)])
        // Nothing refills the center when "a" fires: "b" is lost at its own instant.
        #expect(Self.describe(await center.advance(to: Self.start.addingTimeInterval(10 * 60))) == ["due a"])
        #expect(await center.nextFireDate == Self.start.addingTimeInterval(20 * 60))
        #expect(
            Self.describe(await center.advance(to: Self.start.addingTimeInterval(60 * 60))) == ["lost b pending_limit"])
        #expect(await center.nextFireDate == nil)
    }

    @Test func handingItOverAgainBeforeItsInstantSavesIt() async {
        let center = SimulatedIOSCenter(limit: 1, clock: ManualWaveClock(now: Self.start))
        await center.add([Self.request("a", minutes: 10), Self.request("b", minutes: 20)])
        _ = await center.advance(to: Self.start.addingTimeInterval(10 * 60))
        await center.add([Self.request("b", minutes: 20)])
        #expect(Self.describe(await center.advance(to: Self.start.addingTimeInterval(20 * 60))) == ["due b"])
    }

    @Test func aRequestTheAppRemovedIsNeitherShownNorLost() async {
        let center = SimulatedIOSCenter(limit: 1, clock: ManualWaveClock(now: Self.start))
        await center.add([Self.request("a", minutes: 10), Self.request("b", minutes: 20)])
        await center.removePending(identifiers: ["a", "b"], reason: .reschedule)
        #expect(await center.advance(to: Self.start.addingTimeInterval(60 * 60)).isEmpty)
        #expect(await center.wanted.isEmpty)
    }

    @Test func theSoonestSixtyFourOfSeventyAreHeld() async {
        let center = SimulatedIOSCenter(limit: 64, clock: ManualWaveClock(now: Self.start))
        await center.add((0..<70).map { Self.request("r\($0)", minutes: Double(70 - $0)) })
        #expect(await center.heldCount == 64)
        #expect(await center.peakPendingCount == 64)
        let facts = Self.describe(await center.advance(to: Self.start.addingTimeInterval(100 * 60)))
        #expect(facts.filter { $0.hasPrefix("due") }.count == 64)
        #expect(facts.suffix(6) == (0..<6).reversed().map { "lost r\($0) pending_limit" })
    }

    /// A run that lists the pending requests (an app that reconciles) forgets, at its end, what an earlier run
    /// discarded and it did not hand over again; what it pushed out itself stays wanted. A run that does not list
    /// (WorldWideWaves' one-event sync) forgets nothing.
    @Test func aRunThatListsForgetsWhatItDidNotHandOverAgain() async throws {
        let center = SimulatedIOSCenter(limit: 1, clock: ManualWaveClock(now: Self.start))
        await center.beginRun()
        await center.add([Self.request("a", minutes: 10), Self.request("b", minutes: 20)])
        await center.endRun()
        await center.beginRun()
        await center.add([Self.request("c", minutes: 30)])
        await center.endRun()
        #expect(await center.wanted.map(\.identifier) == ["a", "b", "c"])

        await center.beginRun()
        _ = await center.pendingRequests()
        await center.add([Self.request("d", minutes: 5)])
        await center.endRun()
        // "b" and "c" were discarded by earlier runs and not handed over again: forgotten. "a", pushed out by "d"
        // in this run, is still wanted.
        #expect(await center.wanted.map(\.identifier) == ["d", "a"])
        let report = await center.runReport()
        #expect(report.wanted == 2 && report.held == 1)
        #expect(report.refreshDeadline == Self.start.addingTimeInterval(10 * 60))
    }

    /// Removing a thread removes what the center discarded of it too; the removal counts each request once.
    @Test func removingAThreadRemovesItsDiscardedRequests() async {
        let center = SimulatedIOSCenter(limit: 1, clock: ManualWaveClock(now: Self.start))
        await center.add(Self.twoThreads)
        await center.removePending(threadID: "b", reason: .reschedule)
        #expect(await center.wanted.map(\.identifier) == ["a1", "a2"])
        #expect(await center.removedCount == 2)
        #expect(await center.addedCount == 4)
        let facts = Self.describe(await center.advance(to: Self.start.addingTimeInterval(60 * 60)))
        #expect(facts == ["due a1", "lost a2 pending_limit"])
    }

    /// Removing a thread removes its held requests and its discarded ones, and a thread it has nothing of changes
    /// nothing.
    @Test func removingAThreadRemovesItsHeldAndDiscardedRequests() async {
        let center = SimulatedIOSCenter(limit: 2, clock: ManualWaveClock(now: Self.start))
        await center.add(Self.twoThreads)
        await center.removePending(threadID: "z", reason: .reschedule)
        #expect(await center.removedCount == 0)
        await center.removePending(threadID: "b", reason: .reschedule)
        #expect(await center.pendingRequests().map(\.identifier) == ["a1"])
        #expect(await center.wanted.map(\.identifier) == ["a1", "a2"])
        #expect(await center.removedCount == 2)
        await center.removePending(threadID: "a", reason: .reschedule)
        #expect(await center.wanted.isEmpty)
        #expect(await center.removedCount == 4)
    }

    /// What the center keeps is decided when the run ends: a request discarded while the app still had one it
    /// removed later in the run takes the freed place; outside a run it would have stayed discarded.
    @Test func aRunEndsHoldingTheSoonestOfWhatItWasHanded() async {
        let center = SimulatedIOSCenter(limit: 1, clock: ManualWaveClock(now: Self.start))
        await center.add([Self.request("old", minutes: 5)])
        await center.beginRun()
        await center.add([Self.request("new", minutes: 10)])
        await center.removePending(identifiers: ["old"], reason: .reschedule)
        await center.endRun()
        #expect(await center.pendingRequests().map(\.identifier) == ["new"])
        #expect(Self.describe(await center.advance(to: Self.start.addingTimeInterval(60 * 60))) == ["due new"])

        let outside = SimulatedIOSCenter(limit: 1, clock: ManualWaveClock(now: Self.start))
        await outside.add([Self.request("old", minutes: 5)])
        await outside.add([Self.request("new", minutes: 10)])
        await outside.removePending(identifiers: ["old"], reason: .reschedule)
        #expect(await outside.pendingRequests().isEmpty)
    }

    /// The center's report, from its heap of what it holds and discarded, is the runway rule's answer
    /// (`NotificationRunway`) for what it wants: over generated runs of hand-overs (instants that tie, limits under
    /// and over what is wanted), with and without a reconcile that lists.
    @Test(arguments: [UInt64(3), 5, 7, 11, 13, 17, 19, 23])
    func theRunReportIsTheRunwaysAnswer(seed: UInt64) async {
        var numbers = SeededNumbers(state: seed)
        let limit = 1 + numbers.next(40)
        let center = SimulatedIOSCenter(limit: limit, clock: ManualWaveClock(now: Self.start))
        var serial = 0
        for _ in 0..<(1 + numbers.next(5)) {
            await center.beginRun()
            if numbers.next(2) == 0 { _ = await center.pendingRequests() }
            let batch = (0..<numbers.next(60)).map { _ in
                serial += 1
                return Self.request("r\(serial)", minutes: Double(1 + numbers.next(300)))
            }
            await center.add(batch)
            await center.endRun()
            let wanted = await center.wanted
            let runway = NotificationRunway(desired: wanted, limit: limit)
            let report = await center.runReport()
            #expect(report.wanted == runway.held.count + runway.notHeld.count, "seed \(seed)")
            #expect(report.held == runway.held.count, "seed \(seed)")
            #expect(report.refreshDeadline == runway.refreshDeadline, "seed \(seed)")
            #expect(report.runwayMinutes(from: Self.start) == runway.minutes(from: Self.start), "seed \(seed)")
        }
    }
}
