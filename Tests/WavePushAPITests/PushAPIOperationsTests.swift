import Foundation
import GrowBroServer
import Testing
import WaveJSON
import WaveNotifications
import WaveNotificationsTesting
import WavePushAPI

/// The routes beyond one user's event and inbox: a broadcast, the right to erasure, engagement and the report.
struct PushAPIOperationsTests {
    private let apnsToken = String(repeating: "ab", count: 32)
    private let fcmToken = "fcm-token-" + String(repeating: "x", count: 40)

    private func system(_ recipient: String, _ messageID: String) -> JSONValue {
        .object([
            ("kind", .string("system")), ("recipient", .string(recipient)), ("messageId", .string(messageID)),
            ("title", .string("Maintenance")), ("text", .string("Tonight at ten")),
        ])
    }

    private func broadcast(_ api: APITestServer, key: String, _ events: [JSONValue]) throws -> TestHTTPClient.Response {
        var json = JSONWriter()
        json.value(.object([("events", .array(events))]))
        return try api.client.send("POST", "/v1/broadcast", key: key, body: json.takeBytes())
    }

    @Test func aBroadcastRecordsEachEventAndAnswersARefusedOneInItsPlace() throws {
        let api = try APITestServer()
        try api.register(user: "alice", installation: "alice-phone", token: apnsToken)
        try api.register(user: "bob", installation: "bob-phone", token: String(repeating: "cd", count: 32))
        let answer = try broadcast(
            api, key: APITestServer.backendKey,
            [system("alice", "b-1"), system("zed", "b-2"), system("bob", "b-3"), system("bob", "b 4")])
        #expect(answer.status == 200, "\(answer.text)")
        guard case .array(let results)? = answer.json?.member("results"), results.count == 4 else {
            Issue.record("no results: \(answer.text)")
            return
        }
        #expect(results[0].member("status") == .number("200"))
        #expect(results[0].member("user") == .string("alice"))
        #expect(results[1].member("status") == .number("404"))
        #expect(results[1].member("error") == .string("unknown_user"))
        #expect(results[1].member("field") == .string("events[1].recipient"))
        #expect(results[2].member("messageId") == .string("b-3"))
        // A value the server refuses by its form: its problems, each with the event's path, as the event alone.
        #expect(results[3].member("status") == .number("400"))
        #expect(results[3].member("error") == .string("invalid_field"))
        #expect(results[3].member("field") == .string("events[3].messageId"))
        let alone = try api.client.post("/v1/events", key: APITestServer.backendKey) { json in
            json.member("kind", "system")
            json.member("recipient", "bob")
            json.member("messageId", "b 4")
            json.member("title", "Maintenance")
            json.member("text", "Tonight at ten")
        }
        #expect(alone.status == 400 && alone.problems?.count == 1, "\(alone.text)")
        #expect(
            results[3].member("problems") == .array((alone.problems ?? []).map { .string("events[3].\($0)") }),
            "\(answer.text)")
        #expect(try api.server.pendingSendCount() == 2)
        #expect(try api.server.inbox(of: "bob").unreadCount(now: api.clock.now) == 1)
    }

    @Test func aBroadcastWithABadEventOrAForbiddenRecipientStoresNothing() throws {
        let api = try APITestServer()
        try api.register(user: "alice", installation: "alice-phone", token: apnsToken)
        try api.register(user: "bob", installation: "bob-phone", token: String(repeating: "cd", count: 32))
        let before = try api.snapshot()
        var bad = system("bob", "b-2")
        if case .object(var members) = bad {
            members.append(("colour", .string("green")))
            bad = .object(members)
        }
        let invalid = try broadcast(api, key: APITestServer.backendKey, [system("alice", "b-1"), bad])
        #expect(invalid.status == 400)
        #expect(invalid.errorField == "events[1].colour")
        let repeated = try broadcast(
            api, key: APITestServer.backendKey, [system("alice", "b-1"), system("bob", "b-1")])
        #expect(repeated.status == 400)
        #expect(repeated.errorField == "events[1].messageId")
        let empty = try broadcast(api, key: APITestServer.backendKey, [])
        #expect(empty.status == 400)
        #expect(empty.errorField == "events")
        let forbidden = try broadcast(api, key: APITestServer.aliceKey, [system("alice", "b-1"), system("bob", "b-2")])
        #expect(forbidden.status == 403)
        #expect(forbidden.errorField == "events[1].recipient")
        #expect(try api.snapshot() == before)
    }

    @Test func anErasureDeletesTheInboxAndDropsThePendingSends() throws {
        let api = try APITestServer()
        try api.register(user: "alice", installation: "alice-phone", token: apnsToken)
        try api.register(user: "bob", installation: "bob-phone", token: String(repeating: "cd", count: 32))
        try api.reply(to: "alice", messageID: "m1", text: "private words")
        try api.reply(to: "bob", messageID: "m2")
        let erased = try api.client.post("/v1/inbox/erase", key: APITestServer.backendKey) {
            $0.member("user", "alice")
        }
        #expect(erased.status == 200)
        #expect(
            erased.text
                == #"{"user":"alice","dropped":[{"sendId":1,"messageId":"m1","installation":"alice-phone","platform":"apns"}],"unread":0}"#
        )
        #expect(try api.server.inbox(of: "alice").totalCount(now: api.clock.now) == 0)
        #expect(try api.server.inbox(of: "bob").totalCount(now: api.clock.now) == 1)
        #expect(try api.server.pendingSendCount() == 1)
        let unknown = try api.client.post("/v1/inbox/erase", key: APITestServer.backendKey) { $0.member("user", "zed") }
        #expect(unknown.status == 404)
        #expect(unknown.errorField == "user")
        let forbidden = try api.client.post("/v1/inbox/erase", key: APITestServer.aliceKey) { $0.member("user", "bob") }
        #expect(forbidden.status == 403)
        #expect(try api.server.inbox(of: "bob").totalCount(now: api.clock.now) == 1)
    }

    @Test func engagementIsRecordedOncePerKindAndCountedInTheReport() throws {
        let api = try APITestServer()
        try api.register(user: "alice", installation: "alice-phone", token: apnsToken)
        try api.reply(to: "alice", messageID: "m1")
        func record(
            _ kind: String, key: String = APITestServer.backendKey, installation: String = "alice-phone"
        )
            throws -> TestHTTPClient.Response
        {
            try api.client.post("/v1/engagement", key: key) { json in
                json.member("kind", kind)
                json.member("messageId", "m1")
                json.member("installation", installation)
            }
        }
        let opened = try record("opened", key: APITestServer.aliceKey)
        #expect(opened.status == 200)
        #expect(opened.text == #"{"kind":"opened","messageId":"m1","installation":"alice-phone","recorded":true}"#)
        #expect(try record("opened").text.contains(#""recorded":false"#))
        let accepted = try record("accepted")
        #expect(accepted.status == 400)
        #expect(accepted.errorField == "kind")
        // An installation the message was not sent to is unknown for this report, whatever the key.
        let unsent = try record("opened", installation: "nobody-phone")
        #expect(unsent.status == 404, "\(unsent.text)")
        #expect(unsent.errorCode == "unknown_installation")
        #expect(unsent.errorField == "installation")

        let report = try api.client.send(
            "GET", "/v1/report?from=2026-01-01T00:00:00Z&to=2027-01-01T00:00:00Z", key: APITestServer.backendKey)
        #expect(report.status == 200, "\(report.text)")
        #expect(report.text.hasPrefix(#"{"from":"2026-01-01T00:00:00.000Z","to":"2027-01-01T00:00:00.000Z","#))
        #expect(
            report.text.contains(
                #"{"category":"community.interactions","usersWithInstallation":1,"usersOptedIn":1,"optInRate":1.0,"sends":1,"accepted":0"#
            ))
        #expect(report.text.hasSuffix(#""alerts":[]}"#))
    }

    @Test func aLimitedKeySeesNoOtherUsersInstallationAndNoReport() throws {
        let api = try APITestServer()
        try api.register(user: "bob", installation: "bob-phone", token: String(repeating: "cd", count: 32))
        try api.reply(to: "bob", messageID: "m1")
        let before = try api.snapshot()
        let engagement = try api.client.post("/v1/engagement", key: APITestServer.aliceKey) { json in
            json.member("kind", "opened")
            json.member("messageId", "m1")
            json.member("installation", "bob-phone")
        }
        #expect(engagement.status == 404)
        #expect(engagement.errorCode == "unknown_installation")
        let report = try api.client.send(
            "GET", "/v1/report?from=2026-01-01T00:00:00Z&to=2027-01-01T00:00:00Z", key: APITestServer.aliceKey)
        #expect(report.status == 403)
        #expect(report.errorField == "Authorization")
        #expect(try api.snapshot() == before)
        #expect(
            try api.server.report(from: .distantPast, to: .distantFuture).categories.allSatisfy { $0.opened == 0 })
    }

    @Test(arguments: [
        ("", "from"), ("from=2026-01-01T00:00:00Z", "to"), ("from=yesterday&to=2027-01-01T00:00:00Z", "from"),
        ("from=2026-01-01T00:00:00&to=2027-01-01T00:00:00Z", "from"),
        ("from=2027-01-01T00:00:00Z&to=2026-01-01T00:00:00Z", "to"),
    ])
    func aReportWindowThatIsNotOneIsRefusedByArgument(query: String, field: String) throws {
        let api = try APITestServer()
        let answer = try api.client.send("GET", "/v1/report?\(query)", key: APITestServer.backendKey)
        #expect(answer.status == 400)
        #expect(answer.errorField == field)
    }
}
