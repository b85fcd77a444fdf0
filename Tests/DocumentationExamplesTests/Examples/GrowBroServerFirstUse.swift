// Shown in docs/growbro-server.md, "Using it".
// example-begin
import Foundation
import GrowBroServer
import GrowBroServerSQLite
import WaveNotifications
import WavePushPayloads

/// A like on Ana's post, pushed to the one iPhone of user u1: the device registers its token, the event fans out
/// into the server inbox and the outbox, and the dispatcher sends what is due through the backend's HTTP client.
func pushALike(
    databasePath: String,  // for example /var/lib/growbro/push.sqlite
    apnsToken: String,  // the device's hex token, as the app reported it
    transport: any PushTransport,  // your HTTP/2 client to APNs and FCM
    credentials: any ProviderCredentials,  // your APNs provider token and FCM access token
    clock: any WaveClock = SystemWaveClock()
) async throws -> [DispatchDecision] {
    let server = try PushServer(path: databasePath)
    let now = clock.now
    // An async caller runs the server's calls on its store thread: no thread of Swift's pool waits for the database.
    try await server.run { server in
        try server.register(
            TokenRegistration(
                userID: "u1", installationID: "i1", platform: .apns, token: apnsToken, environment: .production,
                at: now))
        _ = try server.fanOut(
            CommunityEvent(messageID: "m1", recipientID: "u1", kind: .like(postID: "42", author: "Ana"), at: now))
    }
    let dispatcher = PushDispatcher(
        server: server, transport: transport, credentials: credentials, clock: clock,
        random: SystemRandomNumberGenerator())
    // Call it again when `server.nextDueInstant()` comes (a retry's instant).
    return try await dispatcher.dispatchDue()
}
// example-end
