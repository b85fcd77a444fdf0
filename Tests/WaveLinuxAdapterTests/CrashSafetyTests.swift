import Foundation
import TestSupport
import Testing
import WaveLinuxAdapter
import WaveNotifications
import WaveNotificationsTesting

#if canImport(Glibc)
    import Glibc
#endif

/// A manager killed with SIGKILL at random points while saving never leaves a database that is damaged or lacks
/// an acknowledged change, and a kill while it imports a `state.json` never loses a pending notification.
struct CrashSafetyTests {
    /// The probe executable, built by SwiftPM next to this test bundle's resources.
    static var probe: URL? {
        let candidate = Bundle.module.bundleURL.deletingLastPathComponent().appendingPathComponent("WaveStateProbe")
        return FileManager.default.isExecutableFile(atPath: candidate.path) ? candidate : nil
    }

    // The probe's fixed instant: its notifications are all a day or more ahead of it.
    static let probeNow = Date(timeIntervalSince1970: 1_781_884_800)

    // The probe is a dependency of this test target, so it is always built; a missing one fails the test.
    @Test
    func aKilledWriterLeavesTheOldOrTheNewStateNeverGarbage() async throws {
        let probe = try #require(Self.probe)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let clock = ManualWaveClock(now: Self.probeNow)
        var random = SplitMix64(seed: 2026)
        var acknowledged = 0
        var iteration = 0

        // At least 200 acknowledged saves, over at least 20 kills at random points.
        while (acknowledged < 200 || iteration < 20) && iteration < 200 {
            iteration += 1
            let child = try ChildProcess(probe, arguments: [directory.url.path])
            let ready = await child.nextLine()
            #expect(ready == "ready \(acknowledged)" || ready == "ready \(acknowledged + 1)", "iteration \(iteration)")
            try await Task.sleep(for: .milliseconds(Int.random(in: 1...60, using: &random)))
            await child.kill(SIGKILL)
            let lines = await child.remainingLines()
            if let last = lines.last(where: { $0.hasPrefix("saved ") }), let count = Int(last.dropFirst(6)) {
                acknowledged = count
            }

            // 0 corrupt stores: SQLite's own check over every page and index.
            let store = try NotificationStore(directory: directory.url)
            #expect(try store.integrityCheck() == ["ok"], "iteration \(iteration)")
            store.close()

            let log = EventLog()
            let manager = try LinuxNotificationManager(
                configuration: .init(stateDirectory: directory.url), clock: clock, sink: RecordingSink(),
                renderer: FakeRenderer(), observer: log)
            try await manager.start()
            let pending = manager.pendingSnapshot()
            // Every acknowledged save survived; at most the one in flight may also have landed.
            #expect((acknowledged...(acknowledged + 1)).contains(pending.count), "iteration \(iteration)")
            #expect(
                pending.map(\.identifier.eventID) == (0..<pending.count).map { "probe-\($0)" }, "iteration \(iteration)"
            )
            #expect(
                pending.last.map { $0.content.bodyArgs.first?.hasPrefix("Probe \(pending.count - 1) wave") == true }
                    ?? true)
            #expect(log.failures.isEmpty, "iteration \(iteration): \(log.failures)")
            acknowledged = pending.count
            await manager.stop()
            #expect(
                try directory.fileNames() == [
                    "lock", NotificationStore.fileName, NotificationStore.fileName + "-created",
                ], "iteration \(iteration)")
        }
        #expect(acknowledged >= 200)
        print("CrashSafetyTests: \(iteration) kills, \(acknowledged) acknowledged saves, all kept, 0 damaged")
    }

    // The probe is a dependency of this test target, so it is always built; a missing one fails the test.
    @Test
    func aKillDuringTheImportOfAStateFileLosesNothing() async throws {
        let probe = try #require(Self.probe)
        var random = SplitMix64(seed: 2028)
        let channel = Fixtures.channel()
        let padding = String(repeating: "wave ", count: 60)
        let pending = (0..<1_500).map { index in
            PendingNotification(
                request: NotificationRequest(
                    identifier: "imported-\(index)", threadID: "thread-\(index % 9)", channel: channel,
                    fireAt: Self.probeNow.addingTimeInterval(Double(86_400 + index)),
                    title: LocalizedText(table: "Probe", key: "title"),
                    body: LocalizedText(table: "Probe", key: "body", arguments: ["\(index) \(padding)"]),
                    deepLink: "probe://\(index)"),
                sequence: UInt64(index))
        }
        let stateFile = try PersistedState(nextSequence: 1_500, pending: pending).encoded()
        var outcomes: [String: Int] = [:]

        for run in 0..<12 {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            try stateFile.write(to: directory.appending("state.json"))
            let child = try ChildProcess(probe, arguments: [directory.url.path, "--start-only"])
            if run.isMultiple(of: 2) {
                // Anywhere from before the import to well after it…
                try await Task.sleep(for: .milliseconds(Int.random(in: 1...800, using: &random)))
            } else {
                // …or shortly after the database was opened, so some kills land inside the import's transaction.
                let log = directory.appending(NotificationStore.fileName + "-wal").path
                let deadline = ContinuousClock.now + .seconds(5)
                while !FileManager.default.fileExists(atPath: log) && ContinuousClock.now < deadline {}
                let delay = ContinuousClock.now + .microseconds(Int.random(in: 0...20_000, using: &random))
                while ContinuousClock.now < delay {}
            }
            await child.kill(SIGKILL)
            let lines = await child.remainingLines()
            let stillThere = FileManager.default.fileExists(atPath: directory.appending("state.json").path)
            outcomes[stillThere ? "not yet renamed" : "renamed", default: 0] += 1
            if lines.contains("ready 1500") {
                #expect(!stillThere, "run \(run): reported ready before renaming the imported file")
            }

            let log = EventLog()
            let manager = try LinuxNotificationManager(
                configuration: .init(stateDirectory: directory.url), clock: ManualWaveClock(now: Self.probeNow),
                sink: RecordingSink(), renderer: FakeRenderer(), observer: log)
            try await manager.start()
            #expect(try await manager.pendingRequests() == pending.map(\.request), "run \(run)")
            #expect(log.failures.isEmpty, "run \(run): \(log.failures)")
            await manager.stop()
            let names = try directory.fileNames()
            #expect(!names.contains("state.json"), "run \(run)")
            #expect(names.filter { $0.hasPrefix("state.json.imported-") }.count == 1, "run \(run): \(names)")
        }
        print("CrashSafetyTests: kills during import: \(outcomes.sorted { $0.key < $1.key })")
    }
}
