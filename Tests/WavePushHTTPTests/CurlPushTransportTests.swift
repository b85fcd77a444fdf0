import Foundation
import GrowBroServer
import TestSupport
import Testing
import WavePushHTTP
import WavePushPayloads

/// The libcurl transport against the loopback stand-in: HTTP/2 over TLS with a test authority, every header and
/// the body delivered, the answers read back, streams multiplexed on one connection, and the failures it reports.
struct CurlPushTransportTests {
    @Test
    func aRequestArrivesWithEveryHeaderAndItsBodyOverHTTP2() async throws {
        guard let (standIn, directory) = try await PushStandIn.startForTest() else { return }
        defer { directory.remove() }
        let transport = try CurlPushTransport(options: .init(caFile: standIn.caFile))
        let headers = [
            HTTPHeader("authorization", "bearer provider-token"), HTTPHeader("apns-topic", "app.growbro"),
            HTTPHeader("apns-push-type", "alert"), HTTPHeader("apns-priority", "10"),
            HTTPHeader("apns-expiration", "1781971200"),
            HTTPHeader("apns-id", "6B0D0000-0000-4000-8000-000000000001"),
        ]
        let body = #"{"aps":{"alert":{"title":"Ana replied","body":"Looks great"}},"message_id":"m1"}"#
        let response = try await transport.send(
            ProviderRequest(
                sendID: 1, messageID: "m1", installationID: "phone", platform: .apns, token: "tok1", attempt: 1,
                url: "\(standIn.baseURL)/3/device/tok1", headers: headers, body: body))
        #expect(response.status == 200)
        #expect(response.headers.value(named: "apns-id") == "6B0D0000-0000-4000-8000-000000000001")
        #expect(response.headers.allSatisfy { $0.name == $0.name.lowercased() })

        let received = try #require(try standIn.received().first)
        #expect(received.alpn == "h2")
        #expect(received.method == "POST")
        #expect(received.path == "/3/device/tok1")
        #expect(received.body == body)
        // Exactly the request's fields, in order; curl adds only the body's length.
        #expect(
            received.headers.filter { $0.name != "content-length" }.map { "\($0.name): \($0.value)" }
                == headers.map { "\($0.name): \($0.value)" })
        #expect(received.header("content-length") == String(body.utf8.count))
    }

    @Test
    func scriptedProviderAnswersComeBackWithStatusHeadersAndBody() async throws {
        let script = #"""
            {"answers": {"bad": [{"status": 400, "reason": "BadDeviceToken"}],
                         "busy": [{"status": 429, "reason": "TooManyRequests", "retry_after": "7"}],
                         "gone": [{"status": 410, "reason": "Unregistered", "timestamp": 1781884800000}]}}
            """#
        guard let (standIn, directory) = try await PushStandIn.startForTest(script: script) else { return }
        defer { directory.remove() }
        let transport = try CurlPushTransport(options: .init(caFile: standIn.caFile))
        func send(_ token: String) async throws -> ProviderResponse {
            try await Self.push(to: token, at: standIn, through: transport)
        }
        let bad = try await send("bad")
        #expect(bad.status == 400)
        #expect(String(decoding: bad.body, as: UTF8.self) == #"{"reason": "BadDeviceToken"}"#)
        let busy = try await send("busy")
        #expect(busy.status == 429)
        #expect(busy.headers.value(named: "retry-after") == "7")
        let gone = try await send("gone")
        #expect(gone.status == 410)
        #expect(String(decoding: gone.body, as: UTF8.self).contains(#""timestamp": 1781884800000"#))
        #expect(try standIn.connectionCount() == 1)
    }

    /// The stand-in answers none of the first 100 requests before all 100 have arrived: they can only succeed when
    /// they are in flight together; it also records that they share one connection.
    @Test
    func aHundredConcurrentRequestsShareOneConnection() async throws {
        guard
            let (standIn, directory) = try await PushStandIn.startForTest(
                script: #"{"barrier": 100, "barrier_timeout": 20}"#)
        else { return }
        defer { directory.remove() }
        let transport = try CurlPushTransport(options: .init(caFile: standIn.caFile))
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for n in 0..<100 {
                group.addTask {
                    try await transport.send(
                        ProviderRequest(
                            sendID: Int64(n), messageID: "m", installationID: "i\(n)", platform: .apns,
                            token: "t\(n)", attempt: 1, url: "\(standIn.baseURL)/3/device/t\(n)",
                            headers: [HTTPHeader("apns-topic", "t")], body: "{}")
                    ).status
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses == Array(repeating: 200, count: 100))
        let received = try standIn.received()
        #expect(received.count == 100)
        #expect(Set(received.map(\.connection)) == [1])
        #expect(try standIn.connectionCount() == 1)
        #expect(received.map(\.openStreams).max() == 100)
    }

    @Test
    func aServerCertificateFromAnUntrustedAuthorityIsRefused() async throws {
        guard let (standIn, directory) = try await PushStandIn.startForTest() else { return }
        defer { directory.remove() }
        // The system's trust store, which does not hold the test's authority.
        let transport = try CurlPushTransport()
        let error = await #expect(throws: CurlTransportError.self) {
            try await transport.post(url: "\(standIn.baseURL)/token", headers: [], body: [])
        }
        #expect(error?.message.contains("certificate") == true, "\(String(describing: error))")
        #expect(error?.isRetryable == false)
        // The operator is told which server: the host and port, never the path.
        let endpoint = try #require(URLComponents(string: standIn.baseURL)).port.map { "127.0.0.1:\($0)" }
        #expect(error?.endpoint == endpoint)
        let text = error.map { "\($0)" } ?? ""
        #expect(text.hasPrefix("curl error 60 (\(endpoint ?? "")): "), "\(text)")
        #expect(!text.contains("/token"))
        #expect(try standIn.received().isEmpty)
    }

    @Test
    func aPortWithNothingListeningThrowsCurlsMessage() async throws {
        let port = try ClosedLoopbackPort.make()
        let transport = try CurlPushTransport(options: .init(connectTimeout: .seconds(5)))
        let error = await #expect(throws: CurlTransportError.self) {
            try await transport.post(url: "https://127.0.0.1:\(port)/token", headers: [], body: [])
        }
        #expect(error?.code == 7, "\(String(describing: error))")  // CURLE_COULDNT_CONNECT
        #expect(error?.description.contains("127.0.0.1") == true)
        #expect(error?.isRetryable == true)
    }

    @Test
    func postReturnsTheTokenEndpointsAnswer() async throws {
        guard let (standIn, directory) = try await PushStandIn.startForTest() else { return }
        defer { directory.remove() }
        let transport = try CurlPushTransport(options: .init(caFile: standIn.caFile))
        let poster: any HTTPPoster = transport
        let form = "grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer&assertion=a.b.c"
        let response = try await poster.post(
            url: "\(standIn.baseURL)/token",
            headers: [HTTPHeader("content-type", "application/x-www-form-urlencoded")], body: Array(form.utf8))
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self).contains(#""access_token": "standin-access-token""#))
        #expect(try standIn.received().first?.body == form)
    }

    /// APNs speaks HTTP/2 only: a server that answers over HTTP/1.1 gives no answer to a push, with a message saying
    /// why; the OAuth token endpoint, which may speak either, is read over HTTP/1.1.
    @Test
    func aProviderAnsweringOverHTTP1IsRefusedForAPushButNotForATokenTrade() async throws {
        guard let (standIn, directory) = try await PushStandIn.startForTest(script: #"{"http1": true}"#) else { return }
        defer { directory.remove() }
        let transport = try CurlPushTransport(options: .init(caFile: standIn.caFile))
        let error = await #expect(throws: CurlTransportError.self) {
            try await transport.send(
                ProviderRequest(
                    sendID: 1, messageID: "m", installationID: "i", platform: .apns, token: "t", attempt: 1,
                    url: "\(standIn.baseURL)/3/device/t", headers: [HTTPHeader("apns-topic", "t")], body: "{}"))
        }
        #expect(error?.message == "the server answered over HTTP/1.1; APNs and FCM are sent over HTTP/2 only")
        #expect(error?.isRetryable == false)
        let token = try await transport.post(url: "\(standIn.baseURL)/token", headers: [], body: Array("a=b".utf8))
        #expect(token.status == 200)
        #expect(try standIn.received().map(\.alpn) == ["http/1.1", "http/1.1"])
    }

    /// A connection dropped with requests on it: each of them throws curl's error (the dispatcher retries them), and
    /// the next request gets a new connection.
    @Test
    func aDroppedConnectionFailsItsRequestsAndTheNextOneReconnects() async throws {
        guard
            let (standIn, directory) = try await PushStandIn.startForTest(
                script: #"{"answers": {"cut": [{"drop": true}]}}"#)
        else { return }
        defer { directory.remove() }
        let transport = try CurlPushTransport(options: .init(caFile: standIn.caFile))
        func send(_ token: String) async throws -> ProviderResponse {
            try await Self.push(to: token, at: standIn, through: transport)
        }
        let error = await #expect(throws: CurlTransportError.self) { try await send("cut") }
        #expect(error?.isRetryable == true)
        #expect(try await send("after").status == 200)
        #expect(try standIn.connectionCount() == 2)
    }

    @Test
    func aGoAwayEndsItsConnectionAfterTheAnswerAndTheNextRequestOpensANewOne() async throws {
        guard
            let (standIn, directory) = try await PushStandIn.startForTest(
                script: #"{"answers": {"last": [{"goaway": true}]}}"#)
        else { return }
        defer { directory.remove() }
        let transport = try CurlPushTransport(options: .init(caFile: standIn.caFile))
        func send(_ token: String) async throws -> ProviderResponse {
            try await Self.push(to: token, at: standIn, through: transport)
        }
        #expect(try await send("first").status == 200)
        // The answer before the GOAWAY arrives whole; the connection it retired is not used again.
        #expect(try await send("last").status == 200)
        #expect(try await send("after").status == 200)
        #expect(try await send("again").status == 200)
        #expect(try standIn.connectionCount() == 2)
    }

    /// One APNs push to `token` at the stand-in, the request the tests of scripted answers share.
    static func push(
        to token: String, at standIn: PushStandIn, through transport: CurlPushTransport
    ) async throws -> ProviderResponse {
        try await transport.send(
            ProviderRequest(
                sendID: 1, messageID: "m", installationID: "i", platform: .apns, token: token, attempt: 1,
                url: "\(standIn.baseURL)/3/device/\(token)", headers: [HTTPHeader("apns-topic", "t")], body: "{}"))
    }
}
