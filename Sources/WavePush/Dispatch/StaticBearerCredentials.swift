internal import GrowBroServer
internal import WaveCommandLine
internal import WavePushPayloads

/// Credentials that are a bearer token written in the dispatch configuration (`apns.bearerToken`,
/// `fcm.bearerToken`): for the loopback stand-in's tests, or a token an operator makes elsewhere. A renewal gives the
/// same token, so a refused one fails its sends. The signed credentials (`keyFile`, `serviceAccountFile`, from
/// WavePushCredentials) are what production uses.
struct StaticBearerCredentials: ProviderCredentials {
    var apns: String?
    var fcm: String?

    var platforms: Set<PushPlatform> {
        Set(PushPlatform.allCases.filter { ($0 == .apns ? apns : fcm) != nil })
    }

    func credential(for platform: PushPlatform, renew: Bool) async throws -> String {
        guard let token = platform == .apns ? apns : fcm else {
            throw CommandFailure(ExitCode.dataError, "no \(platform.rawValue) credential is configured")
        }
        return token
    }
}

/// One platform's credentials from either source: a signed one when configured, else the static token.
struct CombinedCredentials: ProviderCredentials {
    var apns: (any ProviderCredentials)?
    var fcm: (any ProviderCredentials)?

    var platforms: Set<PushPlatform> {
        Set(PushPlatform.allCases.filter { ($0 == .apns ? apns : fcm) != nil })
    }

    func credential(for platform: PushPlatform, renew: Bool) async throws -> String {
        guard let source = platform == .apns ? apns : fcm else {
            throw CommandFailure(ExitCode.dataError, "no \(platform.rawValue) credential is configured")
        }
        return try await source.credential(for: platform, renew: renew)
    }
}
