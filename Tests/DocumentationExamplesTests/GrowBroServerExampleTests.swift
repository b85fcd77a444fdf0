import Foundation
import GrowBroServer
import GrowBroServerTesting
import TestSupport
import Testing
import WaveNotifications
import WaveNotificationsTesting

/// The first example of docs/growbro-server.md, run against the shipped doubles of the providers.
struct GrowBroServerExampleTests {
    @Test func aLikeReachesTheIPhoneAndIsAccepted() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let decisions = try await pushALike(
            databasePath: folder.url.appendingPathComponent("push.sqlite").path,
            apnsToken: String(repeating: "ab", count: 32), transport: ScriptedTransport(),
            credentials: CountingCredentials(), clock: ManualWaveClock(now: Date(timeIntervalSince1970: 1_790_000_000)))
        #expect(decisions.map(\.kind) == [.accepted])
    }
}
