import Foundation
import Testing
import WaveNotifications
import WavePushAPI

/// The libmicrohttpd wrapper on its own: the kernel's port read back, and the graceful stop.
struct HTTPServerTests {
    /// Answers `/slow` only once the test opens the gate, so a request is in progress when the server stops.
    private final class GatedHandler: HTTPHandler {
        let entered = DispatchSemaphore(value: 0)
        let gate = DispatchSemaphore(value: 0)

        func respond(to request: HTTPRequest) -> HTTPResponse {
            if request.path == "/slow" {
                entered.signal()
                gate.wait()
            }
            return HTTPResponse(status: 200, body: Array("{\"path\":\"\(request.path)\"}".utf8))
        }

        func refuseOversizedBody(limit: Int) -> HTTPResponse {
            HTTPResponse(status: 413, body: [])
        }

        func refuseConflictingHeader(_ name: String) -> HTTPResponse {
            HTTPResponse(status: 400, body: Array(name.utf8))
        }
    }

    @Test func portZeroListensOnThePortTheKernelGave() throws {
        let server = try HTTPServer(options: HTTPServer.Options(), handler: GatedHandler())
        defer { server.stop(grace: .seconds(1)) }
        #expect(server.port != 0)
        let answer = try TestHTTPClient(port: server.port).send("GET", "/fast")
        #expect(answer.status == 200)
        #expect(answer.text == #"{"path":"/fast"}"#)
    }

    @Test(arguments: ["::1", "::"])
    func anIPv6AddressIsListenedOnAndTheUnspecifiedOneTakesIPv4Too(address: String) throws {
        var options = HTTPServer.Options()
        options.address = address
        let server = try HTTPServer(options: options, handler: GatedHandler())
        defer { server.stop(grace: .seconds(1)) }
        let overIPv6 = try TestHTTPClient(port: server.port, host: "::1").send("GET", "/six")
        #expect(overIPv6.text == #"{"path":"/six"}"#)
        let overIPv4 = try? TestHTTPClient(port: server.port).send("GET", "/four")
        #expect(overIPv4?.status == (address == "::" ? 200 : nil))
    }

    @Test func anAddressThatIsNotIPv4IsRefused() {
        var options = HTTPServer.Options()
        options.address = "localhost"
        #expect(throws: HTTPServerError.invalidAddress("localhost")) {
            _ = try HTTPServer(options: options, handler: GatedHandler())
        }
    }

    @Test func stoppingAnswersTheRequestInProgressAndRefusesNewConnections() async throws {
        let handler = GatedHandler()
        let server = try HTTPServer(options: HTTPServer.Options(), handler: handler)
        let client = TestHTTPClient(port: server.port)
        let answer = WaveLock<TestHTTPClient.Response?>(nil)
        let answered = DispatchSemaphore(value: 0)
        Thread {
            answer.withLock { $0 = try? client.send("GET", "/slow") }
            answered.signal()
        }.start()
        handler.entered.wait()
        #expect(server.requestsInProgress == 1)
        let left = WaveLock<Int?>(nil)
        let stopped = DispatchSemaphore(value: 0)
        Thread {
            left.withLock { $0 = server.stop(grace: .seconds(10)) }
            stopped.signal()
        }.start()
        // The listening socket closes first: a new connection is refused while the slow request still runs.
        var refused = false
        for _ in 0..<200 where !refused {
            refused = (try? client.send("GET", "/fast")) == nil
            if !refused { usleep(5_000) }
        }
        #expect(refused)
        handler.gate.signal()
        answered.wait()
        stopped.wait()
        #expect(answer.withLock { $0?.status } == 200)
        #expect(answer.withLock { $0?.headers["connection"]?.lowercased() } == "close")
        #expect(left.withLock { $0 } == 0)
    }
}
