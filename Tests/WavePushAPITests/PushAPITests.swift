import Foundation
import GrowBroServer
import Testing
import WaveJSON
import WaveNotifications
import WaveNotificationsTesting
import WavePushAPI

/// Every route of the HTTP API answered over a real loopback socket, from libmicrohttpd's threads.
struct PushAPITests {
    private let apnsToken = String(repeating: "ab", count: 32)

    @Test func healthAndReadinessAnswerWithoutAKey() throws {
        let api = try APITestServer()
        let health = try api.client.send("GET", "/v1/health")
        #expect(health.status == 200)
        #expect(health.text == #"{"status":"ok"}"#)
        #expect(health.headers["content-type"] == "application/json")
        let ready = try api.client.send("GET", "/v1/ready")
        #expect(ready.status == 200)
        #expect(ready.text == #"{"status":"ready"}"#)
    }

    @Test func registeringAndRefreshingATokenStoresTheInstallation() throws {
        let api = try APITestServer()
        let registered = try api.register(user: "alice", installation: "phone-1", token: apnsToken)
        #expect(registered.status == 200)
        #expect(registered.text.contains(#""kind":"registered","installation":"phone-1","user":"alice""#))
        // The answer names the installation, never the token.
        #expect(!registered.text.contains(apnsToken))
        let refreshed = try api.register(user: "alice", installation: "phone-1", token: apnsToken)
        #expect(refreshed.status == 200)
        #expect(refreshed.text.contains(#""kind":"refreshed""#))
        let installations = try api.server.installations(of: "alice")
        #expect(installations.map(\.id) == ["phone-1"])
        #expect(installations.first?.token == apnsToken)
        #expect(installations.first?.environment == .sandbox)
    }

    @Test func logoutRemovesTheUsersInstallation() throws {
        let api = try APITestServer()
        try api.register(user: "alice", installation: "phone-1", token: apnsToken)
        let answer = try api.client.post("/v1/logout", key: APITestServer.backendKey) { json in
            json.member("user", "alice")
            json.member("installation", "phone-1")
        }
        #expect(answer.status == 200)
        #expect(answer.text.contains(#""kind":"logged_out""#))
        #expect(try api.server.installations(of: "alice").isEmpty)
    }

    @Test func logoutOfAnotherUsersInstallationIsUnknownAndKeepsIt() throws {
        let api = try APITestServer()
        try api.register(user: "bob", installation: "bob-phone", token: apnsToken)
        try api.register(user: "alice", installation: "alice-phone", token: String(repeating: "cd", count: 32))
        let answer = try api.client.post("/v1/logout", key: APITestServer.backendKey) { json in
            json.member("user", "alice")
            json.member("installation", "bob-phone")
        }
        #expect(answer.status == 404)
        #expect(answer.errorField == "installation")
        #expect(try api.server.installations(of: "bob").map(\.id) == ["bob-phone"])
    }

    @Test(arguments: ["reply", "like", "system", "refresh"])
    func eachEventKindIsRecordedForTheRecipient(kind: String) throws {
        let api = try APITestServer()
        try api.register(user: "alice", installation: "phone-1", token: apnsToken)
        let answer = try api.client.post("/v1/events", key: APITestServer.backendKey) { json in
            json.member("kind", kind)
            json.member("recipient", "alice")
            json.member("messageId", "m-\(kind)")
            switch kind {
            case "reply":
                json.member("postId", "post-1")
                json.member("author", "Bob")
                json.member("text", "Lovely colour")
            case "like":
                json.member("postId", "post-1")
                json.member("author", "Bob")
            case "system":
                json.member("title", "Maintenance")
                json.member("text", "Tonight at ten")
            default:
                json.member("postId", "post-1")
            }
        }
        #expect(answer.status == 200, "\(answer.text)")
        #expect(answer.text.contains(#""sends":[{"sendId":"#))
        #expect(answer.text.contains(#""installation":"phone-1","platform":"apns"}"#))
        #expect(try api.server.pendingSendCount() == 1)
        let shown = kind != "refresh"
        #expect(answer.text.contains(#""badge":\#(shown ? 1 : 0)"#))
        #expect(try api.server.inbox(of: "alice").totalCount(now: api.clock.now) == (shown ? 1 : 0))
    }

    @Test func theInboxIsReadInPagesMarkedReadAndDeleted() throws {
        let api = try APITestServer()
        try api.register(user: "alice", installation: "phone-1", token: apnsToken)
        for index in 1...3 { #expect(try api.reply(to: "alice", messageID: "m\(index)").status == 200) }
        let first = try api.client.send("GET", "/v1/inbox?user=alice&size=2", key: APITestServer.backendKey)
        #expect(first.status == 200)
        guard case .array(let items)? = first.json?.member("items"),
            case .string(let cursor)? = first.json?.member("nextCursor")
        else {
            Issue.record("no items or cursor: \(first.text)")
            return
        }
        #expect(items.count == 2)
        #expect(first.text.contains(#""unread":3"#))
        #expect(first.text.contains(#""key":"growbro.reply.body","arguments":["Nice buds!"]"#))
        let encoded = cursor.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? cursor
        let second = try api.client.send(
            "GET", "/v1/inbox?user=alice&size=2&after=\(encoded)", key: APITestServer.backendKey)
        #expect(second.status == 200)
        guard case .array(let rest)? = second.json?.member("items") else {
            Issue.record("no items: \(second.text)")
            return
        }
        #expect(rest.count == 1)
        #expect(second.text.contains(#""nextCursor":null"#))

        let read = try api.client.post("/v1/inbox/read", key: APITestServer.backendKey) { json in
            json.member("user", "alice")
            json.member("messageId", "m2")
        }
        #expect(read.status == 200)
        #expect(read.text == #"{"user":"alice","messageId":"m2","entries":1,"unread":2}"#)
        let deleted = try api.client.post("/v1/inbox/delete", key: APITestServer.backendKey) { json in
            json.member("user", "alice")
            json.member("messageId", "m3")
        }
        #expect(deleted.text == #"{"user":"alice","messageId":"m3","entries":1,"unread":1}"#)
        let badge = try api.client.send("GET", "/v1/badge?user=alice", key: APITestServer.backendKey)
        #expect(badge.status == 200)
        #expect(badge.text == #"{"user":"alice","unread":1}"#)
        #expect(try api.server.inbox(of: "alice").totalCount(now: api.clock.now) == 2)
    }

    @Test func aBadFieldIsNamedByItsPathAndStoresNothing() throws {
        let api = try APITestServer()
        let before = try api.snapshot()
        let answer = try api.client.post("/v1/tokens", key: APITestServer.backendKey) { json in
            json.member("user", "alice")
            json.member("installation", "phone-1")
            json.member("platform", "windows")
            json.member("token", apnsToken)
            json.member("colour", "green")
        }
        #expect(answer.status == 400)
        #expect(answer.errorCode == "invalid_field")
        #expect(answer.errorField == "colour")
        #expect(answer.text.contains("platform: unknown platform 'windows'; expected apns or fcm"))
        #expect(try api.snapshot() == before)
    }

    @Test func aMalformedTokenIsRefusedWithoutQuotingIt() throws {
        let api = try APITestServer()
        let answer = try api.register(user: "alice", installation: "phone-1", token: "secret-not-hex")
        #expect(answer.status == 400)
        #expect(answer.errorField == "token")
        #expect(!answer.text.contains("secret-not-hex"))
        #expect(try api.server.installations(of: "alice").isEmpty)
    }

    @Test func anEventForAnUnknownUserOrAReusedIDIsRefusedByField() throws {
        let api = try APITestServer()
        let unknown = try api.reply(to: "nobody", messageID: "m1")
        #expect(unknown.status == 404)
        #expect(unknown.errorField == "recipient")
        try api.register(user: "alice", installation: "phone-1", token: apnsToken)
        #expect(try api.reply(to: "alice", messageID: "m1").status == 200)
        let again = try api.reply(to: "alice", messageID: "m1")
        #expect(again.status == 409)
        #expect(again.errorField == "messageId")
        #expect(try api.server.pendingSendCount() == 1)
    }

    @Test func eachRequestLogsItsRouteStatusAndKeyNameOnly() throws {
        let api = try APITestServer()
        try api.register(user: "alice", installation: "phone-1", token: apnsToken)
        try api.reply(to: "alice", messageID: "m1", text: "private words")
        _ = try api.client.send("GET", "/v1/badge?user=alice", key: "wrong-key-0123456789abcdef0123456789abcdef")
        let log = api.logLines.joined(separator: "\n")
        #expect(api.logLines.count == 3)
        #expect(
            log.contains(
                #"{"type":"request","at":"2026-09-21T14:13:20.000Z","method":"POST","route":"tokens","status":200,"key":"backend"}"#
            ))
        #expect(
            log.contains(
                #"{"type":"request","at":"2026-09-21T14:13:20.000Z","method":"GET","route":"badge","status":401,"key":null}"#
            ))
        for secret in [apnsToken, "private words", APITestServer.backendKey, "wrong-key"] {
            #expect(!log.contains(secret))
        }
    }
}
