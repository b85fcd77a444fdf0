internal import Foundation
internal import GrowBroNotifications
internal import GrowBroServer
internal import GrowBroServerSQLite
internal import WaveCommandLine
internal import WaveJSON
internal import WaveNotifications
internal import WavePostgres
internal import WavePushAPI
internal import WavePushCredentials
internal import WavePushHTTP
internal import WavePushPayloads
internal import WaveSystemClock

/// `wavepush dispatch` (the long-running sender) and `wavepush send-test` (one push to one token).
enum DispatchCommand {
    /// Sends what is due in the database, then waits for the next due instant, a send recorded by another process
    /// (at once on PostgreSQL, through `LISTEN`; within `idleCheckSeconds` on SQLite) or a signal; on SIGTERM or SIGINT the requests in flight finish and are
    /// committed, then it exits 0. One JSON line per decision, as the replay prints them.
    static func dispatch(_ arguments: Arguments, output: OutputChannel) async throws -> Int32 {
        let file = try arguments.configurationFile(of: "dispatch")
        let configuration = try DispatchConfiguration.decode(try CommandFailure.readFile(file), file: file)
        let database = try arguments.database(configured: configuration.database, of: "dispatch")
        let metricsOptions = try ServiceRuntime.metricsOptions(arguments, subcommand: "dispatch")
        let clock = SystemAlarmClock()
        // While the database is known lost, its `database` lines say so once per event, and the sender's rounds that
        // fail meanwhile print no `error` line of their own.
        let databaseLost = WaveLock(false)
        let server = try PushStoreLocation(database).open(
            configuration: configuration.server, clock: clock,
            onConnectionEvent: { event in
                databaseLost.withLock { $0 = event.kind != .reconnected }
                output.writeLine(ReplayLines.database(event))
                output.flush()
            })
        defer { server.close() }
        let metrics = PushMetrics()
        let transport = try configuration.transport()
        let dispatcher = PushDispatcher(
            server: server, transport: MeteredTransport(transport, metrics: metrics, clock: clock),
            credentials: MeteredCredentials(
                try configuration.credentials(poster: transport, clock: clock), metrics: metrics),
            clock: clock, random: SystemRandomNumberGenerator(), maximumInFlight: configuration.maximumInFlight,
            owner: configuration.senderName ?? Self.defaultSenderName, lease: configuration.lease,
            commitBatchSize: configuration.commitBatchSize)
        let runtime = try ServiceRuntime(
            metrics: metricsOptions, page: { now in metrics.exposition(server: server, now: now) }, clock: clock,
            output: output)
        let sender = PushSender(
            dispatcher: dispatcher, server: server, clock: clock, idleCheck: configuration.idleCheck,
            onDecision: { decision in
                metrics.record(decision)
                output.writeLine(ReplayLines.decision(decision))
                output.flush()
            },
            onError: { error in
                if let error = error as? PushStoreError, error.kind == .unavailable, databaseLost.withLock({ $0 }) {
                    return
                }
                output.writeLine(
                    ReplayLines.line("error", at: clock.now) { json in json.member("reason", "\(error)") })
                output.flush()
            },
            onWatchError: { error in
                // The listening connection (PostgreSQL's LISTEN) lost: one line per loss; it connects again by
                // itself, and the idle check finds what was committed meanwhile.
                output.writeLine(
                    ReplayLines.line("listen", at: clock.now) { json in
                        json.member("event", "lost")
                        json.member("reason", "\(error)")
                    })
                output.flush()
            })
        sender.start()
        runtime.ready(status: "sending", work: "one round") { ServiceWatchdog.Activity(sender.activity) }
        let signal = await SignalWaiter.wait()
        runtime.stopping(status: "finishing the requests in flight")
        await sender.stop()
        await runtime.close()
        // The store's count, every sender's sends included: what is left for whoever runs next.
        let pending: Int?
        do {
            pending = try await server.run { try $0.pendingSendCount() }
        } catch {
            pending = nil
            output.writeLine(ReplayLines.line("error", at: clock.now) { json in json.member("reason", "\(error)") })
        }
        output.writeLine(
            ReplayLines.line("stopped", at: clock.now) { json in
                json.member("signal", signal == SIGTERM ? "SIGTERM" : "SIGINT")
                if let pending { json.member("pending", pending) } else { json.key("pending"); json.null() }
            })
        return ExitCode.success
    }

    /// A sender's name when the configuration gives none: the host and the process, unique among live senders.
    static var defaultSenderName: String {
        "\(ProcessInfo.processInfo.hostName):\(ProcessInfo.processInfo.processIdentifier)"
    }

    /// Pushes one notification to one token through the configured provider and prints the request (credential
    /// hidden), the provider's answer and the decision. Exit 0 when accepted, 1 when refused, 69 with no answer.
    static func sendTest(_ arguments: Arguments, output: OutputChannel) async throws -> Int32 {
        let file = try arguments.configurationFile(of: "send-test")
        let configuration = try DispatchConfiguration.decode(try CommandFailure.readFile(file), file: file)
        let token = try arguments.required("token")
        guard let platform = PushPlatform(rawValue: try arguments.required("platform")) else {
            throw UsageError("--platform is apns or fcm", subcommand: "send-test")
        }
        let environment: APNsEnvironment?
        switch (platform, arguments.values["environment"]) {
        case (.fcm, _): environment = nil
        case (.apns, nil), (.apns, "production"): environment = .production
        case (.apns, "sandbox"), (.apns, "development"): environment = .sandbox
        case (.apns, let other?):
            throw UsageError("--environment is production or sandbox, not '\(other)'", subcommand: "send-test")
        }
        let clock = SystemWaveClock()
        let server = try PushServer.inMemory(configuration: configuration.server)
        defer { server.close() }
        let now = clock.now
        let title = arguments.values["title"] ?? "GrowBro"
        let body = arguments.values["body"] ?? "A test notification"
        try await server.run { server in
            _ = try server.register(
                TokenRegistration(
                    userID: "send-test", installationID: "send-test", platform: platform, token: token,
                    environment: environment, at: now))
            _ = try server.fanOut(
                CommunityEvent(
                    messageID: "send-test-\(Int64(now.timeIntervalSince1970 * 1000))", recipientID: "send-test",
                    kind: .system(title: title, text: body), at: now))
        }
        let transport = RecordingTransport(try configuration.transport())
        let credentials = try configuration.credentials(poster: transport.base, clock: clock)
        try await Self.checkCredential(credentials, for: platform)
        let dispatcher = PushDispatcher(
            server: server, transport: transport, credentials: credentials, clock: clock,
            random: SystemRandomNumberGenerator(), maximumInFlight: 1)
        let decisions = try await dispatcher.dispatchDue()
        for (request, answer) in transport.exchanges {
            var shown = request
            shown.headers = request.headers.map {
                $0.name.lowercased() == "authorization" ? HTTPHeader($0.name, "(hidden)") : $0
            }
            output.writeLine(ReplayLines.request(shown, at: now))
            switch answer {
            case .success(let response):
                output.writeLine(Self.answer(response, at: clock.now))
            case .failure(let error):
                output.writeLine(ReplayLines.line("noanswer", at: clock.now) { $0.member("reason", "\(error)") })
            }
        }
        for decision in decisions { output.writeLine(ReplayLines.decision(decision)) }
        guard let last = transport.exchanges.last else { return ExitCode.dataError }
        guard case .success(let response) = last.1 else { return ExitCode.unavailable }
        return (200..<300).contains(response.status) ? ExitCode.success : ExitCode.problemsFound
    }

    /// Makes the credential `send-test` will send with, before any push, so that a credential that cannot be made
    /// exits with its own status: 69 when the OAuth 2 token endpoint does not answer, 1 when it refuses, 65 for a key
    /// or an account file that cannot be used. The dispatcher then sends with the same credential (each source keeps
    /// the one it made).
    private static func checkCredential(
        _ credentials: any ProviderCredentials, for platform: PushPlatform
    )
        async throws
    {
        do {
            _ = try await credentials.credential(for: platform, renew: false)
        } catch let error as CredentialError {
            let message = "no credential: \(error)"
            switch error {
            case .tokenExchangeFailed: throw CommandFailure(ExitCode.unavailable, message)
            case .tokenExchangeRefused: throw CommandFailure(ExitCode.problemsFound, message)
            default: throw CommandFailure(ExitCode.dataError, message)
            }
        }
    }

    static func answer(_ response: ProviderResponse, at date: Date) -> String {
        ReplayLines.line("answer", at: date) { json in
            json.member("status", response.status)
            ReplayLines.headers(response.headers, to: &json)
            json.member("body", String(decoding: response.body, as: UTF8.self))
        }
    }
}

/// The configured transport, keeping each request and its answer for `send-test` to print.
private final class RecordingTransport: PushTransport {
    let base: CurlPushTransport
    private let recorded = WaveLock<[(ProviderRequest, Result<ProviderResponse, any Error>)]>([])

    init(_ base: CurlPushTransport) {
        self.base = base
    }

    var exchanges: [(ProviderRequest, Result<ProviderResponse, any Error>)] { recorded.withLock { $0 } }

    func send(_ request: ProviderRequest) async throws -> ProviderResponse {
        do {
            let response = try await base.send(request)
            recorded.withLock { $0.append((request, .success(response))) }
            return response
        } catch {
            recorded.withLock { $0.append((request, .failure(error))) }
            throw error
        }
    }
}
