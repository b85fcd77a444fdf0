internal import Foundation
internal import GrowBroServer
internal import WaveJSON
internal import WaveNotifications
internal import WavePushCredentials
internal import WavePushHTTP

/// The configuration file of `wavepush dispatch` and `wavepush send-test` (docs/growbro-server.md, "Sending for
/// real"): the database, each provider's credentials, topic or project and endpoint, the CA file, the concurrency.
struct DispatchConfiguration {
    struct APNs {
        var topic: String
        var keyFile: String?
        var keyID: String?
        var teamID: String?
        var bearerToken: String?
        var endpoint: String?
    }

    struct FCM {
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

    static let keys = [
        "database", "apns", "fcm", "caFile", "maximumInFlight", "timeoutSeconds", "idleCheckSeconds", "configuration",
    ]

    /// Reads a configuration file's bytes; the errors name the JSON path.
    static func decode(_ bytes: [UInt8]) throws(ScenarioError) -> DispatchConfiguration {
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw ScenarioError("", "not JSON: \(error)")
        }
        let object = try JSONObjectReader(root, at: "", keys: keys)
        var configuration = DispatchConfiguration()
        configuration.server = try ServerScenario.decodeConfiguration(object)
        configuration.database = try object.optionalString("database")
        configuration.caFile = try object.optionalString("caFile")
        configuration.maximumInFlight = try object.optionalInteger("maximumInFlight", in: 1...10_000) ?? 100
        if let seconds = try object.optionalDouble("timeoutSeconds", in: 0.001...3600) {
            configuration.timeout = .milliseconds(Int64(seconds * 1000))
        }
        if let seconds = try object.optionalDouble("idleCheckSeconds", in: 0.001...3600) {
            configuration.idleCheck = .milliseconds(Int64(seconds * 1000))
        }
        if let value = object.value("apns") {
            let apns = try JSONObjectReader(
                value, at: "apns", keys: ["topic", "keyFile", "keyID", "teamID", "bearerToken", "endpoint"])
            configuration.apns = APNs(
                topic: try apns.string("topic"), keyFile: try apns.optionalString("keyFile"),
                keyID: try apns.optionalString("keyID"), teamID: try apns.optionalString("teamID"),
                bearerToken: try apns.optionalString("bearerToken"), endpoint: try apns.optionalString("endpoint"))
            guard configuration.apns?.keyFile != nil || configuration.apns?.bearerToken != nil else {
                throw ScenarioError("apns", "needs keyFile, keyID and teamID (or a bearerToken)")
            }
            configuration.server.apnsTopic = configuration.apns!.topic
            configuration.server.apnsEndpoint = configuration.apns!.endpoint
        }
        if let value = object.value("fcm") {
            let fcm = try JSONObjectReader(
                value, at: "fcm", keys: ["project", "serviceAccountFile", "tokenURI", "bearerToken", "endpoint"])
            configuration.fcm = FCM(
                project: try fcm.string("project"), serviceAccountFile: try fcm.optionalString("serviceAccountFile"),
                tokenURI: try fcm.optionalString("tokenURI"), bearerToken: try fcm.optionalString("bearerToken"),
                endpoint: try fcm.optionalString("endpoint"))
            guard configuration.fcm?.serviceAccountFile != nil || configuration.fcm?.bearerToken != nil else {
                throw ScenarioError("fcm", "needs serviceAccountFile (or a bearerToken)")
            }
            configuration.server.fcmProjectID = configuration.fcm!.project
            configuration.server.fcmEndpoint = configuration.fcm!.endpoint
        }
        guard configuration.apns != nil || configuration.fcm != nil else {
            throw ScenarioError("", "needs apns, fcm or both")
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
