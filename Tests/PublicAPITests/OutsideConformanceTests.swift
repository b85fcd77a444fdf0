import Foundation
import Testing
import WaveNotifications
import WaveNotificationsTesting

/// A platform conformer written outside the module, as an app's iOS or Android bridge would be.
private actor ListCenter: NotificationRequestCenter {
    private(set) var pending: [NotificationRequest] = []
    private(set) var changeCount = 0

    func add(_ requests: [NotificationRequest]) {
        changeCount += 1
        for request in requests {
            pending.removeAll { $0.identifier == request.identifier }
            pending.append(request)
        }
    }

    func removePending(identifiers: [String], reason: NotificationReason) {
        changeCount += 1
        pending.removeAll { identifiers.contains($0.identifier) }
    }

    func removePending(threadID: String, reason: NotificationReason) {
        changeCount += 1
        pending.removeAll { $0.threadID == threadID }
    }

    func pendingRequests() -> [NotificationRequest] {
        pending.sorted { $0.fireAt < $1.fireAt }
    }

    func show(_ request: NotificationRequest) {
        changeCount += 1
    }

    func withdrawShown(identifiers: [String], reason: NotificationReason) {
        changeCount += 1
    }
}

/// A policy written outside the module: drops requests on a channel the user muted.
private struct MutedChannels: PerRequestPolicy {
    var muted: Set<String>

    func decision(for proposed: ProposedRequest, in context: PolicyContext) -> PolicyDecision {
        muted.contains(proposed.request.channel.id) ? .dropped(.categoryDisabled) : .kept
    }
}

struct OutsideConformanceTests {
    private static let channel = NotificationChannel(
        id: "likes", categoryID: "LIKES", name: LocalizedText(table: "T", key: "n"),
        channelDescription: LocalizedText(table: "T", key: "d"))

    @Test func anOutsideCenterServesWorldWideWavesThroughTheBridge() async throws {
        let center = ListCenter()
        let now = Date(timeIntervalSince1970: 1_780_000_000)
        let clock = ManualWaveClock(now: now)
        let favorites = InMemoryFavoriteEventsStore(favoriteIDs: ["paris"])
        let scheduler = DefaultNotificationScheduler(
            manager: NotificationManagerBridge(center: center, clock: clock), favorites: favorites, clock: clock)
        let event = WaveEventRecord(
            id: "paris", name: "Paris Wave", location: "Paris", startDate: now.addingTimeInterval(7200),
            endDate: now.addingTimeInterval(10_800))
        await scheduler.syncNotifications(favoriteIDs: ["paris"], currentEvents: [event])
        let identifiers = await center.pendingRequests().map(\.identifier)
        #expect(identifiers.first == "event_paris_start_60m")
        #expect(identifiers.count == 6)
        #expect(await center.pendingRequests().allSatisfy { $0.threadID == "event_paris" })
    }

    @Test func anOutsideCenterIsReconciledWithZeroChangesTheSecondTime() async throws {
        let center = ListCenter()
        let request = NotificationRequest(
            identifier: "like_1", channel: Self.channel, fireAt: Date(timeIntervalSince1970: 1_780_000_000),
            title: LocalizedText(table: "T", key: "t"), body: LocalizedText(table: "T", key: "b"), deepLink: "app://1")
        let reconciler = NotificationReconciler(center: center)
        try await reconciler.reconcile(desired: [request])
        #expect(await center.changeCount == 1)
        try await reconciler.reconcile(desired: [request])
        #expect(await center.changeCount == 1)
    }

    @Test func anOutsidePolicyRunsInAPipeline() {
        let request = NotificationRequest(
            identifier: "like_1", channel: Self.channel, fireAt: Date(timeIntervalSince1970: 1_780_000_000),
            title: LocalizedText(table: "T", key: "t"), body: LocalizedText(table: "T", key: "b"), deepLink: "app://1")
        let context = PolicyContext(now: request.fireAt, timeZone: TimeZone(identifier: "UTC")!)
        let outcomes = PolicyPipeline([MutedChannels(muted: ["likes"])]).run([ProposedRequest(request)], in: context)
        #expect(outcomes.map(\.droppedReason) == [.categoryDisabled])
    }
}
