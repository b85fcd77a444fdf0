import Foundation
import GrowBroNotifications
import TestSupport
import Testing
import WaveLinuxAdapter
import WaveNotifications
import WaveNotificationsTesting
import WaveStrings

/// Runs the examples of docs/linux-adapter.md on a manual clock, a recording sink and a temporary folder.
struct LinuxAdapterExampleTests {
    @Test func theFirstProgramShowsTheParisReminderInEnglishAndStops() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let clock = SignallingClock(now: Date(timeIntervalSince1970: 1_782_043_200))  // 2026-06-21 12:00 UTC
        let lines = LineRecorder()
        let program = Task {
            defer { clock.finish() }
            try await runReminders(
                environment: ["XDG_STATE_HOME": directory.url.path, "LANG": "en_US.UTF-8"], clock: clock,
                sink: JSONLinesSink(writer: lines.append))
        }
        guard let deadline = await clock.firstAlarm() else {
            try await program.value
            Issue.record("the program ended without setting an alarm")
            return
        }
        #expect(deadline == clock.now.addingTimeInterval(5))
        await clock.advance(to: deadline)
        try await program.value

        let line = try #require(lines.all.first)
        #expect(lines.all.count == 1)
        #expect(line.contains(#""title":"Wave starting soon""#))
        #expect(line.contains(#""body":"The wave in Paris starts in 1 minute. Stand up!""#))
        #expect(
            FileManager.default.fileExists(
                atPath: directory.url.appendingPathComponent("wavenotifications/notifications.sqlite").path))
    }

    @Test func mochisFluidsAreShownWithHydracatsTextsAndThenStopped() async throws {
        let eight = Date(timeIntervalSince1970: 1_782_028_800)  // 2026-06-21 08:00 UTC
        let clock = ManualWaveClock(now: eight.addingTimeInterval(-3600))
        let lines = LineRecorder()
        let manager = try LinuxNotificationManager(
            clock: clock, sink: JSONLinesSink(writer: lines.append),
            renderer: LocalizedStringResolver(language: "en", environment: [:]))

        try await remindOfMochisFluids(on: manager, at: eight)
        #expect(try await manager.pendingRequests().map(\.identifier) == ["fluids_2026-06-21_0800"])
        await clock.advance(to: eight)
        #expect(lines.all.count == 1)
        #expect(lines.all.first?.contains(#""title":"Time for Mochi's morning fluid therapy""#) == true)
        #expect(lines.all.first?.contains(#""body":"Log it when you're done.""#) == true)

        try await remindOfMochisFluids(on: manager, at: eight.addingTimeInterval(86_400))
        #expect(try await stopMochisFluids(on: manager).isEmpty)
        #expect(manager.shownNotifications().isEmpty)
    }

    @Test func growBrosGateHoldsBackWhatTheSettingsSwitchOff() async throws {
        let zone = TimeZone(identifier: "Europe/Berlin")!
        let gate = GrowBroGate(
            settings: GrowBroSettings(channels: [.likes: false]), permission: .authorized, zone: zone)
        let like = GrowBroDeliveryRules.request(
            for: .like(messageID: "m2", postID: "p42", author: "Ben"),
            receivedAt: Date(timeIntervalSince1970: 1_777_874_700))
        #expect(await gate.suppressionReason(for: like, at: like.fireAt) == .categoryDisabled)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let clock = ManualWaveClock(now: like.fireAt.addingTimeInterval(-60))
        let lines = LineRecorder()
        let manager = try makeGrowBroManager(
            directory: directory.url, settings: GrowBroSettings(channels: [.likes: false]), zone: zone, clock: clock,
            sink: JSONLinesSink(writer: lines.append))
        try await manager.add([like])
        await clock.advance(to: like.fireAt)
        #expect(lines.all.isEmpty)
        #expect(try await manager.pendingRequests().isEmpty)
    }

    @Test func theStoreListsTheSoonestFirstAndForgetsWhatWasShown() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let now = Date(timeIntervalSince1970: 1_782_028_800)
        let later = Self.request("b", fireAt: now.addingTimeInterval(60))
        let sooner = Self.request("a", fireAt: now)
        #expect(try saveAndShow(sooner, later, in: directory.url, now: now).map(\.identifier) == ["a", "b"])
        let store = try NotificationStore(directory: directory.url)
        #expect(try store.pending().map(\.identifier) == ["b"])
    }

    @Test func aDeletedInboxEntryIsNeitherListedNorCounted() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try NotificationStore(directory: directory.url)
        let (page, unread) = try await useInbox(
            of: store, title: LocalizedText(table: "GrowBro", key: "t"),
            body: LocalizedText(table: "GrowBro", key: "b"),
            now: Date(timeIntervalSince1970: 1_782_028_800))
        #expect(page.items.isEmpty)
        #expect(unread == 0)
    }

    private static func request(_ identifier: String, fireAt: Date) -> NotificationRequest {
        NotificationRequest(
            identifier: identifier,
            channel: NotificationChannel(
                id: "c", categoryID: "C", name: LocalizedText(table: "T", key: "n"),
                channelDescription: LocalizedText(table: "T", key: "d")), fireAt: fireAt,
            title: LocalizedText(table: "T", key: "title"), body: LocalizedText(table: "T", key: "body"),
            deepLink: "app://")
    }
}
