import Foundation
import GrowBroServer
import Testing
import WaveJSON
import WaveNotifications
import WaveNotificationsTesting
import WavePushAPI

/// A SQL-looking string in every field of every route, and in every query argument: an id, a kind or a token is
/// refused by its field (400) or not found (404) and nothing is stored; a free text is data, stored and given back
/// word for word; a message id to read, delete or report on is refused by its form (400); the server answers the
/// next request either way.
struct PushAPIHostileFieldTests {
    static let attack = "x'; DROP TABLE sends; --"
    private static let apnsToken = String(repeating: "ab", count: 32)

    /// One request with the attack in one place, and the status it must get.
    struct Case: CustomTestStringConvertible, Sendable {
        var route: APIRoute
        var field: String
        var status: Int
        /// The field the refusal names, when not the one attacked.
        var named: String? = nil
        var testDescription: String { "\(route.path) \(field) → \(status)" }
    }

    private static let bodies: [APIRoute: [(String, String)]] = [
        .tokens: [
            ("user", "alice"), ("installation", "alice-tablet"), ("platform", "apns"), ("token", apnsToken),
            ("environment", "sandbox"), ("permission", "authorized"),
        ],
        .logout: [("user", "alice"), ("installation", "alice-phone")],
        .preferences: [("user", "alice")],
        .events: [
            ("kind", "reply"), ("recipient", "alice"), ("messageId", "new-1"), ("postId", "post-1"), ("author", "Bob"),
            ("authorId", "bob"), ("text", "Nice buds!"),
        ],
        .read: [("user", "alice"), ("messageId", "m-1")],
        .delete: [("user", "alice"), ("messageId", "m-1")],
        .erase: [("user", "alice")],
        .engagement: [("kind", "opened"), ("messageId", "m-1"), ("installation", "alice-phone")],
    ]

    static let cases: [Case] = [
        Case(route: .tokens, field: "user", status: 400), Case(route: .tokens, field: "installation", status: 400),
        Case(route: .tokens, field: "platform", status: 400), Case(route: .tokens, field: "token", status: 400),
        Case(route: .tokens, field: "environment", status: 400),
        Case(route: .tokens, field: "permission", status: 400),
        Case(route: .logout, field: "user", status: 404),
        Case(route: .logout, field: "installation", status: 404),
        Case(route: .events, field: "kind", status: 400), Case(route: .events, field: "recipient", status: 404),
        Case(route: .events, field: "messageId", status: 400), Case(route: .events, field: "postId", status: 400),
        Case(route: .events, field: "authorId", status: 400),
        Case(route: .events, field: "author", status: 200), Case(route: .events, field: "text", status: 200),
        Case(route: .read, field: "user", status: 404), Case(route: .read, field: "messageId", status: 400),
        Case(route: .delete, field: "user", status: 404), Case(route: .delete, field: "messageId", status: 400),
        Case(route: .erase, field: "user", status: 404),
        Case(route: .engagement, field: "kind", status: 400),
        Case(route: .engagement, field: "messageId", status: 400),
        Case(route: .preferences, field: "user", status: 400),
        Case(route: .engagement, field: "installation", status: 400),
        Case(route: .inbox, field: "user", status: 404), Case(route: .inbox, field: "size", status: 400),
        Case(route: .inbox, field: "after", status: 400), Case(route: .badge, field: "user", status: 404),
        Case(route: .report, field: "from", status: 400), Case(route: .report, field: "to", status: 400),
    ]

    @Test(arguments: cases)
    func aSQLLookingStringIsRefusedByFieldOrStoredLiterally(_ test: Case) throws {
        let api = try APITestServer()
        try api.register(user: "alice", installation: "alice-phone", token: Self.apnsToken)
        try api.register(user: "bob", installation: "bob-phone", token: String(repeating: "cd", count: 32))
        try api.reply(to: "alice", messageID: "m-1")
        try api.reply(to: "bob", messageID: "bob-1")
        let before = try api.snapshot()
        let answer: TestHTTPClient.Response
        if test.route.method == "GET" {
            var arguments: [(String, String)] =
                test.route == .report
                ? [("from", "2026-01-01T00:00:00Z"), ("to", "2027-01-01T00:00:00Z")] : [("user", "alice")]
            if let index = arguments.firstIndex(where: { $0.0 == test.field }) {
                arguments[index].1 = Self.attack
            } else {
                arguments.append((test.field, Self.attack))
            }
            let query = arguments.map {
                "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")"
            }
            answer = try api.client.send(
                "GET", test.route.path + "?" + query.joined(separator: "&"), key: APITestServer.backendKey)
        } else {
            answer = try api.client.post(test.route.path, key: APITestServer.backendKey) { json in
                for (name, value) in Self.bodies[test.route] ?? [] {
                    json.key(name)
                    json.string(name == test.field ? Self.attack : value)
                }
            }
        }
        #expect(answer.status == test.status, "\(answer.text)")
        if answer.status != 200 {
            #expect(answer.errorField == (test.named ?? test.field), "\(answer.text)")
            #expect(try api.snapshot() == before)
        }
        // A refusal of a body's field lists its problems, the first of them its message; a query's has none.
        if answer.status == 400, test.route.method == "POST" {
            #expect(answer.problems?.first == answer.errorMessage, "\(answer.text)")
        } else {
            #expect(answer.problems == nil, "\(answer.text)")
        }
        if test.route == .read || test.route == .delete, answer.status == 200 {
            #expect(answer.text.contains(#""entries":0"#))
            #expect(try api.snapshot() == before)
        }
        if test.route == .events, answer.status == 200 {
            let page = try api.server.inbox(of: "alice").page(size: 1, after: nil, now: api.clock.now)
            let arguments = (page.items.first?.title.arguments ?? []) + (page.items.first?.body.arguments ?? [])
            #expect(arguments.contains(Self.attack))
        }
        // Nothing else moved: bob's data is whole, and the server answers.
        #expect(try api.server.installations(of: "bob").map(\.id) == ["bob-phone"])
        #expect(try api.server.inbox(of: "bob").totalCount(now: api.clock.now) == 1)
        #expect(try api.client.send("GET", "/v1/badge?user=alice", key: APITestServer.backendKey).status == 200)
    }

    @Test(arguments: [
        (
            #"{"user":"alice","installation":"alice-tablet","platform":"fcm","token":"fcm-token:APA91bxxxxxxxxxxxxxxxxxxxxxxxxxxxx1","environment":"sandbox"}"#,
            "environment"
        ),
        (#"{"user":"alice","installation":"alice-tablet","platform":"fcm","token":"short"}"#, "token"),
        (
            #"{"user":"alice","installation":"alice-tablet","platform":"apns","token":"abc","environment":"sandbox"}"#,
            "token"
        ),
        (
            #"{"user":"al ice","installation":"alice-tablet","platform":"apns","token":"abababababababababababababababababababababababababababababababab","environment":"sandbox"}"#,
            "user"
        ),
    ])
    func aTokenOfTheWrongFormListsItsProblem(body: String, field: String) throws {
        let api = try APITestServer()
        let answer = try api.client.send("POST", "/v1/tokens", key: APITestServer.backendKey, body: Array(body.utf8))
        #expect(answer.status == 400, "\(answer.text)")
        #expect(answer.errorCode == "invalid_field")
        #expect(answer.errorField == field)
        #expect(answer.problems == answer.errorMessage.map { [$0] }, "\(answer.text)")
    }
}
