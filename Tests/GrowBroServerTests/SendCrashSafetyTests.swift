import Foundation
import GrowBroServer
import GrowBroServerSQLite
import GrowBroServerTesting
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A server killed with SIGKILL during a burst of sends loses no push and never sends an acknowledged one again.
struct SendCrashSafetyTests {
    /// The probe executable, built by SwiftPM next to this test bundle.
    static var probe: URL? {
        let products = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(), Bundle.main.bundleURL,
            Bundle.main.bundleURL.deletingLastPathComponent(),
        ]
        for directory in products {
            let candidate = directory.appendingPathComponent("GrowBroSendProbe")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    // The probe is a dependency of this test target, so it is always built; a missing one fails the test.
    @Test
    func aKilledDispatcherLosesNoPushAndResendsNoAcknowledgedOne() async throws {
        let probe = try #require(Self.probe)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "growbro-kill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("server.sqlite").path
        var random = SeededRandom(seed: 2028)
        var lines: [(run: Int, line: String)] = []
        var runs = 0
        var queued = 0
        while (queued < 300 || runs < 10) && runs < 100 {
            runs += 1
            let child = try ChildProcess(probe, arguments: [path])
            let ready = await child.nextLine()
            #expect(ready?.hasPrefix("ready ") == true, "run \(runs)")
            try await Task.sleep(for: .milliseconds(Int.random(in: 5...60, using: &random)))
            await child.kill(SIGKILL)
            for line in await child.remainingLines() {
                lines.append((runs, line))
                if line.hasPrefix("queued ") { queued += 3 }
            }
            let server = try PushServer(path: path)
            #expect(try server.integrityCheck() == ["ok"], "run \(runs)")
            server.close()
        }
        // A last run without a kill sends what is still pending.
        let drain = try ChildProcess(probe, arguments: [path, "drain"])
        for line in await drain.remainingLines() { lines.append((runs + 1, line)) }
        #expect(await drain.waitForExit() == 0)

        let server = try PushServer(path: path)
        defer { server.close() }
        let sends = try server.allSends()
        let queuedIDs = Set(
            lines.filter { $0.line.hasPrefix("queued ") }.flatMap { $0.line.split(separator: " ").dropFirst() }
                .compactMap { Int64($0) })
        let accepted = Set(sends.filter { $0.state == .accepted }.map(\.sendID))
        // No push lost: every send whose fan-out was acknowledged was accepted in the end, and nothing is pending.
        #expect(queuedIDs.subtracting(accepted).isEmpty)
        #expect(try server.pendingSendCount() == 0)
        // No acknowledged push sent again: after its `acked`, a send is never `sent`; within one run, once at most.
        var acknowledged: Set<Int64> = []
        var sentInRun: Set<String> = []
        var resent = 0
        for (run, line) in lines {
            let parts = line.split(separator: " ")
            guard parts.count == 2, let id = Int64(parts[1]) else { continue }
            if parts[0] == "acked" { acknowledged.insert(id) }
            if parts[0] == "sent" {
                #expect(!acknowledged.contains(id), "send \(id) sent again after its acknowledgement")
                let key = "\(run)/\(id)"
                #expect(!sentInRun.contains(key), "send \(id) sent twice in run \(run)")
                if sentInRun.contains(where: { $0.hasSuffix("/\(id)") }) { resent += 1 }
                sentInRun.insert(key)
            }
        }
        #expect(acknowledged.isSubset(of: accepted))
        // A resend happens only for a send in flight at a kill: at most the probe's 3 in flight per kill.
        #expect(resent <= runs * 3)
        #expect(queued >= 300)
        print(
            "SendCrashSafetyTests: \(runs) kills, \(queuedIDs.count) sends queued, all accepted, \(resent) resent after a kill"
        )
    }
}
