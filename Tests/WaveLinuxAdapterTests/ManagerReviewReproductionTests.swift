import Foundation
import TestSupport
import Testing
import WaveNotifications
import WaveNotificationsTesting

@testable import WaveLinuxAdapter

/// Reproductions from the independent review of the compact record: canonically equivalent identifiers are one identifier, and a call's delay counts from the call.
struct ManagerReviewReproductionTests {
    /// U+212A KELVIN SIGN is canonically equivalent to ASCII "K": Swift's String says they are one string, and so
    /// do the queue's keys (the shown registry's too).
    @Test func theKelvinSignIsTheSameIdentifierAsK() {
        #expect("task_K" == "task_\u{212A}")
        #expect("task_K".hashValue == "task_\u{212A}".hashValue)
        #expect(HashedKey("task_K") == HashedKey("task_\u{212A}"))
        // RequestKey hashes the ASCII bytes of one and String's hash of the other: equal strings, unequal keys.
        #expect(RequestKey("task_K") == RequestKey("task_\u{212A}"))
        #expect(RequestKey("a;") == RequestKey("a\u{037E}"))  // GREEK QUESTION MARK ≡ ';'
    }

    /// A request whose identifier is canonically equivalent to a pending one must replace it (the old queue did).
    @Test func aCanonicallyEquivalentIdentifierReplaces() async throws {
        let clock = ManualWaveClock(now: Fixtures.start)
        let sink = RecordingSink()
        let manager = try LinuxNotificationManager(clock: clock, sink: sink, renderer: FakeRenderer())
        try await manager.add([Fixtures.request("task_K", thread: "t", at: 100)])
        try await manager.add([Fixtures.request("task_\u{212A}", thread: "t", at: 100)])
        #expect(manager.pendingCount == 1)
        await clock.advance(by: .seconds(200))
        #expect(sink.deliveries.count == 1)
    }

    /// Removing by an equivalent spelling removes the pending request (and withdraws the shown one, which the
    /// ShownRegistry still does through HashedKey).
    @Test func aCanonicallyEquivalentIdentifierRemoves() async throws {
        let clock = ManualWaveClock(now: Fixtures.start)
        let sink = RecordingSink()
        let manager = try LinuxNotificationManager(clock: clock, sink: sink, renderer: FakeRenderer())
        try await manager.add([Fixtures.request("a\u{037E}", thread: "t\u{212A}", at: 100)])
        try await manager.removePending(identifiers: ["a;"], reason: .reschedule)
        #expect(manager.pendingCount == 0)
        try await manager.add([Fixtures.request("b", thread: "t\u{212A}", at: 100)])
        try await manager.removePending(threadID: "tK", reason: .reschedule)
        #expect(manager.pendingCount == 0)
    }

    /// A sink that takes 30 s (on the manual clock) to show a notification, as a slow desktop sink may.
    final class SlowSink: NotificationSink {
        let clock: ManualWaveClock
        init(clock: ManualWaveClock) { self.clock = clock }
        func deliver(_ delivery: NotificationDelivery) async throws {
            await clock.advance(by: .seconds(30))
        }
    }

    /// The delay of a WorldWideWaves call is measured from the call (the bridge's contract), even when the call
    /// first starts the manager and that start delivers late notifications through a slow sink.
    @Test func aDelayIsMeasuredFromTheCallEvenOnFirstUse() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let clock = ManualWaveClock(now: Fixtures.start)
        let first = try LinuxNotificationManager(
            configuration: .init(stateDirectory: directory.url), clock: clock, sink: RecordingSink(),
            renderer: FakeRenderer())
        try await first.add([Fixtures.request("late", thread: "t", at: 10)])
        await first.stop()
        await clock.advance(by: .seconds(60))  // "late" is now 50 s late, within the grace period
        let second = try LinuxNotificationManager(
            configuration: .init(stateDirectory: directory.url), clock: clock, sink: SlowSink(clock: clock),
            renderer: FakeRenderer())
        let calledAt = clock.now
        let content = NotificationContent(titleKey: "t", bodyKey: "b", deepLink: "l")
        try await second.scheduleNotification(
            eventID: "paris", trigger: .eventFinished, delay: .seconds(600), content: content)
        let request = try #require(try await second.pendingRequests().first { $0.identifier == "event_paris_finished" })
        #expect(request.fireAt == calledAt.addingTimeInterval(600))
    }
}
