import Foundation
import GrowBroServer
import Testing
import WaveJSON
import WaveNotifications
import WaveNotificationsTesting
import WavePushAPI

/// What an outside client that knows only the OpenAPI document and the docs relies on: the same answer whatever the
/// key, a field named where it is at fault, nothing dropped silently, the read and delete counts, the preferences
/// route and a body limit that fits the largest documented broadcast.
struct PushAPIContractTests {
    private let apnsToken = String(repeating: "ab", count: 32)

    private func post(
        _ api: APITestServer, _ path: String, key: String = APITestServer.backendKey, _ members: [(String, JSONValue)]
    ) throws -> TestHTTPClient.Response {
        var json = JSONWriter()
        json.value(.object(members))
        return try api.client.send("POST", path, key: key, body: json.takeBytes())
    }

    private func message(of answer: TestHTTPClient.Response) -> String {
        guard case .string(let text)? = answer.json?.member("message") else { return "" }
        return text
    }

    private func mark(
        _ api: APITestServer, _ route: String, user: String, _ messageID: String
    ) throws -> TestHTTPClient.Response {
        try post(api, route, [("user", .string(user)), ("messageId", .string(messageID))])
    }

    @Test(arguments: ["/v1/inbox/read", "/v1/inbox/delete"])
    func readAndDeleteRefuseAMalformedIdAndCountOnlyEntriesNotDeleted(route: String) throws {
        let api = try APITestServer()
        try api.register(user: "alice", installation: "alice-phone", token: apnsToken)
        try api.register(user: "bob", installation: "bob-phone", token: String(repeating: "cd", count: 32))
        try api.reply(to: "alice", messageID: "m1")
        try api.reply(to: "bob", messageID: "b1")
        let before = try api.snapshot()
        let malformed = try mark(api, route, user: "alice", "bad id!")
        #expect(malformed.status == 400, "\(malformed.text)")
        #expect(malformed.errorField == "messageId")
        // An id alice never got, and bob's message: idempotent, nothing found, nothing changed.
        for message in ["nope", "b1"] {
            let answer = try mark(api, route, user: "alice", message)
            #expect(answer.status == 200, "\(answer.text)")
            #expect(answer.json?.member("entries") == .number("0"), "\(answer.text)")
        }
        #expect(try api.snapshot() == before)
        #expect(try mark(api, route, user: "alice", "m1").json?.member("entries") == .number("1"))
        // Deleted, the entry is gone: a second delete or a read finds none.
        #expect(try mark(api, "/v1/inbox/delete", user: "alice", "m1").status == 200)
        let again = try mark(api, route, user: "alice", "m1")
        #expect(again.status == 200)
        #expect(again.json?.member("entries") == .number("0"), "\(again.text)")
    }

    @Test func anEngagementRefusalIsTheSameWhateverTheKey() throws {
        let api = try APITestServer()
        try api.register(user: "alice", installation: "alice-phone", token: apnsToken)
        try api.reply(to: "alice", messageID: "m1")
        // Registered after m1: no push of m1 went to it.
        try api.register(user: "alice", installation: "alice-tablet", token: String(repeating: "ef", count: 32))
        let cases: [(installation: String, message: String, status: Int, error: String, field: String)] = [
            ("nope", "m1", 404, "unknown_installation", "installation"),
            ("alice-tablet", "m1", 404, "unknown_installation", "installation"),
            ("alice-phone", "never", 404, "unknown_message", "messageId"),
            ("bad id!", "m1", 400, "invalid_field", "installation"),
            ("alice-phone", "bad id!", 400, "invalid_field", "messageId"),
        ]
        for item in cases {
            var texts: [String] = []
            for key in [APITestServer.backendKey, APITestServer.aliceKey] {
                let answer = try post(
                    api, "/v1/engagement", key: key,
                    [
                        ("kind", .string("opened")), ("messageId", .string(item.message)),
                        ("installation", .string(item.installation)),
                    ])
                #expect(answer.status == item.status, "\(item) \(answer.text)")
                #expect(answer.errorCode == item.error, "\(item) \(answer.text)")
                #expect(answer.errorField == item.field, "\(item) \(answer.text)")
                texts.append(answer.text)
            }
            #expect(texts[0] == texts[1])
        }
        let tablet = try post(
            api, "/v1/engagement",
            [("kind", .string("opened")), ("messageId", .string("m1")), ("installation", .string("alice-tablet"))])
        #expect(
            tablet.json?.member("message")
                == .string("installation: no push of message 'm1' was recorded for installation 'alice-tablet'"))
        let recorded = try post(
            api, "/v1/engagement", key: APITestServer.aliceKey,
            [("kind", .string("opened")), ("messageId", .string("m1")), ("installation", .string("alice-phone"))])
        #expect(recorded.status == 200, "\(recorded.text)")
    }

    @Test func aKeyForSomeUsersSeesAPushToAnotherUserAsNotSentToThatInstallation() throws {
        let api = try APITestServer()
        try api.register(user: "bob", installation: "bob-phone", token: apnsToken)
        try api.reply(to: "bob", messageID: "b1")
        let answer = try post(
            api, "/v1/engagement", key: APITestServer.aliceKey,
            [("kind", .string("opened")), ("messageId", .string("b1")), ("installation", .string("bob-phone"))])
        #expect(answer.status == 404)
        #expect(answer.errorCode == "unknown_installation")
        #expect(try api.server.report(from: .distantPast, to: .distantFuture).categories.allSatisfy { $0.opened == 0 })
    }

    @Test func aPushTooLargeNamesTheFieldThatCannotBeCut() throws {
        let api = try APITestServer(maximumBodyBytes: 16_384)
        try api.register(user: "alice", installation: "alice-phone", token: apnsToken)
        let long = String(repeating: "long words ", count: 500)
        let cases: [(members: [(String, JSONValue)], field: String)] = [
            ([("kind", .string("system")), ("title", .string(long)), ("text", .string("x"))], "title"),
            (
                [
                    ("kind", .string("reply")), ("postId", .string("p1")), ("author", .string(long)),
                    ("text", .string("x")),
                ], "author"
            ),
        ]
        for (index, item) in cases.enumerated() {
            let answer = try post(
                api, "/v1/events",
                [("recipient", .string("alice")), ("messageId", .string("big-\(index)"))] + item.members)
            #expect(answer.status == 422, "\(answer.text)")
            #expect(answer.errorCode == "payload_too_large")
            #expect(answer.errorField == item.field, "\(answer.text)")
            #expect(message(of: answer).hasPrefix("\(item.field): "))
        }
        // A like's author is in its body, which is cut to fit like a text: the like is sent.
        let like = try post(
            api, "/v1/events",
            [
                ("recipient", .string("alice")), ("messageId", .string("big-like")), ("kind", .string("like")),
                ("postId", .string("p1")), ("author", .string(long)),
            ])
        #expect(like.status == 200, "\(like.text.prefix(200))")
    }

    @Test(arguments: [
        ("/v1/inbox?user=alice&sise=3", "sise"), ("/v1/badge?user=alice&size=3", "size"),
        ("/v1/report?from=2026-01-01T00:00:00Z&to=2027-01-01T00:00:00Z&user=alice", "user"),
    ])
    func anUnknownQueryArgumentIsRefusedByName(path: String, argument: String) throws {
        let api = try APITestServer()
        try api.register(user: "alice", installation: "alice-phone", token: apnsToken)
        let answer = try api.client.send("GET", path, key: APITestServer.backendKey)
        #expect(answer.status == 400, "\(answer.text)")
        #expect(answer.errorCode == "invalid_field")
        #expect(answer.errorField == argument, "\(answer.text)")
    }

    @Test(arguments: [
        ("like", "text"), ("like", "authorId"), ("system", "postId"), ("system", "author"), ("refresh", "author"),
        ("refresh", "text"), ("reply", "title"),
    ])
    func aMemberOfAnotherKindOfEventIsRefusedByName(kind: String, member: String) throws {
        let api = try APITestServer()
        try api.register(user: "alice", installation: "alice-phone", token: apnsToken)
        let before = try api.snapshot()
        let needed: [String: [(String, JSONValue)]] = [
            "reply": [("postId", .string("p1")), ("author", .string("Bob")), ("text", .string("Hi"))],
            "like": [("postId", .string("p1")), ("author", .string("Bob"))],
            "system": [("title", .string("T")), ("text", .string("Hi"))],
            "refresh": [("postId", .string("p1"))],
        ]
        let answer = try post(
            api, "/v1/events",
            [("kind", .string(kind)), ("recipient", .string("alice")), ("messageId", .string("m1"))]
                + (needed[kind] ?? []) + [(member, .string("p2"))])
        #expect(answer.status == 400, "\(answer.text)")
        #expect(answer.errorField == member, "\(answer.text)")
        #expect(message(of: answer).contains("not a member of a \(kind) event"))
        #expect(try api.snapshot() == before)
    }

    @Test func preferencesSwitchAChannelOffForTheFanOut() throws {
        let api = try APITestServer()
        try api.register(user: "alice", installation: "alice-phone", token: apnsToken)
        let set = try post(
            api, "/v1/preferences",
            [
                ("user", .string("alice")), ("channels", .object([("community.likes", .bool(false))])),
                ("archiveDays", .number("90")),
            ])
        #expect(set.status == 200, "\(set.text)")
        #expect(set.text == #"{"user":"alice","channels":{"community.likes":false},"archiveDays":90}"#)
        let like = try post(
            api, "/v1/events",
            [
                ("kind", .string("like")), ("recipient", .string("alice")), ("messageId", .string("l1")),
                ("postId", .string("p1")), ("author", .string("Bob")),
            ])
        #expect(like.status == 200)
        #expect(like.text.contains(#""skipped":[{"installation":"alice-phone","reason":"category_disabled"}]"#))
        #expect(try api.server.inbox(of: "alice").archiveAfterDays == 90)
        // A user is known once the app synced preferences, even before any installation.
        let carol = try post(api, "/v1/preferences", [("user", .string("carol"))])
        #expect(carol.text == #"{"user":"carol","channels":{},"archiveDays":30}"#)
        #expect(try api.server.isKnownUser("carol"))
    }

    @Test func preferencesAreRefusedByFieldAndForAnotherUsersKey() throws {
        let api = try APITestServer()
        try api.register(user: "alice", installation: "alice-phone", token: apnsToken)
        let cases: [(members: [(String, JSONValue)], key: String, status: Int, field: String)] = [
            (
                [("user", .string("alice")), ("channels", .object([("community.pokes", .bool(false))]))],
                APITestServer.backendKey, 400, "channels.community.pokes"
            ),
            (
                [("user", .string("alice")), ("channels", .object([("community.likes", .string("off"))]))],
                APITestServer.backendKey, 400, "channels.community.likes"
            ),
            (
                [("user", .string("alice")), ("archiveDays", .number("4000"))], APITestServer.backendKey, 400,
                "archiveDays"
            ),
            ([("user", .string("al ice"))], APITestServer.backendKey, 400, "user"),
            ([("user", .string("bob"))], APITestServer.aliceKey, 403, "user"),
        ]
        for item in cases {
            let answer = try post(api, "/v1/preferences", key: item.key, item.members)
            #expect(answer.status == item.status, "\(answer.text)")
            #expect(answer.errorField == item.field, "\(answer.text)")
        }
        #expect(try !api.server.isKnownUser("bob"))
        #expect(try api.server.inbox(of: "alice").archiveAfterDays == 30)
    }

    @Test func theDefaultBodyLimitTakesTheLargestBroadcastAndRefusesMore() throws {
        let limit = PushAPI.Limits().maximumBodyBytes
        #expect(limit == 1_048_576)
        var limits = PushAPI.Limits()
        limits.burst = 1_000
        let api = try APITestServer(limits: limits, maximumBodyBytes: limit)
        try api.register(user: "alice", installation: "alice-phone", token: apnsToken)
        // 1,000 system messages with a 60-character title and a 500-character text: about 640 KB.
        let title = String(repeating: "Maintenance window ", count: 4).prefix(60)
        let text = String(repeating: "The app is read-only tonight from ten to eleven. ", count: 10)
        let events = (0..<1_000).map { index -> JSONValue in
            .object([
                ("kind", .string("system")), ("recipient", .string("alice")), ("messageId", .string("b\(index)")),
                ("title", .string(String(title))), ("text", .string(text)),
            ])
        }
        var json = JSONWriter()
        json.value(.object([("events", .array(events))]))
        let body = json.takeBytes()
        #expect(body.count > 600_000 && body.count < limit)
        let answer = try api.client.send("POST", "/v1/broadcast", key: APITestServer.backendKey, body: body)
        #expect(answer.status == 200, "\(answer.text.prefix(300))")
        #expect(try api.server.inbox(of: "alice").totalCount(now: api.clock.now) == 1_000)
        let oversized = try api.client.send(
            "POST", "/v1/broadcast", key: APITestServer.backendKey, body: Array(repeating: 32, count: limit + 1))
        #expect(oversized.status == 413)
        #expect(oversized.errorCode == "too_large")
    }
}
