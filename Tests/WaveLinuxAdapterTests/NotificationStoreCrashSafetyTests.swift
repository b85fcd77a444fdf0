import Foundation
import TestSupport
import Testing
import WaveLinuxAdapter
import WaveNotifications

#if canImport(Glibc)
    import Glibc
#endif

/// A store writer killed with SIGKILL at random points never loses a committed request nor damages the file.
struct NotificationStoreCrashSafetyTests {
    /// The probe executable, built by SwiftPM next to this test bundle's resources.
    static var probe: URL? {
        let candidate = Bundle.module.bundleURL.deletingLastPathComponent().appendingPathComponent("WaveStoreProbe")
        return FileManager.default.isExecutableFile(atPath: candidate.path) ? candidate : nil
    }

    // The probe is a dependency of this test target, so it is always built; a missing one fails the test.
    @Test
    func aKilledWriterLosesNoAcknowledgedRequest() async throws {
        let probe = try #require(Self.probe)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var random = SplitMix64(seed: 2027)
        var acknowledged: Set<String> = []
        var stored: Set<String> = []
        var runs = 0

        // At least 200 acknowledged saves, over at least 10 kills at random points.
        while (acknowledged.count < 200 || runs < 10) && runs < 100 {
            runs += 1
            let child = try ChildProcess(probe, arguments: [directory.url.path])
            let ready = await child.nextLine()
            #expect(ready == "ready \(stored.count)", "run \(runs)")
            try await Task.sleep(for: .milliseconds(Int.random(in: 1...40, using: &random)))
            await child.kill(SIGKILL)
            for line in await child.remainingLines() where line.hasPrefix("saved ") {
                acknowledged.insert(String(line.dropFirst(6)))
            }

            let store = try NotificationStore(directory: directory.url)
            #expect(try store.integrityCheck() == ["ok"], "run \(runs)")
            let pending = try store.pending()
            let identifiers = Set(pending.map(\.identifier))
            let lost = acknowledged.subtracting(identifiers)
            #expect(lost.isEmpty, "run \(runs): lost \(lost.sorted())")
            // Only the one in flight at this kill may be new without an acknowledgement.
            #expect(identifiers.subtracting(acknowledged).subtracting(stored).count <= 1, "run \(runs)")
            #expect(pending.map(\.identifier) == (0..<pending.count).map { "probe-\($0)" }, "run \(runs)")
            #expect(
                pending.last.map { $0.body.arguments.first?.hasPrefix("Probe \(pending.count - 1) wave") == true }
                    ?? true)
            stored = identifiers
            store.close()
        }
        #expect(acknowledged.count >= 200)
        #expect(runs >= 10)
        print("NotificationStoreCrashSafetyTests: \(runs) kills, \(acknowledged.count) acknowledged saves, all kept")
    }
}
