import Foundation
import GrowBroServer
import Testing
import WaveJSON
import WaveNotifications
import WavePushAPI

/// docs/growbro-server-openapi.json against the running server: it lists exactly the server's routes, each route
/// answers, every status it lists for a route is produced by a request below (and no other status is), and every
/// answer's body matches the schema the document gives for its status.
struct OpenAPIDocumentTests {
    private static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/growbro-server-openapi.json")

    private let document: JSONValue
    private let apnsToken = String(repeating: "ab", count: 32)

    init() throws {
        document = try JSONParser.parse(Array(try Data(contentsOf: Self.file)))
    }

    /// Each documented route, `METHOD path`, with its documented statuses.
    private var documentedRoutes: [String: Set<Int>] {
        guard case .object(let paths)? = document.member("paths") else { return [:] }
        var routes: [String: Set<Int>] = [:]
        for (path, item) in paths {
            guard case .object(let operations) = item else { continue }
            for (method, operation) in operations {
                guard case .object(let responses)? = operation.member("responses") else { continue }
                routes["\(method.uppercased()) \(path)"] = Set(responses.compactMap { Int($0.key) })
            }
        }
        return routes
    }

    @Test func theDocumentListsExactlyTheServersRoutes() {
        let served = Set(APIRoute.allCases.map { "\($0.method) \($0.path)" })
        #expect(Set(documentedRoutes.keys) == served)
        #expect(document.member("openapi") == .string("3.1.0"))
    }

    /// One request and its answer, for the route it was sent to.
    private struct Exchange {
        var route: APIRoute
        var answer: TestHTTPClient.Response
    }

    @Test func everyDocumentedStatusIsProducedAndEveryAnswerMatchesItsSchema() async throws {
        var exchanges: [Exchange] = []
        let backend = APITestServer.backendKey
        let alice = APITestServer.aliceKey

        // A budget that the requests below do not spend (the manual clock never refills it), and bodies up to 16 KiB
        // so that an event too large for the provider reaches the rules.
        var roomy = PushAPI.Limits()
        roomy.burst = 10_000
        let api = try APITestServer(limits: roomy, maximumBodyBytes: 16_384, name: "openapi-main")
        try api.register(user: "alice", installation: "alice-phone", token: apnsToken)
        try api.register(user: "bob", installation: "bob-phone", token: String(repeating: "cd", count: 32))
        try api.reply(to: "bob", messageID: "bob-1")
        let client = api.client
        func record(_ route: APIRoute, _ answer: TestHTTPClient.Response) {
            exchanges.append(.init(route: route, answer: answer))
        }
        func post(_ route: APIRoute, key: String? = backend, _ members: (inout JSONWriter) -> Void) throws {
            record(route, try client.post(route.path, key: key, members))
        }
        func get(_ route: APIRoute, _ query: String, key: String? = backend) throws {
            record(route, try client.send("GET", route.path + query, key: key))
        }
        func system(_ json: inout JSONWriter, to user: String, _ messageID: String, title: String = "Maintenance") {
            json.member("kind", "system")
            json.member("recipient", user)
            json.member("messageId", messageID)
            json.member("title", title)
            json.member("text", "Tonight at ten")
        }

        // What every route shares: the wrong method; no key; a body too large, not JSON, or with an unknown key;
        // a missing query argument.
        for route in APIRoute.allCases {
            record(route, try client.send(route.method == "GET" ? "POST" : "GET", route.path, key: backend))
            guard route.needsKey else { continue }
            record(route, try client.send(route.method, route.path))
            if route.method == "POST" {
                record(
                    route, try client.send("POST", route.path, key: backend, body: Array(repeating: 32, count: 20_000)))
                record(
                    route,
                    try client.send("POST", route.path, key: backend, contentType: "text/plain", body: Array("{}".utf8))
                )
                record(route, try client.send("POST", route.path, key: backend, body: Array(#"{"zzz":1}"#.utf8)))
            } else {
                record(route, try client.send("GET", route.path, key: backend))
            }
        }

        // Each route's own answers.
        try get(.health, "", key: nil)
        try get(.ready, "", key: nil)
        try post(.tokens) {
            $0.member("user", "alice")
            $0.member("installation", "alice-tablet")
            $0.member("platform", "fcm")
            $0.member("token", "fcm-" + String(repeating: "t", count: 60))
        }
        try post(.tokens, key: alice) {
            $0.member("user", "bob")
            $0.member("installation", "bob-tablet")
            $0.member("platform", "apns")
            $0.member("token", String(repeating: "ef", count: 32))
        }
        try post(.preferences) {
            $0.member("user", "alice")
            $0.key("channels")
            $0.beginObject()
            $0.key("community.likes")
            $0.bool(false)
            $0.endObject()
            $0.member("archiveDays", 30)
        }
        try post(.preferences, key: alice) { $0.member("user", "bob") }
        try post(.events) { system(&$0, to: "alice", "m-1") }
        try post(.events) { system(&$0, to: "alice", "m-1") }
        try post(.events) { system(&$0, to: "zed", "m-2") }
        try post(.events, key: alice) { system(&$0, to: "bob", "m-3") }
        try post(.events) { system(&$0, to: "alice", "m-4", title: String(repeating: "long title ", count: 500)) }
        for (key, recipients) in [(backend, ["alice", "zed"]), (alice, ["alice", "bob"])] {
            var json = JSONWriter()
            json.beginObject()
            json.key("events")
            json.beginArray()
            for (index, recipient) in recipients.enumerated() {
                json.beginObject()
                system(&json, to: recipient, "b-\(key.prefix(3))-\(index)")
                json.endObject()
            }
            json.endArray()
            json.endObject()
            record(.broadcast, try client.send("POST", APIRoute.broadcast.path, key: key, body: json.takeBytes()))
        }
        try get(.inbox, "?user=alice&size=1")
        try get(.inbox, "?user=bob", key: alice)
        try get(.inbox, "?user=zed")
        try get(.badge, "?user=alice")
        try get(.badge, "?user=bob", key: alice)
        try get(.badge, "?user=zed")
        for route in [APIRoute.read, .delete] {
            for (key, user, message) in [(backend, "alice", "m-1"), (alice, "bob", "bob-1"), (backend, "zed", "m-1")] {
                try post(route, key: key) {
                    $0.member("user", user)
                    $0.member("messageId", message)
                }
            }
        }
        for (key, kind, installation) in [
            (backend, "opened", "alice-phone"), (backend, "opened", "nobody"), (alice, "dismissed", "bob-phone"),
        ] {
            try post(.engagement, key: key) {
                $0.member("kind", kind)
                $0.member("messageId", "m-1")
                $0.member("installation", installation)
            }
        }
        let window = "?from=2026-01-01T00:00:00Z&to=2027-01-01T00:00:00Z"
        try get(.report, window)
        try get(.report, window, key: alice)
        for (key, user, installation) in [
            (alice, "bob", "bob-phone"), (backend, "alice", "bob-phone"), (backend, "alice", "alice-phone"),
        ] {
            try post(.logout, key: key) {
                $0.member("user", user)
                $0.member("installation", installation)
            }
        }
        for (key, user) in [(alice, "bob"), (backend, "zed"), (backend, "alice")] {
            try post(.erase, key: key) { $0.member("user", user) }
        }

        // A key file broken on disk closes every keyed route (503), whatever the request.
        try APITestServer.writeKeys(to: api.keyFile, #"{"keys": ["#)
        for route in APIRoute.allCases where route.needsKey {
            record(route, try client.send(route.method, route.path, key: backend, body: Array("{}".utf8)))
        }

        // A key whose budget is spent: 429 on every keyed route.
        var limits = PushAPI.Limits()
        limits.requestsPerSecond = 0.001
        limits.burst = 1
        let limited = try APITestServer(limits: limits, name: "openapi-limited")
        _ = try limited.client.send("GET", "/v1/badge?user=alice", key: backend)
        for route in APIRoute.allCases where route.needsKey {
            record(route, try limited.client.send(route.method, route.path, key: backend, body: Array("{}".utf8)))
        }

        // A store that cannot answer: readiness is 503.
        let closed = try APITestServer(name: "openapi-closed")
        closed.server.close()
        record(.ready, try closed.client.send("GET", APIRoute.ready.path))

        let schema = OpenAPISchema(document: document)
        var produced: [String: Set<Int>] = [:]
        for exchange in exchanges {
            let name = "\(exchange.route.method) \(exchange.route.path)"
            produced[name, default: []].insert(exchange.answer.status)
            let operation = document.member("paths")?.member(exchange.route.path)?.member(
                exchange.route.method.lowercased())
            guard var response = operation?.member("responses")?.member(String(exchange.answer.status)) else {
                Issue.record("\(name) answered \(exchange.answer.status), not documented: \(exchange.answer.text)")
                continue
            }
            if case .string(let reference)? = response.member("$ref"), let target = schema.resolve(reference) {
                response = target
            }
            guard let bodySchema = response.member("content")?.member("application/json")?.member("schema"),
                let body = exchange.answer.json
            else {
                Issue.record("\(name) \(exchange.answer.status): no JSON body or schema: \(exchange.answer.text)")
                continue
            }
            let problems = schema.problems(body, against: bodySchema)
            #expect(problems.isEmpty, "\(name) \(exchange.answer.status): \(problems) in \(exchange.answer.text)")
        }
        for (route, statuses) in documentedRoutes {
            #expect(
                produced[route] == statuses,
                "\(route): documented \(statuses.sorted()), produced \((produced[route] ?? []).sorted())")
        }
    }
}
