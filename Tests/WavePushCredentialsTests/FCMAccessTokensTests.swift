import Foundation
import GrowBroServer
import TestSupport
import Testing
import WaveNotifications
import WaveNotificationsTesting
import WavePushCredentials
import WavePushPayloads

/// An OAuth 2 token endpoint in memory: records each post and answers from a script (by default a new token,
/// `token-1`, `token-2`, …, living an hour). Each post waits for a few turns of the executor, so that calls made
/// meanwhile find a trade under way.
final class TokenEndpoint: HTTPPoster {
    struct Post: Sendable {
        var url: String
        var headers: [HTTPHeader]
        var body: String
    }

    private let state = WaveLock<(posts: [Post], answers: [Result<ProviderResponse, TransportFailure>])>(([], []))

    struct TransportFailure: Error, CustomStringConvertible {
        var description: String { "connection refused" }
    }

    var posts: [Post] { state.withLock { $0.posts } }

    /// Answers the next post with `answer` instead of a new token.
    func script(_ answer: Result<ProviderResponse, TransportFailure>) {
        state.withLock { $0.answers.append(answer) }
    }

    func post(url: String, headers: [HTTPHeader], body: [UInt8]) async throws -> ProviderResponse {
        let answer = state.withLock { state in
            state.posts.append(Post(url: url, headers: headers, body: String(decoding: body, as: UTF8.self)))
            if !state.answers.isEmpty { return state.answers.removeFirst() }
            let json = #"{"access_token":"token-\#(state.posts.count)","expires_in":3599,"token_type":"Bearer"}"#
            return .success(ProviderResponse(status: 200, text: json))
        }
        for _ in 0..<20 { await Task.yield() }
        return try answer.get()
    }
}

@Suite struct FCMAccessTokensTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// A service-account file as the Firebase console writes it, with a fresh RSA key.
    private func account(
        _ tool: OpenSSLTool, edit: (inout [String: String]) -> Void = { _ in }
    ) async throws -> (
        path: String, publicKey: String
    ) {
        let paths = try await tool.makeRSAKey()
        var fields = [
            "type": "service_account", "project_id": "growbro-test", "private_key_id": "0123abcd",
            "private_key": try String(contentsOfFile: paths.privatePath, encoding: .utf8),
            "client_email": "push@growbro-test.iam.gserviceaccount.com",
            "token_uri": "https://oauth2.googleapis.com/token",
        ]
        edit(&fields)
        let path = tool.folder.appending("service-account.json").path
        try JSONSerialization.data(withJSONObject: fields).write(to: URL(fileURLWithPath: path))
        return (path, paths.publicPath)
    }

    @Test func theAssertionIsSignedForFCMsScopeAndPostedAsAJWTBearerGrant() async throws {
        let tool = try OpenSSLTool()
        let (path, publicKey) = try await account(tool)
        let endpoint = TokenEndpoint()
        let account = try ServiceAccount(path: path)
        #expect(account.projectID == "growbro-test")
        let tokens = FCMAccessTokens(account: account, poster: endpoint, clock: ManualWaveClock(now: Self.start))
        #expect(try await tokens.token(renew: false) == "token-1")
        let post = try #require(endpoint.posts.first)
        #expect(post.url == "https://oauth2.googleapis.com/token")
        #expect(post.headers == [HTTPHeader("content-type", "application/x-www-form-urlencoded")])
        let prefix = "grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer&assertion="
        #expect(post.body.hasPrefix(prefix))
        let assertion = try #require(DecodedJWT(String(post.body.dropFirst(prefix.count))))
        #expect(assertion.header == #"{"alg":"RS256","typ":"JWT","kid":"0123abcd"}"#)
        #expect(
            assertion.claims
                == #"{"iss":"push@growbro-test.iam.gserviceaccount.com","scope":"https:\/\/www.googleapis.com\/auth\/firebase.messaging","aud":"https:\/\/oauth2.googleapis.com\/token","iat":1800000000,"exp":1800003600}"#
                || assertion.claims
                    == #"{"iss":"push@growbro-test.iam.gserviceaccount.com","scope":"https://www.googleapis.com/auth/firebase.messaging","aud":"https://oauth2.googleapis.com/token","iat":1800000000,"exp":1800003600}"#
        )
        #expect(try await tool.verifiesJWT(assertion, publicKey: publicKey))
    }

    @Test func aTokenIsCachedUntilFiveMinutesBeforeItExpires() async throws {
        let tool = try OpenSSLTool()
        let clock = ManualWaveClock(now: Self.start)
        let endpoint = TokenEndpoint()
        let tokens = FCMAccessTokens(
            account: try ServiceAccount(path: try await account(tool).path), poster: endpoint, clock: clock)
        #expect(try await tokens.token(renew: false) == "token-1")
        // expires_in 3599: handed out until 3299 s.
        await clock.advance(by: .seconds(3_298))
        #expect(try await tokens.token(renew: false) == "token-1")
        await clock.advance(by: .seconds(1))
        #expect(try await tokens.token(renew: false) == "token-2")
        #expect(endpoint.posts.count == 2)
    }

    @Test func aRefusedTokenIsTradedAgainOnceForEverySendRefusedWithIt() async throws {
        let tool = try OpenSSLTool()
        let clock = ManualWaveClock(now: Self.start)
        let endpoint = TokenEndpoint()
        let tokens = FCMAccessTokens(
            account: try ServiceAccount(path: try await account(tool).path), poster: endpoint, clock: clock)
        #expect(try await tokens.token(renew: false) == "token-1")
        await clock.advance(by: .seconds(600))
        #expect(try await tokens.token(renew: true) == "token-2")
        await clock.advance(by: .seconds(30))
        #expect(try await tokens.token(renew: true) == "token-2")
        await clock.advance(by: .seconds(30))
        #expect(try await tokens.token(renew: true) == "token-3")
        #expect(endpoint.posts.count == 3)
    }

    @Test func concurrentCallersShareOneTrade() async throws {
        let tool = try OpenSSLTool()
        let endpoint = TokenEndpoint()
        let tokens = FCMAccessTokens(
            account: try ServiceAccount(path: try await account(tool).path), poster: endpoint,
            clock: ManualWaveClock(now: Self.start))
        let seen = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<50 { group.addTask { try await tokens.token(renew: false) } }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(seen == ["token-1"])
        #expect(endpoint.posts.count == 1)
    }

    @Test func aRefusalNamesGooglesErrorAndNeverTheAssertion() async throws {
        let tool = try OpenSSLTool()
        let endpoint = TokenEndpoint()
        let tokens = FCMAccessTokens(
            account: try ServiceAccount(path: try await account(tool).path), poster: endpoint,
            clock: ManualWaveClock(now: Self.start))
        endpoint.script(
            .success(
                ProviderResponse(
                    status: 400, text: #"{"error":"invalid_grant","error_description":"Invalid JWT Signature."}"#)))
        let error = await #expect(throws: CredentialError.self) { try await tokens.token(renew: false) }
        #expect(error == .tokenExchangeRefused(status: 400, error: "invalid_grant: Invalid JWT Signature."))
        let assertion = try #require(endpoint.posts.first?.body.split(separator: "=").last)
        #expect(!(error?.description.contains(assertion) ?? true))
        // The next call trades again, and succeeds.
        #expect(try await tokens.token(renew: false) == "token-2")
    }

    @Test(arguments: [
        (ProviderResponse(status: 200, text: #"{"expires_in":3599}"#), "no access_token in the answer"),
        (ProviderResponse(status: 200, text: #"{"access_token":"t","expires_in":0}"#), "no positive expires_in"),
        (ProviderResponse(status: 502, text: "<html>Bad Gateway</html>"), "(no OAuth 2 error in the answer)"),
    ])
    func anAnswerWithoutAUsableTokenIsAnError(answer: ProviderResponse, expected: String) async throws {
        let tool = try OpenSSLTool("unusable-\(answer.status)-\(expected.count)")
        let endpoint = TokenEndpoint()
        let tokens = FCMAccessTokens(
            account: try ServiceAccount(path: try await account(tool).path), poster: endpoint,
            clock: ManualWaveClock(now: Self.start))
        endpoint.script(.success(answer))
        let error = await #expect(throws: CredentialError.self) { try await tokens.token(renew: false) }
        #expect(error?.description.contains(expected) == true, "\(String(describing: error))")
    }

    @Test func noAnswerIsAFailedTrade() async throws {
        let tool = try OpenSSLTool()
        let endpoint = TokenEndpoint()
        let tokens = FCMAccessTokens(
            account: try ServiceAccount(path: try await account(tool).path), poster: endpoint,
            clock: ManualWaveClock(now: Self.start))
        endpoint.script(.failure(TokenEndpoint.TransportFailure()))
        await #expect(throws: CredentialError.tokenExchangeFailed(reason: "connection refused")) {
            try await tokens.token(renew: false)
        }
    }

    @Test(
        arguments: [
            ("client_email", nil, "client_email is missing"),
            ("type", "authorized_user", "type must be \"service_account\""),
            ("token_uri", "", "token_uri is empty"),
        ] as [(String, String?, String)])
    func aServiceAccountFileWithAWrongFieldNamesIt(field: String, value: String?, expected: String) async throws {
        let tool = try OpenSSLTool("field-\(field)")
        let (path, _) = try await account(tool) { $0[field] = value }
        let error = #expect(throws: CredentialError.self) { try ServiceAccount(path: path) }
        #expect(error?.description == "service account \(path): \(expected)")
    }

    @Test func aServiceAccountWithAnECKeyIsRefusedWithoutShowingTheKey() async throws {
        let tool = try OpenSSLTool()
        let ecKey = try await String(contentsOfFile: tool.makeP256Key().privatePath, encoding: .utf8)
        let (path, _) = try await account(tool) { $0["private_key"] = ecKey }
        let error = #expect(throws: CredentialError.self) { try ServiceAccount(path: path) }
        let description = try #require(error).description
        #expect(description == "the key in \(path) (private_key) is unusable: not an RSA key (RS256 needs one)")
    }

    @Test func signedCredentialsRouteEachPlatformAndNameAMissingOne() async throws {
        let tool = try OpenSSLTool()
        let endpoint = TokenEndpoint()
        let fcm = FCMAccessTokens(
            account: try ServiceAccount(path: try await account(tool).path, tokenURI: "https://127.0.0.1:9/token"),
            poster: endpoint, clock: ManualWaveClock(now: Self.start))
        let credentials = SignedProviderCredentials(apns: nil, fcm: fcm)
        #expect(credentials.platforms == [.fcm])
        #expect(SignedProviderCredentials(apns: nil, fcm: nil).platforms.isEmpty)
        #expect(try await credentials.credential(for: .fcm, renew: false) == "token-1")
        #expect(endpoint.posts.first?.url == "https://127.0.0.1:9/token")
        await #expect(throws: CredentialError.notConfigured(platform: "APNs")) {
            try await credentials.credential(for: .apns, renew: false)
        }
    }
}
