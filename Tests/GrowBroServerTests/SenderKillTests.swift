import Dispatch
import Foundation
import GrowBroServer
import GrowBroServerTesting
import TestSupport
import Testing
import WaveNotifications
import WavePush
import WavePushPayloads

#if canImport(Glibc)
    import Glibc
#endif

/// Three senders share one store during a broadcast, and random ones are killed with SIGKILL and replaced: every
/// send ends exactly once (accepted), none is lost, none is acknowledged twice, and a send is requested again only
/// when a killed sender had it in flight or answered but not yet committed.
struct SenderKillTests {
    /// The broadcast's size: 100,000 recipients (`WAVE_KILL_BROADCAST` sets another, for a quick local run).
    static var broadcastSize: Int {
        ProcessInfo.processInfo.environment["WAVE_KILL_BROADCAST"].flatMap { Int($0) } ?? 100_000
    }

    /// The probe's claim size (Sources/GrowBroSendProbe/Sender.swift): what one kill can cost at most, since every
    /// send requested and not yet committed belongs to the claim in progress.
    static let claimSize = 200

    @Test(.serialized, arguments: TestStore.all)
    func sendersKilledAtRandomDuringABroadcastEndEverySendOnce(store: TestStore) async throws {
        let probe = try #require(SendCrashSafetyTests.probe)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let database =
            store == .sqlite ? directory.appending("server.sqlite").path : try TestStore.freshSchema("kill")
        let server = try PushStoreLocation(database).open()
        defer { server.close() }
        let size = Self.broadcastSize
        for first in stride(from: 0, to: size, by: 10_000) {
            try server.register(
                (first..<min(size, first + 10_000)).map { n in
                    TokenRegistration(
                        userID: "u\(n)", installationID: "p\(n)", platform: n.isMultiple(of: 2) ? .apns : .fcm,
                        token: n.isMultiple(of: 2) ? Harness.apnsToken(n + 1) : Harness.fcmToken(n + 1),
                        environment: n.isMultiple(of: 2) ? .production : nil, at: Harness.start)
                })
        }
        // The broadcast: one system message per user, recorded before any sender starts; its event is "now" so
        // that the senders, on the system clock, find every send due.
        let now = SystemWaveClock().now
        let results = try server.fanOut(
            (0..<size).map { n in
                CommunityEvent(
                    messageID: "b\(n)", recipientID: "u\(n)",
                    kind: .system(title: "GrowBro 3.0", text: "New templates"), at: now)
            }, batchSize: 1_000)
        let queued = Set(results.flatMap { (try? $0.get())?.sends.map(\.sendID) ?? [] })
        #expect(queued.count == size)
        let broadcastRecorded = ContinuousClock.now

        // The killing runs on a thread of its own, polling the store every 5 ms: the kills must not wait for this
        // process's task threads, which other tests may keep busy.
        typealias Sender = (name: String, child: ChildProcess, lines: Task<[String], Never>)
        let (kills, started, killed, live) = try await withCheckedThrowingContinuation {
            (continuation: CheckedContinuation<(Int, Int, [Task<[String], Never>], [Sender]), any Error>) in
            DispatchQueue.global().async {
                do {
                    var random = SeededRandom(seed: 39)
                    var started = 0
                    var live: [Sender] = []
                    var killed: [Task<[String], Never>] = []
                    func start() throws {
                        started += 1
                        let child = try ChildProcess(probe, arguments: ["sender", database, "s\(started)"])
                        // Read as it writes: a sender must never block on a full pipe.
                        live.append(("s\(started)", child, Task { await child.remainingLines() }))
                    }
                    for _ in 0..<3 { try start() }
                    // A kill at each tenth of the broadcast ended, from the first to the eighth, as the store
                    // counts it: the kills fall during the broadcast however fast or slow this machine is.
                    var kills = 0
                    for tenth in 1...8 {
                        while try server.pendingSendCount() > size - size * tenth / 10 { usleep(5_000) }
                        guard try server.pendingSendCount() > 0 else { break }
                        let victim = live.remove(at: Int.random(in: 0..<live.count, using: &random))
                        victim.child.terminate()
                        killed.append(victim.lines)
                        kills += 1
                        try start()
                    }
                    continuation.resume(returning: (kills, started, killed, live))
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
        var finished: [[String]] = []
        for lines in killed { finished.append(await lines.value) }
        for sender in live {
            #expect(await sender.child.waitForExit() == 0, "sender \(sender.name)")
            finished.append(await sender.lines.value)
        }
        #expect(kills == 8)

        var requests: [Int64: Int] = [:]
        var acknowledgements: [Int64: Int] = [:]
        for line in finished.joined() {
            let parts = line.split(separator: " ")
            guard parts.count == 2, let id = Int64(parts[1]) else { continue }
            if parts[0] == "sent" { requests[id, default: 0] += 1 }
            if parts[0] == "acked" { acknowledgements[id, default: 0] += 1 }
        }
        let sends = try server.allSends()
        // Every send ended exactly once, accepted; nothing is pending.
        #expect(sends.count == size)
        #expect(sends.filter { $0.state == .accepted }.count == size)
        #expect(try server.pendingSendCount() == 0)
        // None lost: each was requested; none acknowledged twice.
        #expect(Set(requests.keys) == queued)
        #expect(acknowledgements.values.allSatisfy { $0 == 1 })
        // A second request only for what a killed sender had in flight or answered and not yet committed.
        let requestedAgain = requests.values.filter { $0 > 1 }.count
        #expect(requestedAgain <= kills * Self.claimSize)
        print(
            "SenderKillTests(\(store)): \(size) sends, \(started) senders, \(kills) killed, every send accepted once, "
                + "\(requestedAgain) requested again after a kill, sent in \(ContinuousClock.now - broadcastRecorded)")
    }
}
