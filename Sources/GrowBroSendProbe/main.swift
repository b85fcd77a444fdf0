// A child process for the kill test in GrowBroServerTests: it owns a server database and, forever, fans out one
// reply to a user with three installations and dispatches what is due, until the test kills it with SIGKILL.
//
// Usage: GrowBroSendProbe <database file> [drain], or GrowBroSendProbe sender <database> <name> (Sender.swift)
// Prints `ready <sends>` once open; `queued <id> <id> <id>` after a fan-out has committed; `sent <id>` from the
// transport as each request leaves (before its outcome is recorded); `acked <id>` after the dispatcher has
// committed an acceptance. With `drain`, it dispatches until nothing is pending, prints `drained`, and exits.
import Foundation
import GrowBroServer
import GrowBroServerSQLite
import GrowBroServerTesting
import WaveNotifications
import WavePushPayloads

let arguments = CommandLine.arguments
if arguments.count == 4, arguments[1] == "sender" {
    try await runSender(database: arguments[2], name: arguments[3])
}
guard arguments.count == 2 || (arguments.count == 3 && arguments[2] == "drain") else {
    FileHandle.standardError.write(Data("usage: GrowBroSendProbe <database file> [drain]\n".utf8))
    exit(64)
}
/// Requests in flight at once: one per installation of the user, so a kill can catch three sends in flight.
let probeInFlight = 3
let server = try PushServer(path: arguments[1])
let clock = SystemWaveClock()
let dispatcher = PushDispatcher(
    server: server, transport: EchoTransport(), credentials: CountingCredentials(), clock: clock,
    random: SeededRandom(seed: 1), maximumInFlight: probeInFlight, lease: .seconds(1))
let start = clock.now
try server.register(
    TokenRegistration(
        userID: "u1", installationID: "phone", platform: .apns, token: String(repeating: "ab", count: 32),
        environment: .production, at: start))
try server.register(
    TokenRegistration(
        userID: "u1", installationID: "tablet", platform: .apns, token: String(repeating: "cd", count: 32),
        environment: .sandbox, at: start))
try server.register(
    TokenRegistration(
        userID: "u1", installationID: "android", platform: .fcm, token: "probe:" + String(repeating: "f", count: 60),
        at: start))
var count = try server.allSends().count / 3
say("ready \(count)")

func dispatch() async throws {
    for decision in try await dispatcher.dispatchDue() where decision.kind == .accepted {
        say("acked \(decision.sendID)")
    }
}

if arguments.count == 3 {
    while try server.pendingSendCount() > 0 { try await dispatch() }
    say("drained")
    exit(0)
}
while true {
    let result = try server.fanOut(
        CommunityEvent(
            messageID: "m\(count)", recipientID: "u1",
            kind: .reply(postID: "p\(count % 5)", author: "Probe", authorID: nil, text: "Reply \(count)"),
            at: clock.now))
    say("queued " + result.sends.map { String($0.sendID) }.joined(separator: " "))
    try await dispatch()
    count += 1
}
