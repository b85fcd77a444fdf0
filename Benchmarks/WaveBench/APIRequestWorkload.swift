internal import Foundation
internal import GrowBroServer
internal import TestSupport
internal import WaveNotifications
internal import WaveNotificationsTesting
internal import WavePush
internal import WavePushAPI

#if canImport(Glibc)
    internal import Glibc
#endif

/// Workload 10: the push server's HTTP API (`wavepush serve`'s PushAPI on libmicrohttpd, 4 threads) over SQLite
/// on a file (real fsyncs) or PostgreSQL on a throwaway loopback cluster, asked over loopback by 8 client threads,
/// each on one keep-alive connection: first N requests as fast as they are answered (the requests per second),
/// then N/2 requests at half that rate, each sent at its scheduled instant (open loop), its latency from that
/// instant to the whole answer read (a late send counts its wait).
enum APIRequestWorkload {
    enum Request {
        /// `POST /v1/events`: a system message to one user of one installation (an inbox entry, a send record).
        case send
        /// `POST /v1/tokens`: a new installation's token, each for a user of its own.
        case register
    }

    /// The one key in force, for every user.
    static let key = "wavebench-key-0123456789abcdef0123456789abcdef"
    private static let clients = 8

    static func run(count: Int, request: Request, postgres: Bool) async throws -> [String: Double] {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("wavebench-api-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let location = try PushStoreLocation.forBenchmark(postgres: postgres, schema: "benchapi", in: directory)
        let server = try location.open()
        defer { server.close() }
        let start = Date(timeIntervalSince1970: 1_781_884_800)
        try PushFanOutWorkload.registerAudience(1, on: server, at: start)
        let http = try startAPI(on: server, clock: ManualWaveClock(now: start.addingTimeInterval(60)), in: directory)
        defer { http.stop(grace: .seconds(1)) }

        let latencyCount = max(count / 2, clients)
        let bodies = (0..<(count + latencyCount)).map { body(request, index: $0) }
        let throughput = try await exchange(bodies[..<count], request: request, port: http.port, rate: nil)
        let requestsPerSecond = Double(count) / throughput.seconds
        let paced = try await exchange(
            bodies[count...], request: request, port: http.port, rate: requestsPerSecond / 2)
        let total = count + latencyCount
        switch request {
        case .send:
            try WorkloadFailure.check(try server.pendingSendCount() == total, "sends recorded ≠ \(total)")
        case .register:
            try WorkloadFailure.check(try server.tokenChanges().count == total + 1, "registrations ≠ \(total)")
        }
        let latencies = paced.latencies.sorted()
        return [
            "seconds": throughput.seconds, "operations": Double(count), "pacedRequestsPerSecond": requestsPerSecond / 2,
            "p50Milliseconds": Statistics.percentile(50, ofSorted: latencies) * 1000,
            "p99Milliseconds": Statistics.percentile(99, ofSorted: latencies) * 1000,
            "maxMilliseconds": (latencies.last ?? 0) * 1000,
        ]
    }

    /// Starts the API as `wavepush serve` does (`PushAPI` with its metrics on libmicrohttpd, 4 threads) on a loopback
    /// port of the kernel's choice, with ``key`` in a key file in `directory` and a rate limit that never binds.
    ///
    /// - Parameters:
    ///   - server: The store it answers from.
    ///   - clock: The instants of its requests.
    ///   - directory: Where the key file goes.
    /// - Returns: The running server.
    static func startAPI(on server: PushServer, clock: any WaveClock, in directory: URL) throws -> HTTPServer {
        let keyFile = directory.appendingPathComponent("keys.json")
        try Data(#"{"keys": [{"name": "bench", "key": "\#(key)", "users": "all"}]}"#.utf8).write(to: keyFile)
        var limits = PushAPI.Limits()
        limits.requestsPerSecond = 1e12
        limits.burst = 1e12
        let api = PushAPI(
            server: server, keyring: try APIKeyring(path: keyFile.path), clock: clock, limits: limits,
            metrics: APIMetrics())
        var options = HTTPServer.Options()
        options.threads = 4
        return try HTTPServer(options: options, handler: api)
    }

    private static func body(_ request: Request, index: Int) -> [UInt8] {
        switch request {
        case .send:
            Array(
                #"{"kind":"system","recipient":"u0","messageId":"api-\#(index)","title":"GrowBro 3.0","text":"New grow journal templates are here."}"#
                    .utf8)
        case .register:
            Array(
                #"{"user":"api-u\#(index)","installation":"api-i\#(index)","platform":"fcm","token":"api:\#(token(index))"}"#
                    .utf8)
        }
    }

    /// A distinct FCM-shaped token for request `index`.
    private static func token(_ index: Int) -> String {
        let hex = String(index, radix: 16)
        return String(repeating: "0", count: 40 - hex.count) + hex
    }

    /// Sends the bodies over `clients` connections, each on a thread of its own (blocking sockets, off Swift's
    /// pool); with a rate, request k is due at `k / rate` after the start and its latency counts from then.
    private static func exchange(
        _ bodies: ArraySlice<[UInt8]>, request: Request, port: UInt16, rate: Double?
    ) async throws -> (seconds: Double, latencies: [Double]) {
        let path = request == .send ? "/v1/events" : "/v1/tokens"
        let results = WaveLock<[Double]>([])
        let failures = WaveLock<[String]>([])
        let bodies = Array(bodies)
        let started = ContinuousClock.now
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let remaining = WaveLock(clients)
            for client in 0..<clients {
                let thread = Thread {
                    do {
                        let connection = try Connection(port: port)
                        defer { connection.close() }
                        var latencies: [Double] = []
                        for index in stride(from: client, to: bodies.count, by: clients) {
                            var due = ContinuousClock.now
                            if let rate {
                                due = started + .seconds(Double(index) / rate)
                                let wait = due - ContinuousClock.now
                                if wait > .zero { Thread.sleep(forTimeInterval: wait.seconds) }
                            }
                            let status = try connection.post(path, key: key, body: bodies[index])
                            guard status == 200 else { throw WorkloadFailure("\(path) answered \(status)") }
                            latencies.append((ContinuousClock.now - due).seconds)
                        }
                        results.withLock { $0 += latencies }
                    } catch {
                        failures.withLock { $0.append("\(error)") }
                    }
                    if remaining.withLock({ count in
                        count -= 1
                        return count == 0
                    }) {
                        continuation.resume()
                    }
                }
                thread.start()
            }
        }
        let seconds = (ContinuousClock.now - started).seconds
        if let failure = failures.withLock({ $0.first }) { throw WorkloadFailure(failure) }
        return (seconds, results.withLock { $0 })
    }

    /// One keep-alive HTTP/1.1 connection to the loopback server.
    final class Connection {
        private let descriptor: Int32
        private var buffer: [UInt8] = []

        init(port: UInt16) throws {
            descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
            let connected = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
                }
            }
            guard descriptor >= 0, connected else { throw WorkloadFailure("cannot connect to the API") }
            var one: Int32 = 1
            setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        }

        func close() { _ = Glibc.close(descriptor) }

        /// Sends one request and reads its whole answer; returns the status.
        func post(_ path: String, key: String, body: [UInt8]) throws -> Int {
            let head =
                "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(key)\r\n"
                + "Content-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n"
            let payload = Array(head.utf8) + body
            var sent = 0
            while sent < payload.count {
                let count = payload[sent...].withUnsafeBytes {
                    send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
                }
                guard count > 0 else { throw WorkloadFailure("the API closed the connection") }
                sent += count
            }
            let separator: [UInt8] = [13, 10, 13, 10]
            var headEnd: Int?
            while true {
                if headEnd == nil, let end = buffer.firstRange(of: separator)?.upperBound { headEnd = end }
                if let end = headEnd {
                    let header = String(decoding: buffer[..<end], as: UTF8.self)
                    let length =
                        header.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                        .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
                    if buffer.count >= end + length {
                        let status = Int(header.split(separator: " ")[1]) ?? 0
                        buffer.removeFirst(end + length)
                        return status
                    }
                }
                var chunk = [UInt8](repeating: 0, count: 16 * 1024)
                let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                guard count > 0 else { throw WorkloadFailure("the API closed the connection mid-answer") }
                buffer += chunk[..<count]
            }
        }
    }
}
