import Foundation
import GrowBroServer
import Testing
import WaveJSON
import WaveNotifications
import WaveNotificationsTesting
import WavePushAPI

/// The requests an operator fears, over a real loopback socket: each gets its status and error body, nothing is
/// stored, and the server answers the next request.
struct PushAPISecurityTests {
    private let apnsToken = String(repeating: "ab", count: 32)

    /// Asserts the store unchanged and the server still serving after a refusal.
    private func expectUnharmed(_ api: APITestServer, since before: String) throws {
        #expect(try api.snapshot() == before)
        #expect(try api.client.send("GET", "/v1/badge?user=alice", key: APITestServer.backendKey).status == 200)
    }

    private func preparedServer(limits: PushAPI.Limits = PushAPI.Limits()) throws -> APITestServer {
        let api = try APITestServer(limits: limits)
        try api.register(user: "alice", installation: "alice-phone", token: apnsToken)
        try api.register(user: "bob", installation: "bob-phone", token: String(repeating: "cd", count: 32))
        try api.reply(to: "bob", messageID: "bob-1", text: "for bob only")
        return api
    }

    @Test(arguments: [nil, "Basic YWxpY2U6c2VjcmV0", "Bearer", "Bearer "])
    func aRequestWithoutABearerKeyIs401(authorization: String?) throws {
        let api = try preparedServer()
        let before = try api.snapshot()
        let answer = try api.client.send(
            "POST", "/v1/events", headers: authorization.map { ["Authorization: \($0)"] } ?? [],
            body: Array(#"{"kind":"system","recipient":"alice","messageId":"x","title":"t","text":"t"}"#.utf8))
        #expect(answer.status == 401)
        #expect(answer.errorCode == "unauthorized")
        #expect(answer.errorField == "Authorization")
        #expect(answer.headers["www-authenticate"]?.hasPrefix("Bearer") == true)
        try expectUnharmed(api, since: before)
    }

    @Test(arguments: [
        "backend-key-0123456789abcdef0123456789abcdeX",  // one byte off at the end
        "Xackend-key-0123456789abcdef0123456789abcdef",  // one byte off at the start
        "backend-key-0123456789abcdef0123456789abcdef0",  // a byte longer
        "backend-key",  // a prefix
    ])
    func aWrongKeyIs401(key: String) throws {
        let api = try preparedServer()
        let before = try api.snapshot()
        let answer = try api.reply(to: "alice", messageID: "m1")
        #expect(answer.status == 200)  // the right key works…
        let after = try api.snapshot()
        let refused = try api.client.send("GET", "/v1/inbox?user=alice", key: key)
        #expect(refused.status == 401)
        #expect(refused.errorCode == "unauthorized")
        #expect(!refused.text.contains(key))
        #expect(before != after)
        try expectUnharmed(api, since: after)
    }

    @Test func aKeyRevokedByRewritingTheFileIsRefusedWithoutARestart() throws {
        let api = try preparedServer()
        let rotated = "rotated-backend-key-0123456789abcdef01234567"
        try APITestServer.writeKeys(
            to: api.keyFile,
            #"{"keys": [{"name": "backend-2", "key": "\#(rotated)", "users": "all"}]}"#)
        let before = try api.snapshot()
        let old = try api.reply(to: "alice", messageID: "after-revocation")
        #expect(old.status == 401)
        #expect(try api.snapshot() == before)
        let new = try api.client.send("GET", "/v1/badge?user=alice", key: rotated)
        #expect(new.status == 200)
        #expect(api.logLines.last?.contains(#""key":"backend-2""#) == true)
    }

    @Test func aBrokenKeyFileClosesTheAPIUntilItIsFixed() throws {
        let api = try preparedServer()
        try APITestServer.writeKeys(to: api.keyFile, #"{"keys": [{"name": "half"#)
        let broken = try api.client.send("GET", "/v1/badge?user=alice", key: APITestServer.backendKey)
        #expect(broken.status == 503)
        #expect(broken.errorCode == "keys_unavailable")
        #expect(try api.client.send("GET", "/v1/health").status == 200)
        try APITestServer.writeKeys(
            to: api.keyFile, #"{"keys": [{"name": "backend", "key": "\#(APITestServer.backendKey)", "users": "all"}]}"#)
        #expect(try api.client.send("GET", "/v1/badge?user=alice", key: APITestServer.backendKey).status == 200)
        #expect(!api.logLines.joined().contains(APITestServer.backendKey))
    }

    @Test func aKeyLimitedToOneUserCannotReachAnotherUsersData() throws {
        let api = try preparedServer()
        let before = try api.snapshot()
        let key = APITestServer.aliceKey
        let attempts: [TestHTTPClient.Response] = [
            try api.client.send("GET", "/v1/inbox?user=bob", key: key),
            try api.client.send("GET", "/v1/badge?user=bob", key: key),
            try api.client.post("/v1/inbox/read", key: key) {
                $0.member("user", "bob")
                $0.member("messageId", "bob-1")
            },
            try api.client.post("/v1/inbox/delete", key: key) {
                $0.member("user", "bob")
                $0.member("messageId", "bob-1")
            },
            try api.client.post("/v1/logout", key: key) {
                $0.member("user", "bob")
                $0.member("installation", "bob-phone")
            },
            try api.client.post("/v1/tokens", key: key) {
                $0.member("user", "bob")
                $0.member("installation", "alice-phone")
                $0.member("platform", "apns")
                $0.member("token", String(repeating: "ef", count: 32))
            },
            try api.client.post("/v1/events", key: key) {
                $0.member("kind", "system")
                $0.member("recipient", "bob")
                $0.member("messageId", "spoof")
                $0.member("title", "t")
                $0.member("text", "t")
            },
        ]
        for answer in attempts {
            #expect(answer.status == 403, "\(answer.text)")
            #expect(answer.errorCode == "forbidden")
            #expect(!answer.text.contains("for bob only"))
        }
        // The installation of bob's named under alice's user is not alice's: logged out only through bob.
        let foreign = try api.client.post("/v1/logout", key: key) {
            $0.member("user", "alice")
            $0.member("installation", "bob-phone")
        }
        #expect(foreign.status == 404)
        #expect(try api.snapshot() == before)
        #expect(try api.client.send("GET", "/v1/badge?user=alice", key: key).status == 200)
    }

    /// A key for alice registering, for alice, what bob holds: his installation id or his token.
    private func takeOver(
        _ api: APITestServer, key: String, installation: String, token: String
    ) throws -> TestHTTPClient.Response {
        try api.client.post("/v1/tokens", key: key) {
            $0.member("user", "alice")
            $0.member("installation", installation)
            $0.member("platform", "apns")
            $0.member("token", token)
        }
    }

    @Test(arguments: [
        ("bob-phone", String(repeating: "ef", count: 32), "installation"),  // bob's installation id
        ("alice-tablet", String(repeating: "cd", count: 32), "token"),  // bob's token
    ])
    func aLimitedKeyCannotTakeAnInstallationOrATokenFromAnotherUser(
        installation: String, token: String, field: String
    ) throws {
        let api = try preparedServer()
        let before = try api.snapshot()
        let answer = try takeOver(api, key: APITestServer.aliceKey, installation: installation, token: token)
        #expect(answer.status == 403, "\(answer.text)")
        #expect(answer.errorCode == "forbidden")
        #expect(answer.errorField == field)
        #expect(!answer.text.contains("bob"))
        #expect(!answer.text.contains(token))
        #expect(try api.snapshot() == before)
        #expect(try api.server.installations(of: "bob").map(\.id) == ["bob-phone"])
        #expect(try api.server.installations(of: "bob").map(\.token) == [String(repeating: "cd", count: 32)])
        // bob's pushes still reach his phone only.
        #expect(try api.reply(to: "bob", messageID: "after").text.contains("bob-phone"))
    }

    @Test(arguments: [
        ("bob-phone", String(repeating: "ef", count: 32)), ("alice-tablet", String(repeating: "cd", count: 32)),
    ])
    func theBackendKeyMovesAnInstallationOrATokenToTheUserSigningIn(installation: String, token: String) throws {
        let api = try preparedServer()
        let answer = try takeOver(api, key: APITestServer.backendKey, installation: installation, token: token)
        #expect(answer.status == 200, "\(answer.text)")
        #expect(answer.text.contains(#""kind":"moved","installation":"bob-phone","user":"bob""#))
        #expect(try api.server.installations(of: "bob").isEmpty)
        #expect(try api.server.installations(of: "alice").map(\.id).contains(installation))
    }

    @Test func aLimitedKeyMovesATokenBetweenItsOwnUsersInstallations() throws {
        let api = try preparedServer()
        let answer = try takeOver(api, key: APITestServer.aliceKey, installation: "alice-tablet", token: apnsToken)
        #expect(answer.status == 200, "\(answer.text)")
        #expect(answer.text.contains(#""kind":"moved","installation":"alice-phone""#))
        #expect(answer.text.contains(#""kind":"registered","installation":"alice-tablet""#))
        #expect(try api.server.installations(of: "alice").map(\.id) == ["alice-tablet"])
    }

    @Test(arguments: [
        ("/v1/badge?user=alice&user=bob", "user"), ("/v1/inbox?user=alice&size=1&size=50", "size"),
        ("/v1/report?from=2026-01-01T00:00:00Z&to=2027-01-01T00:00:00Z&from=2020-01-01T00:00:00Z", "from"),
    ])
    func aQueryArgumentGivenTwiceIsRefusedByName(target: String, field: String) throws {
        let api = try preparedServer()
        // The key for alice only: the first value cannot let a second one through.
        let answer = try api.client.send("GET", target, key: APITestServer.aliceKey)
        #expect(answer.status == 400, "\(answer.text)")
        #expect(answer.errorCode == "invalid_field")
        #expect(answer.errorField == field)
        #expect(answer.errorMessage?.contains("more than once") == true, "\(answer.text)")
    }

    @Test func twoDifferentContentLengthsAreRefusedUnread() throws {
        let api = try preparedServer()
        let before = try api.snapshot()
        // The library would read the first length's 2 bytes as the body; a proxy may have framed it by the other.
        let answer = try api.client.send(
            "POST", "/v1/inbox/erase", key: APITestServer.backendKey, headers: ["Content-Length: 2"],
            body: Array("{}".utf8), declaredLength: 14)
        #expect(answer.status == 400, "\(answer.text)")
        #expect(answer.errorCode == "invalid_field")
        #expect(answer.errorField == "Content-Length")
        #expect(api.logLines.last?.contains(#""status":400"#) == true)
        try expectUnharmed(api, since: before)
    }

    @Test func twoDifferentKeysAreRefusedUnread() throws {
        let api = try preparedServer()
        let before = try api.snapshot()
        // Alice's key first, the backend's second: acting under either would be a guess.
        let answer = try api.client.send(
            "POST", "/v1/inbox/erase", key: APITestServer.aliceKey,
            headers: ["Authorization: Bearer \(APITestServer.backendKey)"], body: Array(#"{"user":"alice"}"#.utf8))
        #expect(answer.status == 400, "\(answer.text)")
        #expect(answer.errorCode == "invalid_field")
        #expect(answer.errorField == "Authorization")
        #expect(!answer.text.contains(APITestServer.backendKey) && !answer.text.contains(APITestServer.aliceKey))
        #expect(api.logLines.last?.contains(#""status":400"#) == true)
        try expectUnharmed(api, since: before)
    }

    @Test func anOversizedBodyIs413WhetherDeclaredOrChunked() throws {
        let api = try preparedServer()
        let before = try api.snapshot()
        let large =
            Array(#"{"user":"alice","messageId":""#.utf8) + Array(repeating: UInt8(ascii: "a"), count: 5000)
            + Array(#""}"#.utf8)
        let declared = try api.client.send("POST", "/v1/inbox/read", key: APITestServer.backendKey, body: large)
        #expect(declared.status == 413)
        #expect(declared.errorCode == "too_large")
        let chunked = try api.client.send(
            "POST", "/v1/inbox/read", key: APITestServer.backendKey, body: large, chunked: true)
        #expect(chunked.status == 413)
        try expectUnharmed(api, since: before)
    }

    @Test func aDeeplyNestedBodyIs400() throws {
        let api = try preparedServer()
        let before = try api.snapshot()
        let nested =
            Array(#"{"user":"alice","messageId":"m","x":"#.utf8) + Array(repeating: UInt8(ascii: "["), count: 2000)
            + Array(repeating: UInt8(ascii: "]"), count: 2000) + Array("}".utf8)
        let answer = try api.client.send("POST", "/v1/inbox/read", key: APITestServer.backendKey, body: nested)
        #expect(answer.status == 400)
        #expect(answer.errorCode == "too_deep")
        try expectUnharmed(api, since: before)
    }

    @Test func badUTF8Is400() throws {
        let api = try preparedServer()
        let before = try api.snapshot()
        let body =
            Array(#"{"kind":"system","recipient":"alice","messageId":"m9","title":"t","text":""#.utf8) + [0xC3, 0x28]
            + Array(#""}"#.utf8)
        let answer = try api.client.send("POST", "/v1/events", key: APITestServer.backendKey, body: body)
        #expect(answer.status == 400)
        #expect(answer.errorCode == "invalid_json")
        #expect(answer.text.contains("UTF-8"))
        try expectUnharmed(api, since: before)
    }

    @Test func notJSONIs415AndAnUnknownRouteOrMethodIsRefused() throws {
        let api = try preparedServer()
        let before = try api.snapshot()
        let form = try api.client.send(
            "POST", "/v1/inbox/read", key: APITestServer.backendKey, contentType: "application/x-www-form-urlencoded",
            body: Array("user=alice&messageId=m".utf8))
        #expect(form.status == 415)
        #expect(form.errorField == "Content-Type")
        let unknown = try api.client.send("GET", "/v1/users", key: APITestServer.backendKey)
        #expect(unknown.status == 404)
        #expect(unknown.errorCode == "not_found")
        let method = try api.client.send("DELETE", "/v1/tokens", key: APITestServer.backendKey)
        #expect(method.status == 405)
        #expect(method.headers["allow"] == "POST")
        try expectUnharmed(api, since: before)
    }

    /// Strings that would change a query if pasted into SQL: the ids refuse them by field; the free texts keep them
    /// word for word; no other row changes.
    @Test(arguments: ["x'; DROP TABLE installations; --", "\" OR 1=1 --", "bob' OR '1'='1", "%' ; DELETE FROM sends"])
    func sqlLookingStringsAreRefusedInIdsAndStoredLiterallyInTexts(attack: String) throws {
        let api = try preparedServer()
        let before = try api.snapshot()
        for field in ["user", "installation"] {
            let answer = try api.client.post("/v1/tokens", key: APITestServer.backendKey) { json in
                json.member("user", field == "user" ? attack : "alice")
                json.member("installation", field == "installation" ? attack : "alice-phone")
                json.member("platform", "apns")
                json.member("token", String(repeating: "ab", count: 32))
            }
            #expect(answer.status == 400)
            #expect(answer.errorField == field)
        }
        let token = try api.register(user: "alice", installation: "alice-phone", token: attack)
        #expect(token.status == 400)
        #expect(token.errorField == "token")
        let messageID = try api.reply(to: "alice", messageID: attack)
        #expect(messageID.status == 400)
        #expect(messageID.errorField == "messageId")
        let inbox = try api.client.send(
            "GET", "/v1/inbox?user=\(attack.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")",
            key: APITestServer.backendKey)
        #expect(inbox.status == 404)
        #expect(try api.snapshot() == before)

        // In the texts (an author's name, a reply) the string is data: stored and given back literally.
        let stored = try api.client.post("/v1/events", key: APITestServer.backendKey) { json in
            json.member("kind", "reply")
            json.member("recipient", "alice")
            json.member("messageId", "literal")
            json.member("postId", "post-1")
            json.member("author", attack)
            json.member("text", attack)
        }
        #expect(stored.status == 200)
        let page = try api.server.inbox(of: "alice").page(size: 10, after: nil, now: api.clock.now)
        #expect(page.items.count == 1)
        #expect(page.items.first?.title.arguments == [attack])
        #expect(page.items.first?.body.arguments.first?.hasPrefix(String(attack.prefix(20))) == true)
        #expect(try api.server.installations(of: "bob").map(\.id) == ["bob-phone"])
        #expect(try api.server.inbox(of: "bob").totalCount(now: api.clock.now) == 1)
    }

    @Test func eachKeyHasItsOwnRateLimitOnTheInjectedClock() async throws {
        var limits = PushAPI.Limits()
        limits.requestsPerSecond = 1
        limits.burst = 3
        let api = try APITestServer(limits: limits)
        let key = APITestServer.aliceKey
        for _ in 1...3 { #expect(try api.client.send("GET", "/v1/badge?user=alice", key: key).status != 429) }
        let limited = try api.client.send("GET", "/v1/badge?user=alice", key: key)
        #expect(limited.status == 429)
        #expect(limited.errorCode == "rate_limited")
        #expect(limited.headers["retry-after"] == "1")
        // Another key's budget is its own.
        #expect(try api.client.send("GET", "/v1/health").status == 200)
        #expect(try api.client.send("GET", "/v1/badge?user=alice", key: APITestServer.backendKey).status != 429)
        await api.clock.advance(by: .seconds(1))
        #expect(try api.client.send("GET", "/v1/badge?user=alice", key: key).status != 429)
        #expect(try api.client.send("GET", "/v1/badge?user=alice", key: key).status == 429)
    }
}
