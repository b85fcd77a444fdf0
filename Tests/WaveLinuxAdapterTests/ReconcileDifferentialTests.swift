import Foundation
import TestSupport
import Testing
import WaveLinuxAdapter
import WaveNotifications
import WaveNotificationsTesting

/// A value-type center: the reconcile cannot remember it, so it always reads every thread (the behaviour before
/// change counts).
private struct NoCounts: NotificationRequestCenter {
    let base: LinuxNotificationManager
    func add(_ requests: [NotificationRequest]) async throws { try await base.add(requests) }
    func removePending(identifiers: [String], reason: NotificationReason) async throws {
        try await base.removePending(identifiers: identifiers, reason: reason)
    }
    func removePending(threadID: String, reason: NotificationReason) async throws {
        try await base.removePending(threadID: threadID, reason: reason)
    }
    func pendingRequests() async throws -> [NotificationRequest] { try await base.pendingRequests() }
    func pendingRequests(threadIDs: [String]) async throws -> [[NotificationRequest]] {
        try await base.pendingRequests(threadIDs: threadIDs)
    }
    func show(_ request: NotificationRequest) async throws { try await base.show(request) }
    func withdrawShown(identifiers: [String], reason: NotificationReason) async throws {
        try await base.withdrawShown(identifiers: identifiers, reason: reason)
    }
}

private final class QuietSink: NotificationSink {
    func deliver(_ delivery: NotificationDelivery) async throws {}
}

/// The reconcile with change counts (memo) against the same reconcile without, on two
/// managers given the same random perturbations.
struct ReconcileDifferentialTests {
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func reconcileWithCountsEqualsReconcileWithout(seed: UInt64) async throws {
        var random = SplitMix64(seed: seed)
        func pick(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
        let clock = ManualWaveClock(now: Fixtures.start)
        let sink1 = QuietSink()
        let sink2 = QuietSink()
        let limit = [2, 5, PendingLimit.iOS][pick(3)]
        let m1 = try LinuxNotificationManager(
            configuration: .init(pendingLimit: limit), clock: clock, sink: sink1, renderer: FakeRenderer())
        let m2 = try LinuxNotificationManager(
            configuration: .init(pendingLimit: limit), clock: clock, sink: sink2, renderer: FakeRenderer())
        let ids = ["a", "b", "c", "d", "e"]
        let favorites1 = InMemoryFavoriteEventsStore(favoriteIDs: Set(ids))
        let favorites2 = InMemoryFavoriteEventsStore(favoriteIDs: Set(ids))
        let s1 = DefaultNotificationScheduler(manager: m1, favorites: favorites1, clock: clock)
        let s2 = DefaultNotificationScheduler(manager: m2, favorites: favorites2, clock: clock)
        var starts: [String: Double] = [:]
        for id in ids { starts[id] = Double(1_800 + pick(6 * 3_600)) }
        var favoriteSet = Set(ids)
        let otherChannel = NotificationChannel(
            id: "other", importance: .high, categoryID: "OTHER", interruptionLevel: .active,
            name: LocalizedText(table: "t", key: "n"), channelDescription: LocalizedText(table: "t", key: "d"))
        var channel = NotificationManagerBridge.worldWideWavesChannel
        for step in 0..<250 {
            let events = ids.map { id in
                let start = Fixtures.start.addingTimeInterval(starts[id]!)
                return WaveEventRecord(
                    id: id, name: "\(id) wave", location: id, startDate: start, endDate: start.addingTimeInterval(1_800)
                )
            }
            switch pick(12) {
            case 0, 1, 2, 3:
                let c1 = try await s1.reconcileNotifications(
                    favoriteIDs: favoriteSet, currentEvents: events, center: m1, channel: channel)
                let c2 = try await s2.reconcileNotifications(
                    favoriteIDs: favoriteSet, currentEvents: events, center: NoCounts(base: m2), channel: channel)
                #expect(c1 == c2, "seed \(seed) step \(step)")
            case 4:
                await clock.advance(by: .seconds(Double(pick(1_200))))
            case 5:
                let all = try await m1.pendingRequests()
                if !all.isEmpty {
                    let id = all[pick(all.count)].identifier
                    try await m1.removePending(identifiers: [id], reason: .reschedule)
                    try await m2.removePending(identifiers: [id], reason: .reschedule)
                }
            case 6:
                let id = ids[pick(ids.count)]
                let trigger: NotificationTrigger =
                    [.eventFinished, .eventStarting(.seconds(600)), .eventStarting(.seconds(90)), .waveHit][pick(4)]
                let content = NotificationContent(titleKey: "x", bodyKey: "y", deepLink: "z")
                let delay = Duration.seconds(pick(7_200) - 600)
                try await m1.scheduleNotification(eventID: id, trigger: trigger, delay: delay, content: content)
                try await m2.scheduleNotification(eventID: id, trigger: trigger, delay: delay, content: content)
            case 7:
                let id = ids[pick(ids.count)]
                let stray = Fixtures.request(
                    ["event_\(id)_stray", "event_\(id)_finished"][pick(2)],
                    thread: ["event_\(id)", "elsewhere"][pick(2)], at: Double(pick(7_200)))
                try await m1.add([stray])
                try await m2.add([stray])
            case 8:
                let id = ids[pick(ids.count)]
                try await m1.removePending(threadID: "event_\(id)", reason: .reschedule)
                try await m2.removePending(threadID: "event_\(id)", reason: .reschedule)
            case 9:
                await m1.stop()
                await m2.stop()
                try await m1.start()
                try await m2.start()
            case 10:
                let id = ids[pick(ids.count)]
                if pick(2) == 0 { favoriteSet.insert(id) } else if favoriteSet.count > 1 { favoriteSet.remove(id) }
                if pick(3) == 0 {
                    starts[id] = Double(Int(clock.now.timeIntervalSince(Fixtures.start)) + pick(6 * 3_600))
                }
            default:
                channel = pick(4) == 0 ? otherChannel : NotificationManagerBridge.worldWideWavesChannel
            }
            let p1 = try await m1.pendingRequests()
            let p2 = try await m2.pendingRequests()
            #expect(p1 == p2, "seed \(seed) step \(step)")
            if p1 != p2 { return }
        }
    }
}

/// Reconciles racing with changes; at quiescence the memo must never claim "nothing
/// to do" while a thread differs from its desired requests.
struct ConcurrentReconcileTests {
    @Test(arguments: Array(1...12) as [UInt64])
    func memoNeverHidesADifference(seed: UInt64) async throws {
        var random = SplitMix64(seed: seed &* 7919)
        func pick(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
        let clock = ManualWaveClock(now: Fixtures.start)
        let manager = try LinuxNotificationManager(
            configuration: .init(pendingLimit: [3, PendingLimit.iOS][pick(2)]), clock: clock, sink: QuietSink2(),
            renderer: FakeRenderer())
        let ids = ["a", "b", "c", "d"]
        let favorites = InMemoryFavoriteEventsStore(favoriteIDs: Set(ids))
        let scheduler = DefaultNotificationScheduler(manager: manager, favorites: favorites, clock: clock)
        let judge = DefaultNotificationScheduler(manager: manager, favorites: favorites, clock: clock)
        let otherChannel = NotificationChannel(
            id: "other", importance: .high, categoryID: "OTHER", interruptionLevel: .active,
            name: LocalizedText(table: "t", key: "n"), channelDescription: LocalizedText(table: "t", key: "d"))
        let events = ids.enumerated().map { index, id in
            let start = Fixtures.start.addingTimeInterval(Double(3_600 + index * 1_700))
            return WaveEventRecord(
                id: id, name: "\(id) wave", location: id, startDate: start, endDate: start.addingTimeInterval(1_800))
        }
        for round in 0..<60 {
            var ops: [Int] = []
            for _ in 0..<(2 + pick(5)) { ops.append(pick(8)) }
            let favs = Set(ids.filter { _ in pick(4) != 0 }).union(["a"])
            let channels = ops.map { _ in pick(3) == 0 ? otherChannel : NotificationManagerBridge.worldWideWavesChannel
            }
            let victims = ops.map { _ in ids[pick(ids.count)] }
            let numbers = ops.map { _ in pick(100_000) }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, op) in ops.enumerated() {
                    let channel = channels[index]
                    let id = victims[index]
                    let n = numbers[index]
                    group.addTask {
                        switch op {
                        case 0, 1, 2, 3:
                            _ = try? await scheduler.reconcileNotifications(
                                favoriteIDs: favs, currentEvents: events, center: manager, channel: channel)
                        case 4:
                            let all = try await manager.pendingRequests()
                            if !all.isEmpty {
                                try await manager.removePending(
                                    identifiers: [all[n % all.count].identifier], reason: .reschedule)
                            }
                        case 5:
                            try await manager.scheduleNotification(
                                eventID: id, trigger: [.eventFinished, .eventStarting(.seconds(600))][n % 2],
                                delay: .seconds(n % 5_000),
                                content: NotificationContent(titleKey: "x", bodyKey: "y", deepLink: "z"))
                        case 6:
                            try await manager.removePending(threadID: "event_\(id)", reason: .reschedule)
                        default:
                            try await manager.add([
                                Fixtures.request("event_\(id)_finished", thread: "event_\(id)", at: Double(n % 9_000))
                            ])
                        }
                    }
                }
                try await group.waitForAll()
            }
            if pick(5) == 0 { await clock.advance(by: .seconds(Double(pick(600)))) }
            // Quiescent: the truth, then the memo's answer.
            let channel = pick(3) == 0 ? otherChannel : NotificationManagerBridge.worldWideWavesChannel
            let desired = await judge.desiredRequests(favoriteIDs: favs, currentEvents: events, channel: channel)
            let threadIDs = favs.sorted().map { "event_\($0)" }
            let pending = try await manager.pendingRequests(threadIDs: threadIDs).flatMap { $0 }
            let calls = try await scheduler.reconcileNotifications(
                favoriteIDs: favs, currentEvents: events, center: manager, channel: channel)
            #expect((desired == pending) == calls.isEmpty, "seed \(seed) round \(round)")
            let after = try await manager.pendingRequests(threadIDs: threadIDs).flatMap { $0 }
            #expect(Set(after.map(\.identifier)) == Set(desired.map(\.identifier)), "seed \(seed) round \(round)")
        }
    }
}

private final class QuietSink2: NotificationSink {
    func deliver(_ delivery: NotificationDelivery) async throws {}
}
