import Foundation
import Testing
import WaveLinuxAdapter
import WaveNotifications

#if canImport(Glibc)
    import Glibc
#endif

/// A writer killed with SIGKILL at random points while saving never leaves a state that does not load.
struct CrashSafetyTests {
    /// The probe executable, built by SwiftPM next to this test bundle's resources.
    static var probe: URL? {
        let candidate = Bundle.module.bundleURL.deletingLastPathComponent().appendingPathComponent("WaveStateProbe")
        return FileManager.default.isExecutableFile(atPath: candidate.path) ? candidate : nil
    }

    @Test(.enabled(if: probe != nil, "the WaveStateProbe executable was not built next to the tests"))
    func aKilledWriterLeavesTheOldOrTheNewStateNeverGarbage() async throws {
        let probe = try #require(Self.probe)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // The probe's fixed instant: its notifications are all a day or more ahead of it.
        let clock = ManualWaveClock(now: Date(timeIntervalSince1970: 1_781_884_800))
        var random = SplitMix64(seed: 2026)
        var acknowledged = 0
        var killsDuringAWrite = 0

        for iteration in 0..<20 {
            let child = try ChildProcess(probe, arguments: [directory.url.path])
            let ready = await child.nextLine()
            #expect(ready == "ready \(acknowledged)" || ready == "ready \(acknowledged + 1)", "iteration \(iteration)")
            if iteration.isMultiple(of: 2) {
                // At a random point of the save loop…
                try await Task.sleep(for: .milliseconds(Int.random(in: 1...60, using: &random)))
            } else {
                // …or as soon as a save is seen in progress, after a random number of saves, to be sure some
                // kills land between opening the temporary file and renaming it.
                let temporary = directory.appending(".state.json.tmp").path
                var seen = 0
                let wanted = Int.random(in: 1...5, using: &random)
                let deadline = ContinuousClock.now + .seconds(2)
                while seen < wanted && ContinuousClock.now < deadline {
                    if FileManager.default.fileExists(atPath: temporary) {
                        seen += 1
                        while seen < wanted && FileManager.default.fileExists(atPath: temporary) {}
                    }
                }
            }
            await child.kill(SIGKILL)
            let lines = await child.remainingLines()
            if let last = lines.last(where: { $0.hasPrefix("saved ") }), let count = Int(last.dropFirst(6)) {
                acknowledged = count
            }
            if FileManager.default.fileExists(atPath: directory.appending(".state.json.tmp").path) {
                killsDuringAWrite += 1
            }

            let log = EventLog()
            let manager = try LinuxNotificationManager(
                configuration: .init(stateDirectory: directory.url), clock: clock, sink: RecordingSink(),
                renderer: FakeRenderer(), observer: log)
            try await manager.start()
            let pending = await manager.pendingSnapshot()
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
            #expect(try directory.fileNames() == ["lock", "state.json"], "iteration \(iteration)")
        }
        #expect(acknowledged > 20)
        // Not a pass condition (timing decides where a kill lands), but worth seeing in the log: the test only
        // means something if kills do land inside writes.
        print(
            "CrashSafetyTests: \(killsDuringAWrite) of 20 kills left a half-written temporary file; \(acknowledged) saves survived"
        )
    }
}
