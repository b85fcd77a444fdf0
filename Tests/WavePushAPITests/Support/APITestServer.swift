import Foundation
import GrowBroServer
import GrowBroServerSQLite
import TestSupport
import WaveJSON
import WaveNotifications
import WaveNotificationsTesting
import WavePushAPI

/// A running API for a test: an in-memory store, a key file in a temporary folder, a manual clock, and the HTTP
/// server on a loopback port of the kernel's choice; its log lines kept for inspection.
final class APITestServer: Sendable {
    /// The backend's key: every user.
    static let backendKey = "backend-key-0123456789abcdef0123456789abcdef"
    /// A support tool's key: only user `alice`.
    static let aliceKey = "alice-only-key-0123456789abcdef0123456789ab"

    let directory: TemporaryDirectory
    let keyFile: String
    let server: PushServer
    let clock: ManualWaveClock
    let http: HTTPServer
    let client: TestHTTPClient
    /// The API's counts, as `wavepush serve --metrics` serves them.
    let metrics = APIMetrics()
    private let lines = WaveLock<[String]>([])

    init(
        limits: PushAPI.Limits = PushAPI.Limits(), maximumBodyBytes: Int = 4096, name: String = #function,
        http adjust: (inout HTTPServer.Options) -> Void = { _ in }
    ) throws {
        directory = try TemporaryDirectory("api-\(name)")
        keyFile = directory.appending("keys.json").path
        try Self.writeKeys(
            to: keyFile,
            """
            {"keys": [
              {"name": "backend", "key": "\(Self.backendKey)", "users": "all"},
              {"name": "alice-support", "key": "\(Self.aliceKey)", "users": ["alice"]}
            ]}
            """)
        server = try PushServer.inMemory()
        clock = ManualWaveClock(now: Date(timeIntervalSince1970: 1_790_000_000))
        let lines = self.lines
        let keyring = try APIKeyring(path: keyFile)
        var limits = limits
        limits.maximumBodyBytes = maximumBodyBytes
        let api = PushAPI(
            server: server, keyring: keyring, clock: clock, limits: limits,
            log: { line in lines.withLock { $0.append(line) } }, metrics: metrics)
        var options = HTTPServer.Options()
        options.maximumBodyBytes = maximumBodyBytes
        options.threads = 2
        adjust(&options)
        http = try HTTPServer(options: options, handler: api)
        client = TestHTTPClient(port: http.port)
    }

    deinit {
        http.stop(grace: .seconds(1))
        server.close()
        directory.remove()
    }

    var logLines: [String] { lines.withLock { $0 } }

    /// The metrics page `wavepush serve --metrics` would serve now: the API's figures, then the store's.
    var metricsPage: String {
        metrics.exposition(http: http) + PushMetrics.storeExposition(server: server, now: clock.now)
    }

    /// Replaces the key file's text at once (a new file renamed over the old, as an operator's tool does).
    static func writeKeys(to path: String, _ text: String) throws {
        let temporary = path + ".new"
        try Data(text.utf8).write(to: URL(fileURLWithPath: temporary))
        guard rename(temporary, path) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    /// Registers an APNs installation through the API with the backend key.
    @discardableResult
    func register(user: String, installation: String, token: String) throws -> TestHTTPClient.Response {
        try client.post("/v1/tokens", key: Self.backendKey) { json in
            json.member("user", user)
            json.member("installation", installation)
            json.member("platform", "apns")
            json.member("token", token)
            json.member("environment", "sandbox")
        }
    }

    /// Sends a reply event through the API with the backend key.
    @discardableResult
    func reply(to user: String, messageID: String, text: String = "Nice buds!") throws -> TestHTTPClient.Response {
        try client.post("/v1/events", key: Self.backendKey) { json in
            json.member("kind", "reply")
            json.member("recipient", user)
            json.member("messageId", messageID)
            json.member("postId", "post-1")
            json.member("author", "Bob")
            json.member("text", text)
        }
    }

    /// What the store holds, to show a refused request changed nothing.
    func snapshot() throws -> String {
        var parts = ["changes=\(try server.tokenChanges().count)"]
        for user in ["alice", "bob"] where try server.isKnownUser(user) {
            let inbox = try server.inbox(of: user)
            parts.append("\(user): installations=\(try server.installations(of: user).count)")
            parts.append("\(user): total=\(try inbox.totalCount(now: clock.now))")
            parts.append("\(user): unread=\(try inbox.unreadCount(now: clock.now))")
        }
        parts.append("pending=\(try server.pendingSendCount())")
        return parts.joined(separator: ", ")
    }
}
