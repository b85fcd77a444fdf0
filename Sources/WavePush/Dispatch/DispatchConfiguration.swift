internal import Foundation
internal import GrowBroServer
internal import WaveCommandLine
internal import WaveJSON
internal import WaveNotifications
internal import WavePushCredentials
internal import WavePushHTTP

/// The configuration file of `wavepush dispatch` and `wavepush send-test` (docs/growbro-server.md, "Sending for
/// real"): the database, each provider's credentials, topic or project and endpoint, the CA file, the concurrency.
struct DispatchConfiguration: Sendable {
    struct APNs: Sendable {
        var topic: String
        var keyFile: String?
        var keyID: String?
        var teamID: String?
        var bearerToken: String?
        var endpoint: String?
    }

    struct FCM: Sendable {
        var project: String
        var serviceAccountFile: String?
        var tokenURI: String?
        var bearerToken: String?
        var endpoint: String?
    }

    var database: String?
    var apns: APNs?
    var fcm: FCM?
    var caFile: String?
    var maximumInFlight = 100
    var timeout: Duration = .seconds(30)
    var idleCheck: Duration = .seconds(1)
    var server = GrowBroServerConfiguration()
    /// The name this sender claims under; the host and process when absent.
    var senderName: String?
    /// How long a claim keeps its sends from other senders.
    var lease: Duration = .seconds(60)
    /// The most outcomes committed in one transaction.
    var commitBatchSize = 500

    static let keys = [
        "database", "apns", "fcm", "caFile", "maximumInFlight", "timeoutSeconds", "idleCheckSeconds", "sender",
        "configuration", "serve",
    ]

    /// The `sender` object: how this process shares the outbox with others.
    private struct Sender: Sendable {
        var name: String?
        var lease: Duration?
        var commitBatchSize: Int?
    }

    private static let senderDecoder = ValueDecoder<Sender>.object(keys: ["name", "leaseSeconds", "commitBatch"]) {
        object, diagnostics in
        Sender(
            name: object.decode(.optional("name", .string), &diagnostics),
            lease: object.decode(.optional("leaseSeconds", .number(in: 1...86_400)), &diagnostics).map {
                .milliseconds(Int64($0 * 1000))
            },
            commitBatchSize: object.decode(.optional("commitBatch", .integer(in: 1...100_000)), &diagnostics))
    }

    /// Reads a configuration file's bytes; every problem is listed with its JSON path.
    static func decode(_ bytes: [UInt8], file: String) throws(ScenarioError) -> DispatchConfiguration {
        try decoder.decodeDocument(bytes, file: file, document: "configuration")
    }

    private static let apnsDecoder = ValueDecoder<APNs>.object(
        keys: ["topic", "keyFile", "keyID", "teamID", "bearerToken", "endpoint"]
    ) { object, diagnostics in
        let topic = object.decode(.required("topic", .string), &diagnostics)
        let apns = APNs(
            topic: topic ?? "", keyFile: object.decode(.optional("keyFile", .string), &diagnostics),
            keyID: object.decode(.optional("keyID", .string), &diagnostics),
            teamID: object.decode(.optional("teamID", .string), &diagnostics),
            bearerToken: object.decode(.optional("bearerToken", .string), &diagnostics),
            endpoint: object.decode(.optional("endpoint", .string), &diagnostics))
        if apns.keyFile != nil, apns.keyID == nil || apns.teamID == nil {
            diagnostics.problem(object.path, "keyFile needs keyID and teamID")
        }
        if apns.keyFile == nil, apns.bearerToken == nil {
            diagnostics.problem(object.path, "needs keyFile, keyID and teamID (or a bearerToken)")
        }
        return topic == nil ? nil : apns
    }

    private static let fcmDecoder = ValueDecoder<FCM>.object(
        keys: ["project", "serviceAccountFile", "tokenURI", "bearerToken", "endpoint"]
    ) { object, diagnostics in
        let project = object.decode(.required("project", .string), &diagnostics)
        let fcm = FCM(
            project: project ?? "",
            serviceAccountFile: object.decode(.optional("serviceAccountFile", .string), &diagnostics),
            tokenURI: object.decode(.optional("tokenURI", .string), &diagnostics),
            bearerToken: object.decode(.optional("bearerToken", .string), &diagnostics),
            endpoint: object.decode(.optional("endpoint", .string), &diagnostics))
        if fcm.serviceAccountFile == nil, fcm.bearerToken == nil {
            diagnostics.problem(object.path, "needs serviceAccountFile (or a bearerToken)")
        }
        return project == nil ? nil : fcm
    }

    private static let decoder = ValueDecoder<DispatchConfiguration>.object(keys: keys) { object, diagnostics in
        var configuration = DispatchConfiguration()
        configuration.server =
            object.decode(.optional("configuration", ServerScenario.configuration, default: .init()), &diagnostics)
            ?? .init()
        configuration.database = object.decode(.optional("database", .string), &diagnostics)
        configuration.caFile = object.decode(.optional("caFile", .string), &diagnostics)
        configuration.maximumInFlight =
            object.decode(.optional("maximumInFlight", .integer(in: 1...10_000)), &diagnostics) ?? 100
        if let seconds = object.decode(.optional("timeoutSeconds", .number(in: 0.001...3600)), &diagnostics) {
            configuration.timeout = .milliseconds(Int64(seconds * 1000))
        }
        if let seconds = object.decode(.optional("idleCheckSeconds", .number(in: 0.001...3600)), &diagnostics) {
            configuration.idleCheck = .milliseconds(Int64(seconds * 1000))
        }
        if let sender = object.decode(.optional("sender", senderDecoder), &diagnostics) {
            configuration.senderName = sender.name
            configuration.lease = sender.lease ?? configuration.lease
            configuration.commitBatchSize = sender.commitBatchSize ?? configuration.commitBatchSize
        }
        configuration.apns = object.decode(.optional("apns", apnsDecoder), &diagnostics)
        configuration.fcm = object.decode(.optional("fcm", fcmDecoder), &diagnostics)
        if let apns = configuration.apns {
            configuration.server.apnsTopic = apns.topic
            configuration.server.apnsEndpoint = apns.endpoint
        }
        if let fcm = configuration.fcm {
            configuration.server.fcmProjectID = fcm.project
            configuration.server.fcmEndpoint = fcm.endpoint
        }
        if configuration.apns == nil, configuration.fcm == nil, diagnostics.isClean {
            diagnostics.problem(object.path, "needs apns, fcm or both")
        }
        return configuration
    }

    /// The transport these options describe.
    func transport() throws -> CurlPushTransport {
        try CurlPushTransport(options: .init(caFile: caFile, timeout: timeout))
    }

    /// The credentials: signed from the key files when given, else the configured bearer tokens. Each key file is
    /// read once, here.
    func credentials(poster: any HTTPPoster, clock: any WaveClock) throws -> any ProviderCredentials {
        var combined = CombinedCredentials()
        if let apns {
            if let keyFile = apns.keyFile {
                guard let keyID = apns.keyID, let teamID = apns.teamID else {
                    throw CommandFailure(ExitCode.dataError, "apns: keyFile needs keyID and teamID")
                }
                let tokens = try APNsProviderTokens(keyFile: keyFile, keyID: keyID, teamID: teamID, clock: clock)
                combined.apns = SignedProviderCredentials(apns: tokens, fcm: nil)
            } else {
                combined.apns = StaticBearerCredentials(apns: apns.bearerToken)
            }
        }
        if let fcm {
            if let file = fcm.serviceAccountFile {
                let account = try ServiceAccount(path: file, tokenURI: fcm.tokenURI)
                let tokens = FCMAccessTokens(account: account, poster: poster, clock: clock)
                combined.fcm = SignedProviderCredentials(apns: nil, fcm: tokens)
            } else {
                combined.fcm = StaticBearerCredentials(fcm: fcm.bearerToken)
            }
        }
        return combined
    }
}
