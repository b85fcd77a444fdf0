import Foundation
import Testing
import WaveLinuxAdapter
import WaveNotifications
import WaveNotificationsTesting

@testable import WaveSim

/// The wall clock's pacer (`docs/scenario-format.md`, "Clocks and sinks"): a pick on the desktop wakes the waiting
/// replay at once, at the simulated instant it was picked, without the clock moving.
/// The suite's time limit guards against a hang only (alone each test takes milliseconds); in `.ci/run`, beside the
/// rest of the suite on two cores, one minute was once exceeded.
@Suite(.timeLimit(.minutes(10)))
struct ReplayPacerTests {
    static let start = Date(timeIntervalSince1970: 1_774_681_140)

    /// A pick of `actionID` on a notification shown for `identifier`.
    private static func pick(_ actionID: String, on identifier: String) -> DesktopAction {
        let text = LocalizedText(table: "Hydracat", key: "title")
        let channel = NotificationChannel(
            id: "treatment_reminders", categoryID: "reminder", name: text, channelDescription: text)
        let request = NotificationRequest(
            identifier: identifier, channel: channel, fireAt: start, title: text, body: text, deepLink: "hydracat://")
        return DesktopAction(actionID: actionID, request: request, serverID: 7)
    }

    /// Returns once the pacer waits on the clock (its alarm is set). Polls every millisecond rather than spinning on
    /// `Task.yield()`: on a two-core machine under load a spinning task kept one of the pool's two threads, and the
    /// pacer's task waited behind it past the suite's time limit (seen once in a full run at a load of 20).
    private static func untilWaiting(on clock: ManualWaveClock) async {
        while clock.nextDeadline == nil {
            try? await Task.sleep(for: .milliseconds(1))
        }
    }

    @Test func aPickWakesTheWaitingReplayAtTheInstantItWasPicked() async throws {
        let clock = ManualWaveClock(now: Self.start)
        let pacer = ReplayPacer(clock: clock)
        let waiting = Task { await pacer.waitForPick(until: Self.start.addingTimeInterval(3600)) }
        await Self.untilWaiting(on: clock)

        await pacer.handle(Self.pick("log", on: "u1|p1|s1|reminder"))
        let picked = try #require(await waiting.value)
        #expect(picked.identifier == "u1|p1|s1|reminder")
        #expect(picked.actionID == "log")
        #expect(picked.at == Self.start)
        // Simulated time did not move, and no alarm is left to wake the replay later.
        #expect(clock.now == Self.start)
        #expect(clock.nextDeadline == nil)
    }

    @Test func withoutAPickTheWaitEndsWhenTheClockReachesTheDeadline() async {
        let clock = ManualWaveClock(now: Self.start)
        let pacer = ReplayPacer(clock: clock)
        let deadline = Self.start.addingTimeInterval(60)
        let waiting = Task { await pacer.waitForPick(until: deadline) }
        await Self.untilWaiting(on: clock)

        await clock.advance(to: deadline)
        #expect(await waiting.value == nil)
        #expect(clock.nextDeadline == nil)
    }

    @Test func aPickAtTheDeadlineBelongsToTheNextWait() async throws {
        let clock = ManualWaveClock(now: Self.start)
        let pacer = ReplayPacer(clock: clock)
        let deadline = Self.start.addingTimeInterval(60)
        await clock.advance(to: deadline)
        await pacer.handle(Self.pick("snooze", on: "u1|p1|s1|reminder"))

        #expect(await pacer.waitForPick(until: deadline) == nil)
        let picked = try #require(await pacer.waitForPick(until: deadline.addingTimeInterval(60)))
        #expect(picked.actionID == "snooze")
        #expect(picked.at == deadline)
    }
}
