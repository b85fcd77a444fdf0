import Foundation
import GrowBroServer
import TestSupport
import Testing
import WaveNotifications
import WaveNotificationsTesting

@testable import WavePush

#if canImport(Glibc)
    import Glibc
#endif
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `wavepush dispatch` under a service manager (`Type=notify`): the test plays systemd, a datagram socket of its own
/// named by `NOTIFY_SOCKET`, and reads what the sender tells it.
struct SystemdNotifyTests {
    /// A datagram socket bound to a short path under /tmp (a socket's path has room for 107 bytes) or to an
    /// abstract name (`@…`, as systemd gives some services), read without blocking.
    final class NotifySocket {
        let descriptor: Int32
        /// What `NOTIFY_SOCKET` says.
        let name: String

        init(abstract: Bool) throws {
            let unique = "wave-notify-\(UUID().uuidString.prefix(8))"
            name = abstract ? "@\(unique)" : "/tmp/\(unique).sock"
            descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
            try #require(descriptor >= 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            var bytes = Array(name.utf8)
            if abstract { bytes[0] = 0 }
            withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
            let length = MemoryLayout<sa_family_t>.size + bytes.count + (abstract ? 0 : 1)
            let bound = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(length))
                }
            }
            try #require(bound == 0)
        }

        deinit {
            close(descriptor)
            if !name.hasPrefix("@") { unlink(name) }
        }

        /// Every datagram waiting now.
        func drain() -> [String] {
            var messages: [String] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = buffer.withUnsafeMutableBytes {
                    recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT))
                }
                guard count > 0 else { return messages }
                messages.append(String(decoding: buffer[..<count], as: UTF8.self))
            }
        }

        /// The datagrams received until they satisfy `done`, or `seconds` have passed.
        func receive(for seconds: Int = 60, until done: ([String]) -> Bool) async throws -> [String] {
            var messages: [String] = []
            for _ in 0..<(seconds * 20) {
                messages += drain()
                if done(messages) { return messages }
                try await Task.sleep(for: .milliseconds(50))
            }
            return messages
        }
    }

    /// READY=1 once the store and credentials are loaded, WATCHDOG=1 every half of WATCHDOG_USEC while it waits, and
    /// STOPPING=1 on SIGTERM; it exits 0.
    @Test(arguments: [false, true])
    func theSenderTellsTheServiceManagerReadyAliveAndStopping(abstract: Bool) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let socket = try NotifySocket(abstract: abstract)
        let configuration = directory.appending("dispatch.json").path
        // Nothing is due, so nothing is sent: the endpoints are never asked.
        try """
        {"database": "\(directory.appending("push.sqlite").path)",
         "apns": {"topic": "app.growbro", "bearerToken": "apns-test", "endpoint": "https://127.0.0.1:9"},
         "idleCheckSeconds": 0.1}
        """.write(toFile: configuration, atomically: true, encoding: .utf8)
        var environment = ProcessInfo.processInfo.environment
        environment["NOTIFY_SOCKET"] = socket.name
        environment["WATCHDOG_USEC"] = "200000"
        let child = try ChildProcess(
            DispatchCommandTests.program, arguments: ["dispatch", configuration], environment: environment)
        defer { child.terminate() }
        let first = try await socket.receive { $0.contains { $0.contains("READY=1") } }
        #expect(first.first?.hasPrefix("READY=1") == true, "\(first)")
        try await Self.expectPingsThenStopping(socket: socket, child: child, after: first)
    }

    /// After READY=1 (`first`): a ping every 0.1 s while the service is idle, four more however loaded the machine
    /// (a service that pinged only at its start would send none); then SIGTERM: exit 0, STOPPING=1 last, and
    /// nothing but pings between.
    static func expectPingsThenStopping(
        socket: NotifySocket, child: ChildProcess, after first: [String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let middle = try await socket.receive { $0.count >= 4 }
        await child.kill(SIGTERM)
        #expect(await child.waitForExit() == 0, sourceLocation: sourceLocation)
        let all = first + middle + socket.drain()
        #expect(middle.count >= 4, "\(middle)", sourceLocation: sourceLocation)
        #expect(all.last?.hasPrefix("STOPPING=1") == true, "\(all.suffix(3))", sourceLocation: sourceLocation)
        #expect(Set(all.dropFirst().dropLast()) == ["WATCHDOG=1"], "\(Set(all))", sourceLocation: sourceLocation)
    }

    /// `wavepush serve` alike: READY=1 once the store, the keys and the listener are up (a request sent as soon as
    /// it comes is answered), WATCHDOG=1 while no request is stuck, STOPPING=1 on SIGTERM before the graceful stop.
    @Test
    func theAPITellsTheServiceManagerReadyAliveAndStopping() async throws {
        let directory = try TemporaryDirectory("serve-notify")
        defer { directory.remove() }
        let socket = try NotifySocket(abstract: false)
        var environment = ProcessInfo.processInfo.environment
        environment["NOTIFY_SOCKET"] = socket.name
        environment["WATCHDOG_USEC"] = "200000"
        let child = try ChildProcess(
            DispatchCommandTests.program, arguments: ["serve", try ServeCommandTests.configuration(in: directory)],
            environment: environment)
        defer { child.terminate() }
        let first = try await socket.receive { $0.contains { $0.contains("READY=1") } }
        let ready = try #require(first.first)
        #expect(ready.hasPrefix("READY=1\nSTATUS=serving on 127.0.0.1:"), "\(first)")
        let port = try #require(ready.firstMatch(of: /127\.0\.0\.1:(\d+)/).flatMap { Int($0.1) })
        let url = try #require(URL(string: "http://127.0.0.1:\(port)/v1/ready"))
        let (_, response) = try await URLSession.shared.data(from: url)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        try await Self.expectPingsThenStopping(socket: socket, child: child, after: first)
    }
}

/// The watchdog's decision on a manual clock: it pings while the sender waits or sends briefly, withholds the ping
/// once a round has lasted the timeout (reporting it once), and pings again when the round ends.
struct ServiceWatchdogTests {
    @Test
    func aRoundLongerThanTheTimeoutStopsThePingsUntilItEnds() async throws {
        let start = Date(timeIntervalSince1970: 1_781_884_800)
        let clock = ManualWaveClock(now: start)
        let activity = WaveLock(ServiceWatchdog.Activity.idle)
        let pings = WaveLock(0)
        let stuck = WaveLock<[Duration]>([])
        let watchdog = ServiceWatchdog(
            ping: { pings.withLock { $0 += 1 } }, clock: clock, interval: .seconds(5), timeout: .seconds(10),
            activity: { activity.withLock { $0 } }, onStuck: { lasted in stuck.withLock { $0.append(lasted) } })
        watchdog.start()
        #expect(pings.withLock { $0 } == 1)
        await clock.advance(by: .seconds(5))
        #expect(pings.withLock { $0 } == 2)
        activity.withLock { $0 = .busy(since: clock.now) }
        await clock.advance(by: .seconds(5))  // 5 s into the round: alive
        #expect(pings.withLock { $0 } == 3)
        await clock.advance(by: .seconds(5))  // 10 s: stuck
        await clock.advance(by: .seconds(5))  // 15 s: still stuck, reported once
        #expect(pings.withLock { $0 } == 3)
        #expect(stuck.withLock { $0 } == [.seconds(10)])
        activity.withLock { $0 = .idle }
        await clock.advance(by: .seconds(5))
        #expect(pings.withLock { $0 } == 4)
        watchdog.stop()
        await clock.advance(by: .seconds(60))
        #expect(pings.withLock { $0 } == 4)
        #expect(!ServiceWatchdog.isHealthy(.stopped, now: start, timeout: .seconds(10)))
    }
}
