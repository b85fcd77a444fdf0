import Foundation
import Testing
import WaveNotificationsTesting
import WavePushCredentials

@Suite struct APNsProviderTokensTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000.75)

    private func tokens(
        _ tool: OpenSSLTool, clock: ManualWaveClock, refresh: Duration = .seconds(50 * 60)
    ) async throws -> (APNsProviderTokens, publicKey: String) {
        let paths = try await tool.makeP256Key()
        let tokens = try APNsProviderTokens(
            keyFile: paths.privatePath, keyID: "ABC123DEFG", teamID: "DEF123GHIJ", clock: clock,
            refreshInterval: refresh)
        return (tokens, paths.publicPath)
    }

    @Test func aTokenNamesTheKeyAndTeamAndTheWholeSecondItWasMadeAndVerifies() async throws {
        let tool = try OpenSSLTool()
        let clock = ManualWaveClock(now: Self.start)
        let (tokens, publicKey) = try await tokens(tool, clock: clock)
        let token = try #require(DecodedJWT(try tokens.token(renew: false)))
        #expect(token.header == #"{"alg":"ES256","kid":"ABC123DEFG"}"#)
        #expect(token.claims == #"{"iss":"DEF123GHIJ","iat":1800000000}"#)
        #expect(try await tool.verifiesJWT(token, publicKey: publicKey))
    }

    @Test func aTokenIsReusedForTheRefreshIntervalThenReplaced() async throws {
        let tool = try OpenSSLTool()
        let clock = ManualWaveClock(now: Self.start)
        let (tokens, _) = try await tokens(tool, clock: clock, refresh: .seconds(30 * 60))
        let first = try tokens.token(renew: false)
        await clock.advance(by: .seconds(30 * 60 - 1))
        #expect(try tokens.token(renew: false) == first)
        await clock.advance(by: .seconds(1))
        let second = try tokens.token(renew: false)
        #expect(second != first)
        #expect(try #require(DecodedJWT(second)).claims.contains("\"iat\":1800001800"))
    }

    @Test func aRefusedTokenAtLeastTwentyMinutesOldIsReplacedAtOnce() async throws {
        let tool = try OpenSSLTool()
        let clock = ManualWaveClock(now: Self.start)
        let (tokens, _) = try await tokens(tool, clock: clock)
        let first = try tokens.token(renew: false)
        await clock.advance(by: .seconds(20 * 60))
        let renewed = try tokens.token(renew: true)
        #expect(renewed != first)
        // The sends in flight with the refused token each ask for a new one: they get the one that replaced it.
        await clock.advance(by: .seconds(2))
        #expect(try tokens.token(renew: true) == renewed)
        #expect(try tokens.token(renew: false) == renewed)
    }

    @Test func aRefusedTokenUnderTwentyMinutesOldIsNotReplacedSoAPNsNeverSeesTooManyUpdates() async throws {
        let tool = try OpenSSLTool()
        let clock = ManualWaveClock(now: Self.start)
        let (tokens, _) = try await tokens(tool, clock: clock)
        let first = try tokens.token(renew: false)
        await clock.advance(by: .seconds(5 * 60))
        #expect(throws: CredentialError.renewalTooSoon(secondsLeft: 900)) { try tokens.token(renew: true) }
        #expect(try tokens.token(renew: false) == first)
        await clock.advance(by: .seconds(15 * 60))
        #expect(try tokens.token(renew: true) != first)
    }

    @Test func concurrentCallersAllGetOneToken() async throws {
        let tool = try OpenSSLTool()
        let clock = ManualWaveClock(now: Self.start)
        let (tokens, _) = try await tokens(tool, clock: clock)
        let seen = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<100 { group.addTask { try tokens.token(renew: false) } }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(seen.count == 1)
    }

    @Test(arguments: [19 * 60, 60 * 60, 0])
    func aRefreshIntervalOutsideTwentyToSixtyMinutesIsRefused(seconds: Int) async throws {
        let tool = try OpenSSLTool("interval-\(seconds)")
        let path = try await tool.makeP256Key().privatePath
        #expect(throws: CredentialError.self) {
            try APNsProviderTokens(
                keyFile: path, keyID: "K", teamID: "T", clock: ManualWaveClock(now: Self.start),
                refreshInterval: .seconds(seconds))
        }
    }

    @Test func aMissingKeyFileIsNamed() {
        #expect(throws: CredentialError.unreadableFile(path: "/nonexistent/AuthKey.p8", reason: "no such file")) {
            try APNsProviderTokens(
                keyFile: "/nonexistent/AuthKey.p8", keyID: "K", teamID: "T", clock: ManualWaveClock(now: Self.start))
        }
    }

    @Test func anRSAKeyCannotMakeProviderTokens() async throws {
        let tool = try OpenSSLTool()
        var pem = try await [UInt8](Data(contentsOf: URL(fileURLWithPath: tool.makeRSAKey().privatePath)))
        let key = try SigningKey(pem: &pem, algorithm: .rs256, source: "rsa")
        #expect(throws: CredentialError.invalidConfiguration("APNs provider tokens need an ES256 (EC P-256) key")) {
            try APNsProviderTokens(key: key, keyID: "K", teamID: "T", clock: ManualWaveClock(now: Self.start))
        }
    }
}
