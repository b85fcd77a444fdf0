import Foundation
import GrowBroServer
import GrowBroServerSQLite
import GrowBroServerTesting
import WaveJSON
import WaveNotifications
import WaveNotificationsTesting
import WavePush
import WavePushPayloads

/// A server over a fresh store (SQLite in memory or in a file, or a PostgreSQL schema), a scripted provider, counting credentials, a manual clock and a seeded jitter source.
struct Harness {
    static let start = Date(timeIntervalSince1970: 1_781_884_800)  // 2026-06-19T16:00:00Z

    let server: PushServer
    let transport = ScriptedTransport()
    let credentials: CountingCredentials
    let clock = ManualWaveClock(now: Harness.start)
    let dispatcher: PushDispatcher

    init(
        store: TestStore = .sqlite, configuration: GrowBroServerConfiguration = GrowBroServerConfiguration(),
        path: String? = nil, location: PushStoreLocation? = nil,
        credentials: CountingCredentials = CountingCredentials()
    ) throws {
        self.credentials = credentials
        server =
            try (location ?? store.location(path: path)).map { try $0.open(configuration: configuration) }
            ?? PushServer.inMemory(configuration: configuration)
        dispatcher = PushDispatcher(
            server: server, transport: transport, credentials: credentials, clock: clock, random: SeededRandom(seed: 7))
    }

    /// An APNs token: 64 hex digits ending in `n`.
    static func apnsToken(_ n: Int) -> String {
        let hex = String(n, radix: 16)
        return String(repeating: "0", count: 64 - hex.count) + hex
    }

    /// An FCM token ending in `n`.
    static func fcmToken(_ n: Int) -> String {
        "fcm-token:APA91b" + String(repeating: "x", count: 40) + String(n)
    }

    @discardableResult
    func register(
        _ user: String, _ installation: String, apns n: Int, at offset: TimeInterval = 0,
        permission: PermissionStatus = .authorized
    ) throws -> [TokenChange] {
        try server.register(
            TokenRegistration(
                userID: user, installationID: installation, platform: .apns, token: Self.apnsToken(n),
                environment: .production, permission: permission, at: Self.start.addingTimeInterval(offset)))
    }

    @discardableResult
    func register(
        _ user: String, _ installation: String, fcm n: Int, at offset: TimeInterval = 0,
        permission: PermissionStatus = .authorized
    ) throws -> [TokenChange] {
        try server.register(
            TokenRegistration(
                userID: user, installationID: installation, platform: .fcm, token: Self.fcmToken(n),
                permission: permission, at: Self.start.addingTimeInterval(offset)))
    }

    @discardableResult
    func reply(
        _ messageID: String, to user: String, post: String = "42", at offset: TimeInterval = 0,
        text: String = "Looks great"
    ) throws -> FanOutResult {
        try server.fanOut(
            CommunityEvent(
                messageID: messageID, recipientID: user,
                kind: .reply(postID: post, author: "Ana", authorID: "ana", text: text),
                at: Self.start.addingTimeInterval(offset)))
    }

    @discardableResult
    func like(
        _ messageID: String, to user: String, post: String = "42", at offset: TimeInterval = 0
    ) throws
        -> FanOutResult
    {
        try server.fanOut(
            CommunityEvent(
                messageID: messageID, recipientID: user, kind: .like(postID: post, author: "Ben"),
                at: Self.start.addingTimeInterval(offset)))
    }

    /// Answers scripted for an APNs token.
    func script(apns n: Int, _ answers: ScriptedTransport.Answer...) {
        transport.script(answers, for: Self.apnsToken(n))
    }

    /// Answers scripted for an FCM token.
    func script(fcm n: Int, _ answers: ScriptedTransport.Answer...) {
        transport.script(answers, for: Self.fcmToken(n))
    }

    /// A sender over this harness's dispatcher, server and clock (no idle check), started, and its decisions as they
    /// are committed.
    func startSender() -> (sender: PushSender, decisions: AsyncStream<DispatchDecision>.Iterator) {
        let (decisions, sink) = AsyncStream.makeStream(of: DispatchDecision.self)
        let sender = PushSender(dispatcher: dispatcher, server: server, clock: clock, onDecision: { sink.yield($0) })
        sender.start()
        return (sender, decisions.makeAsyncIterator())
    }

    /// Dispatches at the clock's instant.
    func dispatch() async throws -> [DispatchDecision] {
        try await dispatcher.dispatchDue()
    }

    /// Moves the clock to an offset from the start and dispatches.
    func dispatch(at offset: TimeInterval) async throws -> [DispatchDecision] {
        await clock.advance(to: Self.start.addingTimeInterval(offset))
        return try await dispatcher.dispatchDue()
    }
}

extension ScriptedTransport.Answer {
    /// A response with a JSON body.
    static func status(_ status: Int, _ body: String = "", headers: [HTTPHeader] = []) -> Self {
        .response(ProviderResponse(status: status, headers: headers, text: body))
    }
}

/// The JSON value of a request body.
func json(_ text: String) throws -> JSONValue {
    try JSONParser.parse(Array(text.utf8))
}

extension JSONValue {
    /// The value at a dotted path of member names.
    subscript(_ path: String) -> JSONValue? {
        var value: JSONValue? = self
        for key in path.split(separator: ".") { value = value?.member(String(key)) }
        return value
    }
}
