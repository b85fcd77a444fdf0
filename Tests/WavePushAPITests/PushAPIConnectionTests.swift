import Foundation
import Testing
import WaveJSON
import WavePushAPI

#if canImport(Glibc)
    import Glibc
#endif

/// Clients that hold connections: slow ones that never finish a request, and more connections than the server
/// takes. Each is refused or cut off by libmicrohttpd's limits, nothing they sent is stored, and everyone else is
/// answered meanwhile. The server's idle timeout is real time (the library's own timer): these tests wait for it.
struct PushAPIConnectionTests {
    private let apnsToken = String(repeating: "ab", count: 32)

    @Test func slowClientsDoNotStopOthersAndAreCutOffWhenIdle() throws {
        let api = try APITestServer { options in
            options.idleTimeoutSeconds = 1
            options.connectionLimit = 64
        }
        try api.register(user: "alice", installation: "alice-phone", token: apnsToken)
        let before = try api.snapshot()
        let event = Array(#"{"kind":"system","recipient":"alice","messageId":"slow","title":"t","text":"t"}"#.utf8)
        var slow: [Int32] = []
        defer { for descriptor in slow { close(descriptor) } }
        for index in 0..<24 {
            let descriptor = try api.client.connect()
            slow.append(descriptor)
            let head =
                "POST /v1/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(APITestServer.backendKey)\r\n"
            switch index % 3 {
            case 0:
                // Half a header, never finished.
                TestHTTPClient.write(Array(head.utf8), to: descriptor)
            case 1:
                // The whole header, then part of the body it announced.
                let header = head + "Content-Type: application/json\r\nContent-Length: \(event.count)\r\n\r\n"
                TestHTTPClient.write(Array(header.utf8) + event.prefix(20), to: descriptor)
            default:
                // Connected, nothing sent.
                break
            }
        }
        for _ in 0..<5 {
            let answer = try api.client.send("GET", "/v1/badge?user=alice", key: APITestServer.backendKey)
            #expect(answer.status == 200)
        }
        for descriptor in slow { #expect(TestHTTPClient.closedByServer(descriptor)) }
        #expect(try api.snapshot() == before)
        #expect(try api.client.send("GET", "/v1/health").status == 200)
    }

    @Test func connectionsBeyondTheLimitAreRefusedAndTheServerKeepsServing() throws {
        let limit = 8
        let api = try APITestServer { options in
            options.connectionLimit = limit
            options.threads = 1
            options.idleTimeoutSeconds = 30
        }
        try api.register(user: "alice", installation: "alice-phone", token: apnsToken)
        let before = try api.snapshot()
        var held: [Int32] = []
        defer { for descriptor in held { close(descriptor) } }
        for _ in 0..<limit { held.append(try api.client.connect()) }
        // One more, asking for something: refused by the library (closed unanswered), not queued behind the others.
        var refusedCount = 0
        for _ in 0..<4 {
            let extra = try api.client.connect(receiveTimeoutSeconds: 5)
            defer { close(extra) }
            let request =
                "POST /v1/events HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nAuthorization: Bearer \(APITestServer.backendKey)\r\nContent-Type: application/json\r\nContent-Length: 60\r\n\r\n"
            TestHTTPClient.write(Array(request.utf8), to: extra)
            // Closed by the server without an answer, before the receive timeout (not left waiting in a queue).
            if TestHTTPClient.closedByServer(extra) { refusedCount += 1 }
        }
        #expect(refusedCount == 4)
        // Counted for the operator.
        #expect(api.metricsPage.contains("\nwavepush_api_connections_refused_total 4\n"), "\(api.metricsPage)")
        for descriptor in held { close(descriptor) }
        held = []
        // The library hears of the closes on its own thread: a slot is free once it has.
        var answer: TestHTTPClient.Response?
        for _ in 0..<200 where answer == nil {
            answer = try? api.client.send("GET", "/v1/badge?user=alice", key: APITestServer.backendKey)
            if answer == nil { usleep(10_000) }
        }
        #expect(answer?.status == 200)
        #expect(try api.snapshot() == before)
    }

    /// The head of a POST whose body is `count` bytes (declared, or chunked when `count` is `nil`), its body, and a
    /// pipelined `GET /v1/health` that closes the connection.
    private static func oversized(
        count: Int, chunked: Bool = false, expectContinue: Bool = false
    ) -> (head: [UInt8], rest: [UInt8]) {
        var head =
            "POST /v1/inbox/erase HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(APITestServer.backendKey)\r\n"
            + "Content-Type: application/json\r\n"
            + (chunked ? "Transfer-Encoding: chunked\r\n" : "Content-Length: \(count)\r\n")
        if expectContinue { head += "Expect: 100-continue\r\n" }
        var body = Array(repeating: UInt8(ascii: " "), count: count)
        if chunked { body = Array("\(String(count, radix: 16))\r\n".utf8) + body + Array("\r\n0\r\n\r\n".utf8) }
        let next = "GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
        return (Array((head + "\r\n").utf8), body + Array(next.utf8))
    }

    /// Sends `parts` on one connection and reads every answer until the server closes: their statuses, in order.
    private static func statuses(_ api: APITestServer, _ parts: [UInt8]) throws -> [String] {
        let descriptor = try api.client.connect()
        defer { close(descriptor) }
        TestHTTPClient.write(parts, to: descriptor)
        let text = String(decoding: TestHTTPClient.receiveAll(descriptor), as: UTF8.self)
        return text.components(separatedBy: "HTTP/1.1 ").dropFirst().map { String($0.prefix(3)) }
    }

    /// A body over the limit is read and dropped up to `maximumDiscardedBodyBytes`, so a sender still sending (a
    /// proxy) reads the 413 and the connection serves the next request; a declared body beyond the bound, or one
    /// whose client waits for `100 Continue`, gets the 413 at once and the connection is closed. A chunked body is
    /// dropped to its end whatever its size (libmicrohttpd takes no answer in the middle of a body).
    @Test(arguments: [
        (40_000, false, false, ["413", "200"]), (40_000, true, false, ["413", "200"]),
        (100_000, false, false, ["413"]), (1_000_000, true, false, ["413", "200"]), (40_000, false, true, ["413"]),
    ])
    func anOversizedBodyIsDroppedUpToTheBound(
        count: Int, chunked: Bool, expectContinue: Bool, expected: [String]
    )
        throws
    {
        let api = try APITestServer { $0.maximumDiscardedBodyBytes = 64 * 1024 }
        let request = Self.oversized(count: count, chunked: chunked, expectContinue: expectContinue)
        // Beyond the bound, or waiting for 100 Continue, the answer comes with the header alone.
        let sent = expected.count == 2 ? request.rest.count : 0
        let statuses = try Self.statuses(api, request.head + request.rest.prefix(sent))
        #expect(statuses == expected)
        #expect(try api.client.send("GET", "/v1/health").status == 200)
    }
}
