import Foundation
import GrowBroServer
import GrowBroServerTesting
import WaveNotifications
import WavePush

/// One of several senders sharing a store, for the multi-sender kill test: claims with a 30-second lease (longer than one claim takes even under ThreadSanitizer, so a live sender never loses its claim), sends to
/// ``EchoTransport`` (`sent <id>` as each request leaves) and prints `acked <id>` for each acceptance once committed;
/// when nothing is pending any more it prints `drained` and exits 0. While another sender's claims wait for their
/// lease it polls every 50 ms.
///
/// - Parameters:
///   - database: A SQLite file or a `postgresql://` URI.
///   - name: The sender's name, for its claims.
func runSender(database: String, name: String) async throws -> Never {
    let server = try PushStoreLocation(database).open()
    let dispatcher = PushDispatcher(
        server: server, transport: EchoTransport(), credentials: CountingCredentials(), clock: SystemWaveClock(),
        random: SeededRandom(seed: 1), maximumInFlight: 20, owner: name, lease: .seconds(30), commitBatchSize: 100)
    say("ready \(name)")
    while true {
        let decisions = try await dispatcher.dispatchDue(limit: 200)  // SenderKillTests.claimSize
        for decision in decisions where decision.kind == .accepted { say("acked \(decision.sendID)") }
        if decisions.isEmpty {
            if try await server.run({ try $0.pendingSendCount() }) == 0 { break }
            try await Task.sleep(for: .milliseconds(50))
        }
    }
    server.close()
    say("drained")
    exit(0)
}
