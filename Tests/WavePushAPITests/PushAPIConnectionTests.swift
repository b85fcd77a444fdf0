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
}
